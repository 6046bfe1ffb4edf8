#include "analysis/training/probcut_fit.hpp"

#include <tbb/enumerable_thread_specific.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <cmath>

#include "analysis/estimate/estimate.hpp"
#include "analysis/parallel_each.hpp"

namespace reversi::eval {

namespace {

// Per position and depth: deep - shallow, in units.
struct Differences {
  std::vector<int> by_depth;
  std::uint64_t nodes = 0;
};

}  // namespace

ProbCutFit fit_probcut(const std::vector<Position>& positions, const ProbCutFitRequest& request) {
  const Rules rules(8);
  const int depths = request.max_depth - request.min_depth + 1;
  std::vector<Differences> found(positions.size());
  tbb::enumerable_thread_specific<Estimator> estimators;
  tbb::task_arena arena(std::max(1, request.threads));
  arena.execute([&] {
    parallel_each(positions.size(), [&](std::size_t i) {
      Estimator& estimator = estimators.local();
      EstimateRequest er{.rules = rules, .root = positions[i], .patterns = request.patterns};
      const auto value_at = [&](int depth) {
        er.depth = depth;
        const EstimateResult r = estimator.estimate(er);
        found[i].nodes += r.nodes;
        return r.value;
      };
      std::vector<int> values(static_cast<std::size_t>(request.max_depth + 1), 0);
      for (int d = 1; d <= request.max_depth; ++d)
        values[static_cast<std::size_t>(d)] = value_at(d);
      for (int d = request.min_depth; d <= request.max_depth; ++d)
        found[i].by_depth.push_back(values[static_cast<std::size_t>(d)] -
                                    values[static_cast<std::size_t>(probcut_shallow_depth(d))]);
    });
  });
  ProbCutFit fit;
  fit.sigma.assign(static_cast<std::size_t>(depths),
                   std::vector<int>(static_cast<std::size_t>(request.bands), 0));
  fit.count.assign(static_cast<std::size_t>(depths),
                   std::vector<std::size_t>(static_cast<std::size_t>(request.bands), 0));
  std::vector<std::vector<double>> sum_squares(
      static_cast<std::size_t>(depths),
      std::vector<double>(static_cast<std::size_t>(request.bands)));
  std::vector<std::vector<double>> sums = sum_squares;
  for (std::size_t i = 0; i < positions.size(); ++i) {
    const int band =
        std::clamp((rules.empties(positions[i]) - 1) / request.band_empties, 0, request.bands - 1);
    const auto b = static_cast<std::size_t>(band);
    for (std::size_t d = 0; d < found[i].by_depth.size(); ++d) {
      const double x = found[i].by_depth[d];
      sums[d][b] += x;
      sum_squares[d][b] += x * x;
      ++fit.count[d][b];
    }
    fit.nodes += found[i].nodes;
  }
  for (std::size_t d = 0; d < fit.sigma.size(); ++d)
    for (std::size_t b = 0; b < fit.sigma[d].size(); ++b) {
      const auto n = static_cast<double>(fit.count[d][b]);
      if (n < 2) continue;
      const double mean = sums[d][b] / n;
      const double variance = std::max(0.0, sum_squares[d][b] / n - mean * mean);
      // The spread around zero, not around the mean: a bias is part of the error ProbCut risks.
      fit.sigma[d][b] = static_cast<int>(std::lround(std::sqrt(variance + mean * mean)));
    }
  return fit;
}

}  // namespace reversi::eval
