#include "cli/nboard/engines.hpp"

#include <algorithm>
#include <new>

namespace reversi::cli {

// Runs `work`; when it runs out of memory with a table larger than the fallback, says so, gives
// the solver the fallback table and runs it again, so that the GUI still gets its answer.
template <class Work>
auto NboardEngines::with_table_fallback(Work work, std::vector<std::string>& out) {
  try {
    return work();
  } catch (const std::bad_alloc&) {
    if (hash_mb_ <= fallback_hash_mb) throw;
  }
  out.push_back("status error: out of memory with the solver's table of " +
                std::to_string(hash_mb_) + " MB; it has " + std::to_string(fallback_hash_mb) +
                " MB from now on");
  hash_mb_ = fallback_hash_mb;
  engines_.solver = Solver(fallback_hash_mb);
  return work();
}

std::vector<ValuedMove> NboardEngines::moves(const Rules& rules, const Position& p,
                                             const NboardSettings& settings, bool every_move,
                                             std::uint64_t& nodes, std::vector<std::string>& out) {
  return with_table_fallback(
      [&] {
        nodes = 0;
        return rules.empties(p) <= settings.exact_empties
                   ? exact(rules, p, settings, every_move, nodes)
                   : estimated(rules, p, settings, every_move, nodes);
      },
      out);
}

Annotation NboardEngines::annotate(const records::GameRecord& game, const NboardSettings& settings,
                                   std::vector<std::string>& out) {
  AnnotateOptions options;
  options.exact_empties = settings.exact_empties;
  options.estimate_depth = settings.depth;
  options.solver_threads = settings.threads;
  options.theoretical = TheoreticalCheck::never;
  return with_table_fallback([&] { return reversi::annotate(game, engines_, options); }, out);
}

std::vector<ValuedMove> NboardEngines::exact(const Rules& rules, const Position& p,
                                             const NboardSettings& settings, bool every_move,
                                             std::uint64_t& nodes) {
  SolveRequest request;
  request.rules = rules;
  request.root = p;
  request.all_moves = every_move;
  request.threads = settings.threads;
  const SolveResult r = engines_.solver.solve(request);
  nodes += r.nodes;
  std::vector<ValuedMove> out;
  if (every_move && rules.legal_moves(p) != 0) {
    for (const auto& mv : r.move_values)
      out.push_back(ValuedMove{mv.move, mv.value * 100, true, 0, {mv.move}});
    // Equal values in square order: the same list whatever order the solver used.
    std::sort(out.begin(), out.end(), [](const ValuedMove& a, const ValuedMove& b) {
      return a.value_hundredths != b.value_hundredths ? a.value_hundredths > b.value_hundredths
                                                      : a.move < b.move;
    });
    if (!r.pv.empty() && r.pv.front() == out.front().move) out.front().pv = r.pv;
    return out;
  }
  const Square best = r.best_moves.empty() ? no_square : r.best_moves.front();
  out.push_back(
      ValuedMove{best, r.value * 100, true, 0, r.pv.empty() ? std::vector<Square>{best} : r.pv});
  return out;
}

std::vector<ValuedMove> NboardEngines::estimated(const Rules& rules, const Position& p,
                                                 const NboardSettings& settings, bool every_move,
                                                 std::uint64_t& nodes) {
  const Bits legal = rules.legal_moves(p);
  EstimateRequest request;
  request.rules = rules;
  request.root = p;
  request.depth = settings.depth;
  std::vector<ValuedMove> out;
  if (!every_move || legal == 0) {
    const EstimateResult r = engines_.estimator.estimate(request);
    nodes += r.nodes;
    const Square best = r.best_moves.empty() ? no_square : r.best_moves.front();
    out.push_back(ValuedMove{best, r.value, false, r.depth, {best}});
    return out;
  }
  for_each_square(legal, [&](Square sq) {
    request.wanted = sq;
    const EstimateResult r = engines_.estimator.estimate(request);
    nodes += r.nodes;
    out.push_back(ValuedMove{sq, r.wanted_value.value_or(r.value), false, r.depth, {sq}});
  });
  // Equal values in square order (for_each_square went in square order).
  std::stable_sort(out.begin(), out.end(), [](const ValuedMove& a, const ValuedMove& b) {
    return a.value_hundredths > b.value_hundredths;
  });
  return out;
}

}  // namespace reversi::cli
