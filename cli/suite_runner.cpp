#include "cli/suite_runner.hpp"

#include "cli/output/progress.hpp"

namespace reversi::cli {

bool solve_suite(Solver& solver, const std::vector<ObfPosition>& suite, const SolveRequest& base,
                 bool force_progress, const InterruptGuard& interrupt,
                 const std::function<void(const SuiteResult&)>& on_result) {
  const Rules rules = base.rules;
  for (const auto& entry : suite) {
    SolveRequest req = base;
    req.root = entry.position;
    req.stop = interrupt.flag();
    ProgressLine progress(std::chrono::milliseconds(1000), force_progress);
    req.on_progress = [&](const SolveProgress& p) {
      if (progress.due()) progress.update(solve_progress_text(rules, p));
    };
    solver.clear();
    const SolveResult r = solver.solve(req);
    progress.clear();
    on_result({entry, r, base.wld ? std::string{} : check_obf(rules, entry, r)});
    if (interrupt.interrupted()) return false;
  }
  return true;
}

}  // namespace reversi::cli
