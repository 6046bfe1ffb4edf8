// ProbCut's fitted margins: how far a shallow search's value may stray from the deep one's, per
// depth and game stage, and the depth of that shallow search (declared in analysis/estimate.hpp).
#include <algorithm>
#include <array>

#include "analysis/estimate.hpp"

namespace reversi {

bool is_selectivity_level(int confidence) {
  return std::find(selectivity_levels.begin(), selectivity_levels.end(), confidence) !=
         selectivity_levels.end();
}

// One standard deviation of (deep - shallow), in units, per deep depth from probcut_min_depth
// and per band of probcut_band_empties empties (band 0: 1-10 empties), as printed by `reversi
// train --wthor WTHOR_FOLDER --fit-probcut 1000` on the shipped weights with exact labels up
// to 16 empties (778 positions; band 0 had none and copies band 1).
// clang-format off
constexpr int probcut_bands = 6;
constexpr int probcut_band_empties = 10;
constexpr int probcut_max_fitted_depth = 10;
constexpr std::array<std::array<int, probcut_bands>, probcut_max_fitted_depth - probcut_min_depth + 1>
    probcut_sigmas = {{
    {{ 475, 475, 359, 338, 368, 271 }},  // depth 3
    {{ 447, 447, 311, 308, 302, 242 }},
    {{ 431, 431, 382, 261, 286, 299 }},
    {{ 365, 365, 270, 227, 203, 170 }},
    {{ 566, 566, 423, 300, 321, 265 }},
    {{ 415, 415, 389, 254, 229, 183 }},
    {{ 392, 392, 319, 239, 221, 212 }},
    {{ 420, 420, 313, 237, 212, 143 }},  // depth 10
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
