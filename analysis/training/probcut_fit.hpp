// Fitting ProbCut's margins: how far a deep search's value strays from a shallow one's, per deep
// depth and band of empties, measured with the full-width estimator on real positions.
#pragma once

#include <cstdint>
#include <vector>

#include "core/rules.hpp"

namespace reversi::eval {

class PatternEvaluator;

struct ProbCutFitRequest {
  int min_depth = 3;
  int max_depth = 10;
  int band_empties = 10;  // the width of a band of empties
  int bands = 6;
  int threads = 1;  // positions in parallel; the fit does not depend on it
  const PatternEvaluator* patterns = nullptr;
};

struct ProbCutFit {
  // sigma[d - min_depth][band]: one standard deviation of (deep - shallow), estimate units;
  // 0 where no position fell in the band.
  std::vector<std::vector<int>> sigma;
  std::vector<std::vector<std::size_t>> count;
  std::uint64_t nodes = 0;
};

// `positions` are 8x8 positions with a move for the mover, under the standard rules.
ProbCutFit fit_probcut(const std::vector<Position>& positions, const ProbCutFitRequest& request);

}  // namespace reversi::eval
