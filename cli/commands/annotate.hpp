// `reversi annotate` as a function, for the benchmarks.
#pragma once

#include <string>
#include <vector>

#include "cli/batch/counts.hpp"

namespace reversi::cli {

// What one run of annotate got through.
struct AnnotateFigures : GameCounts {
  long annotated = 0;
  long exact_moves = 0;
  long theoretical_checked = 0;
  long theoretical_differing = 0;
};

// `reversi annotate ARGS`; the exit status, and the totals in `figures` when it is not null.
int run_annotate_with_figures(const std::vector<std::string>& args, AnnotateFigures* figures);

}  // namespace reversi::cli
