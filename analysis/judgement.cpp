#include "analysis/judgement.hpp"

#include <algorithm>
#include <array>

#include "analysis/estimate/estimate.hpp"

namespace reversi {

namespace {

// Measured by `reversi bench eval --file WTH_2000.wtb --games 400 --mistakes --threads 2` with the
// weights and depths of 2026-12-06 (its "margins" lines; 3,513 played moves at 15-23 empties,
// WTH_2019 kept for validation): per band, the smallest margin at which 95% of the moves called
// mistakes really lose 2 discs or more.
constexpr std::array<MarginBand, 3> margins_8x8 = {{
    {15, 17, 375},
    {18, 20, 550},
    {21, 23, 475},
}};

}  // namespace

std::span<const MarginBand> shipped_margins() {
  return margins_8x8;
}

std::optional<int> loss_margin(eval::WeightsGame game, int empties) {
  if (game != eval::WeightsGame::standard_8x8) return std::nullopt;
  const std::span<const MarginBand> table = shipped_margins();
  for (const MarginBand& b : table)
    if (empties <= b.max_empties) return b.margin;
  return table.back().margin;
}

Call call_of(int loss, int margin) {
  const int sure = loss - margin;
  if (sure >= blunder_discs * estimate_units_per_disc) return Call::blunder;
  if (sure >= mistake_discs * estimate_units_per_disc) return Call::mistake;
  return Call::none;
}

bool worth_proving(int estimated_loss, std::span<const Square> preferred, Square played) {
  return estimated_loss >= min_estimated_loss_to_prove && !preferred.empty() &&
         std::find(preferred.begin(), preferred.end(), played) == preferred.end();
}

Judgement judge_exact(int loss_discs) {
  const int loss = loss_discs * estimate_units_per_disc;
  return {loss, true, 0, call_of(loss, 0)};
}

Judgement judge_estimate(int loss, std::optional<int> margin, std::optional<int> proven_discs) {
  Judgement j{loss, false, margin, margin ? call_of(loss, *margin) : Call::none};
  if (!proven_discs) return j;
  const int proven = *proven_discs * estimate_units_per_disc;
  const Call sure = call_of(proven, 0);
  j.loss = std::max(loss, proven);
  if (sure >= j.call && sure != Call::none) {
    j.call = sure;
    j.proven = true;
  }
  return j;
}

}  // namespace reversi
