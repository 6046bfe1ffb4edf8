// `reversi annotate` as a function, for the benchmarks.
#pragma once

#include <string>
#include <vector>

#include "cli/batch/counts.hpp"
#include "cli/cluster/farm.hpp"

namespace reversi::cli {

// What one run of annotate got through.
struct AnnotateFigures : GameCounts {
  long annotated = 0;
  long exact_moves = 0;
  long theoretical_checked = 0;
  long theoretical_differing = 0;
};

// `reversi annotate ARGS` in `context`; the exit status, and the totals in `figures` when it is
// not null.
int run_annotate_with_figures(const std::vector<std::string>& args, const cluster::Context& context,
                              AnnotateFigures* figures);

}  // namespace reversi::cli
