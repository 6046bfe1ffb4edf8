// Annotation of a whole game: what happened at each move, where the game was decided, who erred
// and by how much. Pure: a game record and its validation in, an Annotation out; no printing,
// no JSON (cli/annotate_output.cpp renders it).
//
// Values are margins for the side to move before the move (the mover), under the rules' scoring
// convention (Rules::scoring(); anti-reversi counts the other way, see margin() in
// core/rules.hpp):
//   - exact values, from the solver, for positions with at most `exact_empties` empty squares;
//     in discs;
//   - estimates, from a depth-limited search with a heuristic evaluation
//     (analysis/estimate/estimate.hpp), for the other positions; in hundredths of a disc of an
//     estimated margin.
// The two never mix: a move carries one or the other. The loss of a move is the best value less
// the value of the move played (never negative); its judgement (analysis/judgement.hpp) calls it
// a mistake or a blunder, an estimated loss only beyond the error margin of its phase, and the
// summary counts the calls per side rather than adding estimates up.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "analysis/estimate/estimate.hpp"
#include "analysis/judgement.hpp"
#include "analysis/solver/search.hpp"
#include "core/game.hpp"
#include "core/openings.hpp"
#include "core/records/record.hpp"
#include "core/records/validate.hpp"

namespace reversi {

// The deepest exact horizon that keeps a whole database above 33.8 games a second on two cores
// (issue 27's floor; 18 empties: 23 games/s); the estimates carry the game above it
// (docs/benchmarks.md, "The exact horizon at 17 empties").
inline constexpr int default_exact_empties = 17;
// Beyond this an exact solve of a game position takes hours.
inline constexpr int max_exact_empties = 40;
inline constexpr std::size_t default_annotate_hash_mb = 64;

// When to compare a WTHOR record's stored theoretical score with the solver's.
enum class TheoreticalCheck {
  when_exact,  // when the header's depth is within the exact analysis (the value is then free)
  always,      // always, solving the position at that depth if need be (slow at 24 empties)
  never,
};

// A position's move values computed beforehand (the game database's book, reversi db book):
// estimate units per legal move from a full-width search of `depth` plies.
struct StoredEstimate {
  int depth = 0;
  std::vector<std::pair<Square, int>> moves;
};
// Looks a position up; called from several threads at once, so it must only read.
using StoredEstimates = std::function<std::optional<StoredEstimate>(const Position&)>;

class EstimateMemo;  // analysis/estimate_memo.hpp

struct AnnotateOptions {
  int exact_empties = default_exact_empties;
  int estimate_depth = default_estimate_depth;
  int estimate_selectivity = default_selectivity;
  // Threads inside one exact solve, for solves with at least parallel_solve_empties empties.
  int solver_threads = 1;
  int parallel_solve_empties = 18;
  TheoreticalCheck theoretical = TheoreticalCheck::when_exact;
  // Set from another thread to stop early; the annotation is then marked incomplete.
  const std::atomic<bool>* stop = nullptr;
  // The learned 8x8 evaluation for estimates and the solver's ordering; nullptr: the shipped one.
  const eval::PatternEvaluator* patterns = nullptr;
  // Named openings (data/openings): 8x8 games from the standard start get their names; nullptr:
  // none.
  const OpeningBook* openings = nullptr;
  // Positions before the exact zone whose values are stored are not searched; nullptr: none.
  const StoredEstimates* stored = nullptr;
  // The estimates of the run's other games, shared by its workers; nullptr: every position is
  // searched. Either way the values are the same.
  EstimateMemo* memo = nullptr;
};

// The engines one worker reuses from game to game: the solver's table makes the consecutive
// positions of a game cheap. Values never depend on what the engines saw before.
struct AnnotateEngines {
  explicit AnnotateEngines(std::size_t hash_mb = default_annotate_hash_mb) : solver(hash_mb) {}
  Solver solver;
  Estimator estimator;
};

// Exact values of a position and of the move played there, for the mover, in discs.
struct ExactValues {
  int value = 0;             // the position's value: the best move's
  int played = 0;            // the value of the move played (the pass's, for a pass)
  std::vector<Square> best;  // every move of best value, in square order; empty for a pass
  int loss() const { return value - played; }
};

// Just above the exact zone the move played has an exact value (the position after it is
// solved): one exact solve of a move the estimate prefers, when it proves that move better, gives
// a lower bound on the loss that needs no error margin. Values for the mover, in discs.
struct ProvenAlternative {
  Square move = no_square;
  int value = 0;   // the alternative's exact value
  int played = 0;  // the move played's exact value, below `value`
  int loss() const { return value - played; }
};

// Estimates of the same, in estimate units (hundredths of a disc), at depth `depth`.
struct EstimatedValues {
  int value = 0;
  int played = 0;
  std::vector<Square> best;
  std::optional<ProvenAlternative> proven;
  int depth = 0;
  int selectivity = full_width;  // ProbCut confidence in percent; 100: full width
  bool stored = false;           // read from AnnotateOptions::stored, not searched
  int loss() const { return value - played; }
};

struct MoveAnnotation {
  int number = 0;  // 1-based place in the game, passes included
  Color side = Color::dark;
  Square square = no_square;  // no_square for a pass
  bool inferred = false;      // a forced pass the record did not write
  Bits flipped = 0;
  Tally after;                    // discs after the move
  int empties = 0;                // empty squares before the move
  Bits legal = 0;                 // the mover's legal moves before the move
  std::array<int, 2> mobility{};  // legal moves of dark and light before the move
  std::optional<ExactValues> exact;
  std::optional<EstimatedValues> estimate;
  std::optional<Judgement> judgement;  // for a move (not a pass) with a value
  std::optional<std::string> opening;  // the name of the position the move reaches, if named
  bool is_pass() const { return square == no_square; }
};

// The position at the end of the record when the game is not over (an unfinished record, an OBF
// line): its value and best moves, exact or estimated.
struct EndAnnotation {
  int empties = 0;
  Bits legal = 0;
  std::optional<ExactValues> exact;  // played = value; nothing was played
  std::optional<EstimatedValues> estimate;
};

struct SideSummary {
  int exact_loss = 0;    // discs, over the side's exactly analysed moves
  int exact_moves = 0;   // moves (not passes) analysed exactly
  int exact_errors = 0;  // of which with a loss
  int estimate_moves = 0;
  int mistakes = 0;  // moves called mistakes (exact or estimated), blunders apart
  int blunders = 0;
};

// A value for dark, and the outcome it means: > 0 dark wins, < 0 light wins, 0 a draw.
struct DarkValue {
  int value = 0;
  int outcome() const { return value > 0 ? 1 : value < 0 ? -1 : 0; }
};

// The last move after which perfect play no longer gives the same outcome.
struct TurningPoint {
  int move_number = 0;
  Color side = Color::dark;
  Square square = no_square;
  DarkValue before;
  DarkValue after;
};

// A WTHOR record's stored theoretical score beside the solver's: black's discs with perfect play
// from the position with `depth` empties, winner takes empties.
struct TheoreticalComparison {
  int depth = 0;
  int stored = 0;
  bool checked = false;  // the solver's score was computed
  bool reached = false;  // the game reached `depth` empties (else its final score stands)
  std::optional<int> solver;
  std::uint64_t nodes = 0;  // the solver's work for the check (0 when the value was free)
  bool differs() const { return solver && *solver != stored; }
};

struct FinalResult {
  bool finished = false;  // the game is over
  Tally discs;
  // Dark's margin under each convention (anti-reversi counted the other way); when finished.
  std::optional<int> dark_count;
  std::optional<int> dark_winner;
};

// The searches behind one annotation, by what each asked: how many, and their nodes (which
// depend on what the engines' tables held before). `reversi bench annotate work` adds them up.
struct AnnotationWork {
  struct Part {
    long searches = 0;
    std::uint64_t nodes = 0;
    void add(std::uint64_t n) {
      ++searches;
      nodes += n;
    }
    Part& operator+=(const Part& other) {
      searches += other.searches;
      nodes += other.nodes;
      return *this;
    }
  };
  Part given_played;    // exact: a position's value, given the value of the move played there
  Part after_better;    // exact: the value and every move worth it, once a better move is found
  Part proof;           // exact: the estimate's move just above the exact zone (a proven loss)
  Part final_position;  // exact: the record's last position, when the game is not over
  Part estimates;       // the searches above the exact zone
  Part reused;          // estimates read from the run's memo (EstimateMemo): no search, no node
  // Solver and estimator work in all.
  std::uint64_t nodes() const {
    return given_played.nodes + after_better.nodes + proof.nodes + final_position.nodes +
           estimates.nodes;
  }
  AnnotationWork& operator+=(const AnnotationWork& other) {
    given_played += other.given_played;
    after_better += other.after_better;
    proof += other.proof;
    final_position += other.final_position;
    estimates += other.estimates;
    reused += other.reused;
    return *this;
  }
};

struct Annotation {
  FinalResult result;
  int moves_played = 0;  // squares played
  int passes = 0;        // passes, written or inferred
  std::vector<MoveAnnotation> moves;
  std::optional<EndAnnotation> end;
  std::array<SideSummary, 2> sides{};    // indexed by index(Color)
  std::optional<int> exact_from;         // number of the first move analysed exactly
  std::optional<DarkValue> exact_start;  // the value when the exact analysis begins
  std::optional<TurningPoint> turning_point;
  std::optional<TheoreticalComparison> theoretical;
  // The deepest named opening the game passed through, and the move that reached it.
  std::optional<std::string> opening;
  std::optional<int> opening_move;
  bool complete = true;  // false when stopped
  AnnotationWork work;
};

// Annotates a game that validate() did not find invalid (a valid or unfinished record).
Annotation annotate(const records::GameRecord& record, AnnotateEngines& engines,
                    const AnnotateOptions& options);

// The WTHOR theoretical check alone: the solver's score at the header's depth beside the stored
// one. Nullopt for records without WTHOR data. Solves with a narrow window around the stored
// score first, which proves agreement cheaply; otherwise solves again for the exact value.
std::optional<TheoreticalComparison> check_theoretical(const records::GameRecord& record,
                                                       Solver& solver,
                                                       const AnnotateOptions& options);

}  // namespace reversi
