// Which moves to call mistakes, and with what confidence. An exact loss is called as it is; an
// estimated loss is called only by what exceeds the error margin that `reversi bench eval
// --mistakes` measured for its phase (the table in judgement.cpp), so that a called move really
// loses what it is called for with high confidence. Pure: no search here.
#pragma once

#include <optional>
#include <span>

#include "analysis/eval/weights.hpp"
#include "core/geometry.hpp"

namespace reversi {

// A mistake gives away at least this many discs; a blunder at least blunder_discs.
inline constexpr int mistake_discs = 2;
inline constexpr int blunder_discs = 6;

enum class Call { none, mistake, blunder };

// The error margin of the estimated losses in one band of empties, in estimate units (hundredths
// of a disc): the smallest at which margin_precision percent of the moves called mistakes really
// lose mistake_discs or more.
struct MarginBand {
  int min_empties = 0;
  int max_empties = 0;
  int margin = 0;
};

// Just above the exact zone annotate solves the estimate's preferred move when the move played
// is estimated to lose at least this much (estimate units): a proof of a smaller loss would call
// nothing, and the solve costs as much as the position after it.
inline constexpr int min_estimated_loss_to_prove = 200;

// Whether annotate solves the estimate's preferred move to prove a loss (just above the exact
// zone): the move played is not among the preferred moves and is estimated to lose enough.
bool worth_proving(int estimated_loss, std::span<const Square> preferred, Square played);

// The confidence of the shipped margins, in percent.
inline constexpr int margin_precision = 95;

// The shipped table, ordered by empties, measured on the 8x8 pattern evaluation at annotate's
// default depth and selectivity (docs/benchmarks.md says how).
std::span<const MarginBand> shipped_margins();

// The margin of a position with `empties` empty squares; the nearest band outside the table.
// Nullopt for games whose evaluation the table was not measured on.
std::optional<int> loss_margin(eval::WeightsGame game, int empties);

// What a move's loss amounts to: the loss and margin in estimate units (an exact loss of n discs
// is n * estimate_units_per_disc with margin 0).
struct Judgement {
  int loss = 0;
  bool exact = false;
  std::optional<int> margin;  // nullopt: no margin known, the estimate is not called
  Call call = Call::none;
  bool proven = false;  // the call rests on exact values (a proven lower bound on the loss)
};

// Calls by the loss less the margin: at least mistake_discs a mistake, blunder_discs a blunder.
Call call_of(int loss, int margin);
Judgement judge_exact(int loss_discs);
// `proven_discs`: a lower bound on the loss proven by exact values (a better move's and the move
// played's), which is called with no margin and raises the loss to at least itself.
Judgement judge_estimate(int loss, std::optional<int> margin,
                         std::optional<int> proven_discs = std::nullopt);

}  // namespace reversi
