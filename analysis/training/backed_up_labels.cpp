#include "analysis/training/backed_up_labels.hpp"

#include <tbb/enumerable_thread_specific.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <cmath>

#include "analysis/estimate/estimate.hpp"
#include "analysis/eval/patterns.hpp"
#include "analysis/parallel_each.hpp"

namespace reversi::eval {

int backup_depth(int empties, int phase, int solve_empties, int max_depth) {
  const int below_phase = empties - empties_per_phase * phase;
  return std::max(below_phase, std::min(empties - solve_empties, max_depth));
}

BackedUp back_up_phase(const std::vector<Sample>& samples, int phase,
                       const PatternEvaluator& fitted, const BackUpRequest& request) {
  const Rules& rules = request.rules;
  const PatternSet& set = PatternSet::of_size(rules.size());
  const auto empties_of = [&](const Sample& s) {
    return popcount(set.playable() & ~(s.player | s.opponent));
  };
  BackedUp out;
  for (const Sample& s : samples)
    if (set.phase(empties_of(s)) == phase) out.samples.push_back(s);
  const long squares = popcount(set.playable());
  std::atomic<std::uint64_t> nodes{0};
  tbb::enumerable_thread_specific<Estimator> estimators([] { return Estimator(); });
  tbb::task_arena arena(std::max(1, request.threads));
  arena.execute([&] {
    parallel_each(out.samples.size(), [&](std::size_t i) {
      Sample& s = out.samples[i];
      Position root;
      root.player = s.player;
      root.opponent = s.opponent;
      const int depth =
          backup_depth(empties_of(s), phase, request.solve_empties, request.max_depth);
      const EstimateResult r = estimators.local().estimate({.rules = rules,
                                                            .root = root,
                                                            .depth = depth,
                                                            .selectivity = full_width,
                                                            .stop = request.stop,
                                                            .patterns = &fitted});
      const long discs = std::lround(static_cast<double>(r.value) / estimate_units_per_disc);
      s.target = static_cast<std::int8_t>(std::clamp(discs, -squares, squares));
      nodes += r.nodes;
    });
  });
  out.nodes = nodes.load();
  return out;
}

}  // namespace reversi::eval
