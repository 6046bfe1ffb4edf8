// Puzzles about what can happen by move N: wipeouts, games over, disc counts.
//
// A move places one disc. A pass is not a move: it takes no number, so "by move 9" means
// "within the first nine discs placed", passes in between free. With the free-centre start
// the four centre placements are moves 1-4 unless the request says otherwise; then move 1 is
// the first move after them. A game stops as soon as the goal holds (a wipeout ends the game
// anyway), so every sequence counted here reaches the goal exactly once, at its last move.
//
// The search never prints: a request comes in, a result goes out, progress goes to a callback.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/rules.hpp"

namespace reversi {

enum class PuzzleGoalKind : std::uint8_t {
  wipeout,  // one side turns every disc of the other
  end,      // the game is over (neither side can move)
  discs,    // a side has at least `at_least` discs on the board
};
std::string goal_kind_name(PuzzleGoalKind k);  // "wipeout" / "end" / "discs"

struct PuzzleGoal {
  PuzzleGoalKind kind = PuzzleGoalKind::wipeout;
  // wipeout: the side that wipes out the other; discs: whose discs count. Unset: either side.
  std::optional<Color> side;
  int at_least = 0;  // discs only
};

struct PuzzleProgress {
  const char* phase = "";  // "searching", "counting", "forcing"
  int moves = 0;           // the move budget being searched, in the request's numbering
  std::uint64_t tasks_done = 0;
  std::uint64_t tasks_total = 0;
};

struct PuzzleRequest {
  Rules rules;
  PuzzleGoal goal;
  int by = 0;  // the goal must hold by this move
  // Free-centre start only: true when the four placements are moves 1-4.
  bool placements_are_moves = true;
  // When the goal cannot be reached by `by`, look this many moves further for the earliest.
  int beyond = 4;
  bool count = false;          // count the sequences (exists mode)
  std::size_t list_limit = 0;  // list up to this many sequences (exists mode)
  int threads = 1;
  std::size_t table_bytes = std::size_t{64} << 20;  // each transposition table
  // Called from worker threads, one call at a time.
  std::function<void(const PuzzleProgress&)> on_progress;
  // Set from another thread to stop early; the result is then marked incomplete.
  const std::atomic<bool>* stop = nullptr;
};

// The moves of a game from the start, placements included; no_square stands for a pass.
using MoveSequence = std::vector<Square>;

// How many moves of `moves` carry a number under the request's reading (passes do not).
int numbered_moves(const PuzzleRequest& request, const MoveSequence& moves);

struct FirstMoveCount {
  Square move = no_square;
  std::uint64_t sequences = 0;
};

struct PuzzleCounts {
  // Distinct move sequences that reach the goal within `by` moves (each stops there).
  std::uint64_t sequences = 0;
  // at_move[k]: the sequences that reach it exactly at move k, for k = 0..by.
  std::vector<std::uint64_t> at_move;
  // Split by the first move of the game (the first disc placed), in square order.
  std::vector<FirstMoveCount> by_first_move;
  // Classes of sequences under the symmetries that fix the start position (and the holes).
  std::uint64_t classes = 0;
  int symmetries = 1;
};

struct ExistsResult {
  bool complete = true;  // false when stopped early
  bool yes = false;      // the goal can be reached by move `by`
  // The earliest move at which it can be reached, when found within `by + beyond`.
  std::optional<int> earliest;
  int searched_to = 0;   // the largest move budget fully searched
  MoveSequence witness;  // one shortest game reaching the goal (the first in square order)
  std::optional<PuzzleCounts> counts;
  std::vector<MoveSequence> listed;  // in square order
  bool list_truncated = false;
  std::uint64_t positions = 0;  // positions visited; varies with the thread count
};

ExistsResult puzzle_exists(const PuzzleRequest& request);

// A strategy that forces the goal: the forcer's nodes have one reply, the other side's nodes
// every legal reply (a single pass when it has none).
struct StrategyNode {
  Square move = no_square;  // the move that led here; no_square for a pass (unused at the root)
  Color mover = Color::dark;
  bool goal = false;  // the goal holds here: a leaf
  std::vector<StrategyNode> next;
};

struct ForcedResult {
  Color forcer = Color::dark;
  bool complete = true;
  bool yes = false;             // the forcer can force the goal by move `by`
  std::optional<int> earliest;  // the fewest moves within which it can be forced
  // Yes: the strategy tree (root = start). Its size is the proof; the tree is left empty when
  // it has more than `max_strategy_nodes` positions.
  StrategyNode strategy;
  bool strategy_built = false;
  // Positions in the proof tree (yes) or in a refutation tree (no: every forcer move answered
  // by one reply after which the goal cannot be forced); deterministic.
  std::uint64_t proof_positions = 0;
  std::uint64_t proof_leaves = 0;
  std::uint64_t positions = 0;  // positions visited; varies with the thread count
};

inline constexpr std::uint64_t max_strategy_nodes = 200000;

ForcedResult puzzle_forced(const PuzzleRequest& request, Color forcer);

}  // namespace reversi
