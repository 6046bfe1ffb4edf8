// Exact solving: the game-theoretic value of a position with perfect play by both sides.
//
// Values are final disc margins for the side to move, under the rules' scoring convention
// (Rules::scoring(): winner takes empties by default, as in the published suites; anti-reversi
// counts the other way, see margin() in core/rules.hpp). Every board size and variant goes
// through the same search; boards up to 8x8 run on 64-bit boards, 10x10 on 128-bit ones.
//
// A Solver keeps its transposition table between calls, so solving the positions of one game
// one after the other reuses the work already done. Search never prints: progress goes to a
// callback, and a stop flag ends it early with what was proven so far.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <utility>
#include <vector>

#include "core/rules.hpp"

namespace reversi {

namespace eval {
class PatternEvaluator;
}

struct SolveProgress {
  int empties = 0;
  int alpha = -solve_infinity;  // what is known so far about the current root move
  int beta = solve_infinity;
  int test = 0;        // the null-window test under way: is the current move worth at least this?
  int moves_done = 0;  // root moves finished, out of moves_total
  int moves_total = 0;
  Square current_move = no_square;   // the root move being searched
  Square best_move = no_square;      // best so far, no_square before the first is done
  int best_value = -solve_infinity;  // a lower bound on the value once best_move is set
  std::uint64_t nodes = 0;
  double seconds = 0;
  bool principal_variation = false;  // the value is known; following the best line
};

struct SolveRequest {
  Rules rules;
  Position root;
  // Only values inside (alpha, beta) are exact; outside it the result is a bound.
  int alpha = -solve_infinity;
  int beta = solve_infinity;
  bool wld = false;        // prove only win, draw or loss: the window becomes (-1, 1)
  bool all_moves = false;  // the value of every legal move, not only the best
  // With all_moves: the first move found at or above beta ends the search, as without all_moves
  // (the value is then a lower bound, best_moves is empty and move_values holds the moves
  // searched so far). Annotate asks so when any move better than the one played is enough.
  bool stop_at_beta = false;
  // Without all_moves: best_moves holds every move worth the value, found in the same search
  // (once a move's value is exact, each later move is asked whether it reaches that value rather
  // than whether it passes it). A value outside (alpha, beta) keeps one move.
  bool tied_best = false;
  bool want_pv = true;  // follow a principal variation to the end of the game
  // A long 8x8 solve of a wide window first runs a selective search for its moves and first
  // guess (analysis/endgame/probcut.hpp); false only to compare. It changes the work, never a
  // value.
  bool selective_first = true;
  int threads = 1;
  // Called from a helper thread a few times a second, and after every root move; one call at
  // a time. Empty: no progress.
  std::function<void(const SolveProgress&)> on_progress;
  // Set from another thread (e.g. on Ctrl-C) to stop early; the result is then incomplete.
  const std::atomic<bool>* stop = nullptr;
  // The learned evaluation that orders moves at many empties (used where it was learnt for the
  // rules, analysis/estimate/estimate.hpp patterns_for); nullptr: the shipped one.
  // Ordering changes the work, never a value.
  const eval::PatternEvaluator* patterns = nullptr;
};

struct MoveValue {
  Square move = no_square;
  int value = 0;  // exact; with wld: -1 loss, 0 draw, +1 win; else clipped to the window
  int lower = -solve_infinity;  // what is proven about the move's exact value
  int upper = solve_infinity;
};

struct SolveResult {
  // Exact margin when lower == upper. With wld: -1, 0 or +1 (lower/upper say what is proven).
  int value = 0;
  int lower = -solve_infinity;
  int upper = solve_infinity;
  bool exact() const { return lower == upper; }
  bool complete = true;                // false when stopped before the end
  std::vector<Square> best_moves;      // one best move; every move of best value with all_moves
  std::vector<Square> pv;              // to the end of the game; passes as no_square
  std::vector<MoveValue> move_values;  // with all_moves: every legal move, best first
  std::uint64_t nodes = 0;
  double seconds = 0;
  bool passed = false;  // the side to move has no move: the value is after a pass
};

class Solver {
 public:
  // The table takes about hash_mb megabytes (rounded down to a power of two).
  explicit Solver(std::size_t hash_mb = 64);
  ~Solver();
  Solver(Solver&&) noexcept;
  Solver& operator=(Solver&&) noexcept;

  SolveResult solve(const SolveRequest& request);
  // Forgets everything learnt; needed only to measure a search from scratch.
  void clear();

  struct Impl;  // the tables; defined in search.cpp

 private:
  std::unique_ptr<Impl> impl_;
};

// One-off solve with a fresh table of `hash_mb` megabytes.
SolveResult solve(const SolveRequest& request, std::size_t hash_mb = 64);

}  // namespace reversi
