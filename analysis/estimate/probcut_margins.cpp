// ProbCut's fitted margins: how far a shallow search's value may stray from the deep one's, per
// depth and game stage, and the depth of that shallow search (declared in
// analysis/estimate/estimate.hpp).
#include <algorithm>
#include <array>

#include "analysis/estimate/estimate.hpp"

namespace reversi {

bool is_selectivity_level(int confidence) {
  return std::find(selectivity_levels.begin(), selectivity_levels.end(), confidence) !=
         selectivity_levels.end();
}

// One standard deviation of (deep - shallow), in units, per deep depth from probcut_min_depth
// and per band of probcut_band_empties empties (band 0: 1-10 empties), as printed by `reversi
// train --wthor WTHOR_FOLDER --fit-probcut 250` on the shipped weights (3,114 positions, 2.8 G
// nodes; band 0 had none and copies band 1).
// clang-format off
constexpr int probcut_bands = 6;
constexpr int probcut_band_empties = 10;
constexpr int probcut_max_fitted_depth = 10;
constexpr std::array<std::array<int, probcut_bands>, probcut_max_fitted_depth - probcut_min_depth + 1>
    probcut_sigmas = {{
    {{ 431, 431, 325, 319, 298, 197 }},  // depth 3
    {{ 409, 409, 325, 304, 278, 200 }},
    {{ 399, 399, 334, 271, 257, 221 }},
    {{ 372, 372, 272, 213, 190, 138 }},
    {{ 497, 497, 387, 305, 273, 230 }},
    {{ 427, 427, 336, 262, 239, 164 }},
    {{ 397, 397, 318, 257, 227, 166 }},
    {{ 418, 418, 289, 235, 208, 116 }},  // depth 10
}};
// clang-format on

int probcut_sigma(int depth, int empties) {
  const int d = std::clamp(depth, probcut_min_depth, probcut_max_fitted_depth) - probcut_min_depth;
  const int band = std::clamp((empties - 1) / probcut_band_empties, 0, probcut_bands - 1);
  return probcut_sigmas[static_cast<std::size_t>(d)][static_cast<std::size_t>(band)];
}

int probcut_shallow_depth(int depth) {
  // About half the depth, with the same parity, so that both end on the same side's move.
  int shallow = depth / 2;
  if ((depth - shallow) % 2 != 0) ++shallow;
  return std::max(1, std::min(shallow, depth - 2));
}

}  // namespace reversi
