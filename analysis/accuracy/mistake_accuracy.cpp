#include "analysis/accuracy/mistake_accuracy.hpp"

#include <algorithm>
#include <cstdlib>

#include "analysis/accuracy/per_game.hpp"
#include "analysis/eval/weights.hpp"
#include "analysis/judgement.hpp"
#include "analysis/solver/search.hpp"
#include "core/game.hpp"

namespace reversi {

namespace {

// Enough for the solves of one game at up to about 24 empties.
constexpr std::size_t solver_hash_mb = 32;

struct Engines {
  Solver solver{solver_hash_mb};
  Estimator estimator;
};

int exact_value(Solver& solver, const Rules& rules, const Position& p, const MistakeRequest& req) {
  SolveRequest sr;
  sr.rules = rules;
  sr.root = p;
  sr.want_pv = false;
  sr.stop = req.stop;
  sr.patterns = req.patterns;
  return solver.solve(sr).value;
}

LossSample sample(const Rules& rules, const Position& p, Square played, const MistakeRequest& req,
                  Engines& e) {
  const int empties = rules.empties(p);
  EstimateRequest er = annotation_estimate(rules, p, req.depth, req.selectivity);
  er.wanted = played;
  er.stop = req.stop;
  er.patterns = req.patterns;
  const EstimateResult r = e.estimator.estimate(er);
  const int best = exact_value(e.solver, rules, p, req);
  const int after = -exact_value(e.solver, rules, rules.play(p, played), req);
  LossSample out{empties, r.value - r.wanted_value.value_or(r.value), best - after, std::nullopt};
  if (empties == req.exact_empties + 1 && worth_proving(out.estimated, r.best_moves, played)) {
    const int alternative = -exact_value(e.solver, rules, rules.play(p, r.best_moves.front()), req);
    if (alternative - after >= mistake_discs) out.proven = alternative - after;
  }
  return out;
}

std::vector<LossSample> game_samples(const records::GameRecord& game, const MistakeRequest& req,
                                     Engines& e) {
  std::vector<LossSample> out;
  if (pattern_game(game.rules) != eval::WeightsGame::standard_8x8) return out;
  const Replay r = replay(game.rules, game.start, game.moves);
  if (!r.ok()) return out;
  const std::vector<Position> positions = r.positions(game.rules);
  for (std::size_t k = 0; k < r.moves.size(); ++k) {
    const Position& p = positions[k];
    const int empties = game.rules.empties(p);
    if (r.moves[k].is_pass() || empties < req.min_empties || empties > req.max_empties) continue;
    if (popcount(game.rules.legal_moves(p)) < 2) continue;  // a forced move loses nothing
    if (req.stop != nullptr && req.stop->load()) break;
    out.push_back(sample(game.rules, p, r.moves[k].square, req, e));
  }
  return out;
}

// Margins are tried in steps of a quarter disc up to a whole board.
constexpr int margin_step = estimate_units_per_disc / 4;
constexpr int largest_margin = 64 * estimate_units_per_disc;

// The smallest margin at which at least `percent` of the moves it calls mistakes (estimated loss
// beyond the margin by mistake_discs) really lose mistake_discs or more; largest_margin if none.
int precise_margin(const std::vector<const LossSample*>& samples, int percent) {
  for (int margin = 0; margin < largest_margin; margin += margin_step) {
    std::size_t called = 0;
    std::size_t right = 0;
    for (const LossSample* s : samples) {
      if (s->estimated - margin < mistake_discs * estimate_units_per_disc) continue;
      ++called;
      if (s->exact >= mistake_discs) ++right;
    }
    if (called * static_cast<std::size_t>(percent) <= right * 100) return margin;
  }
  return largest_margin;
}

void count_calls(MistakeBand& b, const LossSample& s, int exact_empties) {
  const bool exact = s.empties <= exact_empties;
  const Judgement j =
      exact ? judge_exact(s.exact)
            : judge_estimate(s.estimated, loss_margin(eval::WeightsGame::standard_8x8, s.empties),
                             s.proven);
  const Call call = j.call;
  if (exact) ++b.exact;
  if (j.proven) ++b.proven;
  const bool called = call != Call::none;
  if (s.exact >= 4) {
    ++b.losing_4;
    if (called) ++b.losing_4_called;
  }
  if (called) {
    ++b.called;
    if (s.exact >= mistake_discs) ++b.called_losing_2;
  }
  if (call == Call::blunder) {
    ++b.blunders;
    if (s.exact >= 4) ++b.blunders_losing_4;
  }
  if (s.estimated >= mistake_discs * estimate_units_per_disc) {
    ++b.plain_called;
    if (s.exact >= 4) ++b.plain_losing_4_called;
    if (s.exact >= mistake_discs) ++b.plain_called_losing_2;
  }
}

MistakeBand band_of(const std::vector<LossSample>& samples, int lo, int hi,
                    const MistakeRequest& request) {
  MistakeBand b;
  b.min_empties = lo;
  b.max_empties = hi;
  std::vector<const LossSample*> in_band;
  double error = 0;
  for (const LossSample& s : samples) {
    if (s.empties < lo || s.empties > hi) continue;
    in_band.push_back(&s);
    error += std::abs(s.estimated - s.exact * estimate_units_per_disc);
    count_calls(b, s, request.exact_empties);
  }
  b.moves = in_band.size();
  if (b.moves == 0) return b;
  b.mean_error = error / static_cast<double>(b.moves) / estimate_units_per_disc;
  b.margin = precise_margin(in_band, request.precision);
  return b;
}

}  // namespace

std::vector<LossSample> sample_losses(const std::vector<records::GameRecord>& games,
                                      const MistakeRequest& request) {
  return samples_in_game_order<LossSample, Engines>(
      games, request.threads, [&](const records::GameRecord& game, Engines& engines) {
        return game_samples(game, request, engines);
      });
}

std::vector<MistakeBand> summarise_mistakes(const std::vector<LossSample>& samples,
                                            const MistakeRequest& request) {
  std::vector<MistakeBand> out;
  const int step = std::max(1, request.band);
  for (int lo = request.min_empties; lo <= request.max_empties; lo += step)
    out.push_back(band_of(samples, lo, std::min(lo + step - 1, request.max_empties), request));
  return out;
}

}  // namespace reversi
