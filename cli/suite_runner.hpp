// The OBF suite loop shared by `reversi solve --obf` and `reversi bench ffo`: each position
// solved on its own, with a progress line, and checked against the scores its line lists.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "analysis/solver/search.hpp"
#include "analysis/solver/solve_suite.hpp"
#include "cli/output/solve.hpp"
#include "cli/signals.hpp"

namespace reversi::cli {

// One solved suite position: its result and what differs from the listed scores ("" when it
// agrees or nothing was checked).
struct SuiteResult {
  const ObfPosition& entry;
  const SolveResult& result;
  std::string problem;
};

// Solves every position of `suite` with `base` (its root replaced, the table cleared before
// each, so each position's figures stand alone) and calls `on_result` after each. The scores are
// checked unless `base.wld`. Stops after the position during which Ctrl-C came; returns false
// then.
bool solve_suite(Solver& solver, const std::vector<ObfPosition>& suite, const SolveRequest& base,
                 bool force_progress, const InterruptGuard& interrupt,
                 const std::function<void(const SuiteResult&)>& on_result);

}  // namespace reversi::cli
