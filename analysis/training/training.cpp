#include "analysis/training/training.hpp"

#include <algorithm>
#include <cmath>

#include "analysis/eval/patterns.hpp"
#include "analysis/parallel_each.hpp"

namespace reversi::eval {

namespace {

constexpr int board_squares = 64;

// The active weights of every sample of one phase, flattened, with the targets.
struct Design {
  std::vector<std::uint32_t> index;
  std::vector<std::uint8_t> width;  // active weights per sample
  std::vector<double> target;
};

Design design_of(const PatternSet& set, const std::vector<const Sample*>& samples) {
  Design d;
  for (const Sample* s : samples) {
    const ActiveWeights a = active_weights(set, s->player, s->opponent);
    d.index.insert(d.index.end(), a.index.begin(), a.index.begin() + a.count);
    d.width.push_back(static_cast<std::uint8_t>(a.count));
    d.target.push_back(s->target);
  }
  return d;
}

// y = A x: each sample's prediction.
void predict(const Design& d, const std::vector<double>& x, std::vector<double>& y) {
  y.assign(d.width.size(), 0.0);
  std::size_t at = 0;
  for (std::size_t i = 0; i < d.width.size(); ++i) {
    double sum = 0;
    for (std::size_t k = 0; k < d.width[i]; ++k) sum += x[d.index[at++]];
    y[i] = sum;
  }
}

// x = A^T y: each weight's sum over the samples that use it.
void scatter(const Design& d, const std::vector<double>& y, std::vector<double>& x) {
  std::fill(x.begin(), x.end(), 0.0);
  std::size_t at = 0;
  for (std::size_t i = 0; i < d.width.size(); ++i)
    for (std::size_t k = 0; k < d.width[i]; ++k) x[d.index[at++]] += y[i];
}

double dot(const std::vector<double>& a, const std::vector<double>& b) {
  double s = 0;
  for (std::size_t i = 0; i < a.size(); ++i) s += a[i] * b[i];
  return s;
}

// Solves (A^T A + ridge I) x = A^T t by preconditioned conjugate gradients.
std::vector<double> solve_ridge(const Design& d, std::size_t n, const TrainRequest& req) {
  std::vector<double> count(n, 0.0);
  for (std::uint32_t j : d.index) count[j] += 1.0;
  std::vector<double> x(n, 0.0), r(n), z(n), p(n), q(n), tmp;
  scatter(d, d.target, r);
  const auto precondition = [&] {
    for (std::size_t j = 0; j < n; ++j) z[j] = r[j] / (count[j] + req.ridge);
  };
  precondition();
  p = z;
  double rz = dot(r, z);
  for (int it = 0; it < req.iterations && rz > 0; ++it) {
    predict(d, p, tmp);
    scatter(d, tmp, q);
    for (std::size_t j = 0; j < n; ++j) q[j] += req.ridge * p[j];
    const double alpha = rz / dot(p, q);
    for (std::size_t j = 0; j < n; ++j) {
      x[j] += alpha * p[j];
      r[j] -= alpha * q[j];
    }
    precondition();
    const double rz_next = dot(r, z);
    const double beta = rz_next / rz;
    rz = rz_next;
    for (std::size_t j = 0; j < n; ++j) p[j] = z[j] + beta * p[j];
  }
  return x;
}

void measure(const Design& d, const std::vector<double>& x, double squares, double& mae,
             double& rmse) {
  std::vector<double> y;
  predict(d, x, y);
  double abs_sum = 0, sq_sum = 0;
  for (std::size_t i = 0; i < y.size(); ++i) {
    const double e = std::clamp(y[i], -squares, squares) - d.target[i];
    abs_sum += std::abs(e);
    sq_sum += e * e;
  }
  const double n = std::max<double>(1, static_cast<double>(y.size()));
  mae = abs_sum / n;
  rmse = std::sqrt(sq_sum / n);
}

std::int16_t to_units(double discs) {
  const double units = std::round(discs * 100.0);
  return static_cast<std::int16_t>(std::clamp(units, -32767.0, 32767.0));
}

}  // namespace

void add_game_samples(const Replay& replay, const GameLabels& labels, std::vector<Sample>& out) {
  const GameSamples all = game_samples(
      replay,
      GameLabels{labels.final_margin, labels.theoretical_margin, labels.theoretical_empties, 0, 0});
  out.insert(out.end(), all.labelled.begin(), all.labelled.end());
}

GameSamples game_samples(const Replay& replay, const GameLabels& labels) {
  const Rules rules(8);
  GameSamples out;
  for (const Position& pos : replay.positions(rules)) {
    if (!rules.has_move(pos)) continue;
    const int empties = rules.empties(pos);
    const Sample unlabelled{static_cast<Bits64>(pos.player), static_cast<Bits64>(pos.opponent), 0};
    if (empties <= labels.solved_empties) {
      out.to_solve.push_back(unlabelled);
      continue;
    }
    const bool theoretical =
        labels.theoretical_margin.has_value() && empties >= labels.theoretical_empties;
    if (!theoretical && empties <= labels.backed_up_empties) {
      out.to_back_up.push_back(unlabelled);
      continue;
    }
    const int dark = theoretical ? *labels.theoretical_margin : labels.final_margin;
    if (!theoretical) ++out.final_results;
    const int mover = pos.to_move == Color::dark ? dark : -dark;
    out.labelled.push_back(
        {unlabelled.player, unlabelled.opponent,
         static_cast<std::int8_t>(std::clamp(mover, -board_squares, board_squares))});
  }
  return out;
}

TrainResult train(const std::vector<Sample>& train_set, const std::vector<Sample>& valid_set,
                  const TrainRequest& request) {
  return train(WeightsGame::standard_8x8, train_set, valid_set, request);
}

TrainResult train(WeightsGame game, const std::vector<Sample>& train_set,
                  const std::vector<Sample>& valid_set, const TrainRequest& request) {
  const PatternSet& set = PatternSet::of_size(board_size(game));
  const int phases = set.phases();
  TrainResult result;
  result.weights.game = game;
  result.weights.phases = phases;
  result.weights.per_phase = set.weights_per_phase();
  result.weights.values.assign(
      static_cast<std::size_t>(phases) * static_cast<std::size_t>(set.weights_per_phase()), 0);
  result.phases.resize(static_cast<std::size_t>(phases));
  const auto by_phase = [&set](const std::vector<Sample>& all, int phase) {
    std::vector<const Sample*> out;
    for (const Sample& s : all)
      if (set.phase(popcount(set.playable() & ~(s.player | s.opponent))) == phase)
        out.push_back(&s);
    return out;
  };
  // Each phase writes only its own slice, so the order the phases finish in cannot matter.
  parallel_each(static_cast<std::size_t>(phases), [&](std::size_t phase_index) {
    const int phase = static_cast<int>(phase_index);
    const Design train_design = design_of(set, by_phase(train_set, phase));
    const Design valid_design = design_of(set, by_phase(valid_set, phase));
    const auto n = static_cast<std::size_t>(set.weights_per_phase());
    const std::vector<double> x = solve_ridge(train_design, n, request);
    PhaseLoss& loss = result.phases[static_cast<std::size_t>(phase)];
    loss.phase = phase;
    loss.train_count = train_design.width.size();
    loss.valid_count = valid_design.width.size();
    const double squares = popcount(set.playable());
    measure(train_design, x, squares, loss.train_mae, loss.train_rmse);
    measure(valid_design, x, squares, loss.valid_mae, loss.valid_rmse);
    for (std::size_t j = 0; j < n; ++j)
      result.weights.values[static_cast<std::size_t>(phase) * n + j] = to_units(x[j]);
  });
  return result;
}

}  // namespace reversi::eval
