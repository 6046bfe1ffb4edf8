#include "analysis/accuracy/estimate_accuracy.hpp"

#include <tbb/enumerable_thread_specific.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <cmath>
#include <optional>

#include "analysis/eval/weights.hpp"
#include "analysis/parallel_each.hpp"
#include "analysis/solver/search.hpp"
#include "core/game.hpp"

namespace reversi {

namespace {

int outcome(double discs) {
  const long rounded = std::lround(discs);
  return rounded > 0 ? 1 : rounded < 0 ? -1 : 0;
}

double to_discs(int units) {
  return static_cast<double>(units) / estimate_units_per_disc;
}

// The first position of the game with `empties` empty squares where the mover has a move.
std::optional<Position> position_at(const Rules& rules, const std::vector<Position>& positions,
                                    int empties) {
  for (const Position& p : positions)
    if (rules.empties(p) == empties && rules.legal_moves(p) != 0) return p;
  return std::nullopt;
}

// Per thread: the estimator under test, and the solver that replaces a reference search
// reaching the end of the game (the same value, found much faster).
struct Engines {
  Estimator estimator;
  Solver solver{exact_reference_hash_mb};
};

std::optional<AccuracySample> compare(const records::GameRecord& game,
                                      const std::vector<Position>& positions, int empties,
                                      const AccuracyRequest& req, Engines& engines) {
  Estimator& estimator = engines.estimator;
  const Rules& rules = game.rules;
  const std::optional<Position> p = position_at(rules, positions, empties);
  if (!p) return std::nullopt;
  const bool theoretical =
      game.meta.wthor && game.meta.wthor->depth == empties && game.meta.wthor->depth > 0;
  EstimateRequest er = annotation_estimate(rules, *p, req.depth, req.selectivity);
  er.stop = req.stop;
  er.patterns = req.patterns;
  const EstimateResult e = estimator.estimate(er);
  AccuracySample out;
  out.estimate = to_discs(e.value);
  out.nodes = e.nodes;
  if (theoretical) {
    const int dark = 2 * game.meta.wthor->theoretical_score - rules.geometry().cells();
    out.reference = p->to_move == Color::dark ? dark : -dark;
  } else if (reference_is_exact(req, empties)) {
    SolveRequest sr;
    sr.rules = rules;
    sr.root = *p;
    sr.want_pv = false;
    sr.stop = req.stop;
    sr.patterns = req.patterns;
    const SolveResult r = engines.solver.solve(sr);
    out.reference = r.value;
    out.reference_nodes = r.nodes;
  } else {
    er.depth = req.reference_depth;
    er.selectivity = full_width;
    const EstimateResult r = estimator.estimate(er);
    out.reference = to_discs(r.value);
    out.reference_nodes = r.nodes;
  }
  return out;
}

}  // namespace

bool reference_is_exact(const AccuracyRequest& request, int empties) {
  return request.reference_depth >= empties;
}

AccuracyPoint summarise_accuracy(int empties, bool against_theoretical,
                                 const std::vector<AccuracySample>& samples) {
  AccuracyPoint a;
  a.empties = empties;
  a.against_theoretical = against_theoretical;
  a.positions = samples.size();
  if (samples.empty()) return a;
  std::vector<double> errors;
  double signed_sum = 0;
  int wrong = 0;
  int wrong_draws = 0;
  for (const AccuracySample& x : samples) {
    errors.push_back(std::abs(x.estimate - x.reference));
    signed_sum += x.estimate - x.reference;
    if (outcome(x.estimate) != outcome(x.reference)) {
      ++wrong;
      if (outcome(x.reference) == 0) ++wrong_draws;
    }
    a.nodes += x.nodes;
    a.reference_nodes += x.reference_nodes;
  }
  const auto n = static_cast<double>(samples.size());
  double sum = 0;
  for (double e : errors) sum += e;
  a.mean_error = sum / n;
  a.bias = signed_sum / n;
  std::sort(errors.begin(), errors.end());
  const std::size_t mid = errors.size() / 2;
  a.median_error = errors.size() % 2 == 1 ? errors[mid] : (errors[mid - 1] + errors[mid]) / 2;
  a.wrong_winner = static_cast<double>(wrong) / n;
  a.wrong_on_draws = static_cast<double>(wrong_draws) / n;
  return a;
}

std::vector<AccuracyPoint> measure_accuracy(const std::vector<records::GameRecord>& games,
                                            const AccuracyRequest& request) {
  const std::size_t points = request.empties.size();
  // Per game and point: filled in parallel, summarised in game order, so threads do not matter.
  std::vector<std::vector<std::optional<AccuracySample>>> found(
      games.size(), std::vector<std::optional<AccuracySample>>(points));
  tbb::enumerable_thread_specific<Engines> engines;
  tbb::task_arena arena(std::max(1, request.threads));
  arena.execute([&] {
    parallel_each(games.size(), [&](std::size_t g) {
      const records::GameRecord& game = games[g];
      const Replay r = replay(game.rules, game.start, game.moves);
      if (!r.ok()) return;
      const std::vector<Position> positions = r.positions(game.rules);
      Engines& local = engines.local();
      for (std::size_t k = 0; k < points; ++k)
        found[g][k] = compare(game, positions, request.empties[k], request, local);
    });
  });
  std::vector<AccuracyPoint> out;
  for (std::size_t k = 0; k < points; ++k) {
    std::vector<AccuracySample> pairs;
    bool theoretical = false;
    for (std::size_t g = 0; g < games.size(); ++g) {
      if (!found[g][k]) continue;
      pairs.push_back(*found[g][k]);
      const auto& w = games[g].meta.wthor;
      theoretical = theoretical || (w && w->depth == request.empties[k]);
    }
    out.push_back(summarise_accuracy(request.empties[k], theoretical, pairs));
  }
  return out;
}

}  // namespace reversi
