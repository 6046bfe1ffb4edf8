// Estimates: a depth-limited search with a heuristic evaluation, for positions too far from the
// end of the game to solve exactly.
//
// Scale: every estimate is in hundredths of a disc (estimate_units_per_disc) of the *estimated*
// final margin for the side to move, under the rules' scoring convention: +400 reads "the mover
// should end about 4 discs ahead"; under anti-reversi, ahead means fewer discs. The evaluation is
// a linear function of a few features (mobility, potential mobility, corners, X- and C-squares
// next to empty corners, edge discs anchored on corners, discs, parity) whose weights were fitted
// by least squares to the final margins of the WTHOR games (see the [.fit] test), one set of
// weights per stage of the game. Lines that reach the end of the game inside the horizon score
// their exact margin. An estimate is a heuristic: it is never an exact value, and the annotation
// keeps the two apart.
//
// Every board size and variant goes through the same search (boards up to 8x8 on 64-bit boards,
// 10x10 on 128-bit ones). A value is the plain depth-limited minimax value of the evaluation:
// alpha-beta and the table only find it faster. The table keeps bounds only with the depth of
// the search that proved them and cuts only on bounds of the same depth, so what it remembers
// from earlier calls (under the same rules) changes the work, never the answer: an estimate
// depends only on the position, the rules and the depth.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "core/rules.hpp"

namespace reversi {

namespace eval {
class PatternEvaluator;
enum class WeightsGame : std::uint32_t;
}  // namespace eval

inline constexpr int estimate_units_per_disc = 100;
// Plies searched from the position: the moves, then depth - 1 plies of replies below each.
inline constexpr int default_estimate_depth = 6;
inline constexpr int max_estimate_depth = 30;

// The shipped pattern weights learnt the phases up to this many empties from exact values (the
// solver's, `reversi train --solve-empties`), the later ones from searches and theoretical scores.
inline constexpr int exact_label_empties = 20;
// At most this many plies beyond the asked depth to bring every leaf down to them.
inline constexpr int max_plies_to_exact_labels = 2;
// Where games are decided and few moves are left, annotate's 8x8 estimates search deeper than
// asked: at 15-24 empties two plies more err 0.5-0.8 disc less against exact values for a quarter
// more time over a whole game (docs/benchmarks.md, "Deeper where games are decided").
inline constexpr int endgame_estimate_empties = 24;
inline constexpr int endgame_extra_plies = 2;
// The depth annotate searches when asked for `asked` plies at a position with `empties` empties
// (8x8 pattern evaluation only): endgame_extra_plies more up to endgame_estimate_empties, and a
// little deeper when that lands the leaves where the evaluation learnt from perfect play (near
// the exact horizon, where its error halves).
int annotation_depth(int asked, int empties);

// Selectivity, as Edax and Logistello name it: the confidence (in percent) with which a
// probability cut (ProbCut) prunes a subtree whose shallow search lands far outside the window.
// 100 searches every move to full depth (the plain depth-limited minimax value); lower levels
// search deeper for the same work and may miss a line the shallow search misjudged.
inline constexpr int full_width = 100;
inline constexpr int default_selectivity = 87;
// The levels there are, and whether a number is one of them.
inline constexpr std::array<int, 6> selectivity_levels = {73, 87, 95, 98, 99, 100};
bool is_selectivity_level(int confidence);

struct EstimateRequest {
  Rules rules;
  Position root;
  int depth = default_estimate_depth;
  int selectivity = full_width;  // ProbCut confidence (see above); only on the pattern evaluation
  // A move whose estimate is wanted even when it is not among the best (the move played).
  Square wanted = no_square;
  // Set from another thread to stop early; the result is then marked incomplete.
  const std::atomic<bool>* stop = nullptr;
  // The values are a weighted mean of the searches at `depth`, `depth - 1` and `depth - 2` plies
  // (1, 2, 1; at depth 2 the mean of the two), which evens out the lean that alternates with the
  // depth's parity; best_moves stay those of `depth`.
  bool blend_shallower = false;
  // The learned evaluation, used where it was learnt for the rules (patterns_for); nullptr: the
  // shipped weights of the rules' pattern game.
  const eval::PatternEvaluator* patterns = nullptr;
};

// The estimate annotate gives of a position, and what `bench eval` measures: `depth` plies (a
// little deeper near the exact labels, 8x8 pattern evaluation only), ProbCut at `selectivity`,
// blended with the two depths below; the caller sets the wanted move, stop flag and weights.
EstimateRequest annotation_estimate(const Rules& rules, const Position& p, int depth,
                                    int selectivity);

struct EstimateResult {
  int value = 0;                    // the position's estimate for the side to move, in units
  std::vector<Square> best_moves;   // every move estimated at `value`, in square order
  std::optional<int> wanted_value;  // the estimate of the wanted move, when it is legal
  int depth = 0;
  int selectivity = full_width;  // what the search used (full width where ProbCut does not apply)
  std::uint64_t nodes = 0;
  bool passed = false;     // the side to move has no move: the value is after its pass
  bool game_over = false;  // the value is the exact final margin (in units)
  bool complete = true;    // false when stopped
};

// The game whose learned weights evaluate positions under these rules: 8x8 standard, 6x6
// standard and 6x6 anti-reversi without holes; none elsewhere (4x4, 10x10, holes, 8x8 anti).
std::optional<eval::WeightsGame> pattern_game(const Rules& rules);

// The pattern evaluation a search uses under these rules: `given` when it was learnt for the
// rules' pattern game, else the shipped weights of that game; nullptr where there is none, and
// the linear formula below stands.
const eval::PatternEvaluator* patterns_for(const Rules& rules, const eval::PatternEvaluator* given);

// The pattern evaluation that orders the exact solver's moves: patterns_for's, and on 6x6 boards
// with holes the weights of the same board without them.
const eval::PatternEvaluator* ordering_patterns_for(const Rules& rules,
                                                    const eval::PatternEvaluator* given);

// ProbCut: the depth of the shallow search that stands in for one of `depth` plies, and the
// spread (one standard deviation, in estimate units) of the deep value around the shallow one at
// `empties`, as `reversi train --fit-probcut` measured it on WTHOR games.
int probcut_shallow_depth(int depth);
int probcut_sigma(int depth, int empties);
inline constexpr int probcut_min_depth = 3;

// The features the evaluation weighs, for the side to move minus the other side.
enum EvalFeature : int {
  feature_mobility,
  feature_potential_mobility,
  feature_corners,
  feature_x_squares,      // diagonal neighbours of an empty corner
  feature_c_squares,      // edge neighbours of an empty corner
  feature_edge_anchored,  // edge discs joined to an own corner
  feature_discs,
  feature_parity,  // +1 when the mover would make the last move (odd empties), else -1
  feature_count
};
using EvalFeatures = std::array<int, feature_count>;

// The features of a position (not over), from the mover's side.
EvalFeatures eval_features(const Rules& rules, const Position& p);
// The stage of the game the evaluation uses: 0 (few empties) to eval_stages - 1 (opening).
inline constexpr int eval_stages = 6;
int eval_stage(int empties, int playable);
// The static evaluation of a position that is not over, in units, for the side to move.
int evaluate(const Rules& rules, const Position& p);

class Estimator {
 public:
  // The table holds 2^table_bits entries (2^14: half a megabyte on 64-bit boards; larger tables
  // miss the processor caches and measured slower).
  explicit Estimator(int table_bits = 14);
  ~Estimator();
  Estimator(Estimator&&) noexcept;
  Estimator& operator=(Estimator&&) noexcept;

  EstimateResult estimate(const EstimateRequest& request);

  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace reversi
