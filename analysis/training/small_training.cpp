#include "analysis/training/small_training.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <random>
#include <stdexcept>

#include "analysis/eval/pattern_eval.hpp"
#include "analysis/eval/patterns.hpp"
#include "analysis/training/backed_up_labels.hpp"
#include "analysis/training/exact_labels.hpp"

namespace reversi::eval {

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

Sample unlabelled(const Position& p) {
  return {static_cast<Bits64>(p.player), static_cast<Bits64>(p.opponent), 0};
}

// The games' positions split by who learns from them and how they are labelled.
struct Split {
  std::vector<std::vector<Sample>> solve_train;  // per game, in the order played
  std::vector<std::vector<Sample>> solve_valid;
  std::vector<Sample> search_train;  // more empties than the solver takes
  std::vector<Sample> search_valid;
};

Split split_games(const Rules& rules, const std::vector<std::vector<Position>>& games,
                  const SmallTrainRequest& request) {
  Split out;
  for (std::size_t g = 0; g < games.size(); ++g) {
    const bool held_out = g % static_cast<std::size_t>(request.holdout_every) == 0;
    std::vector<Sample> to_solve;
    for (const Position& p : games[g]) {
      if (rules.empties(p) <= request.solve_empties)
        to_solve.push_back(unlabelled(p));
      else
        (held_out ? out.search_valid : out.search_train).push_back(unlabelled(p));
    }
    if (!to_solve.empty())
      (held_out ? out.solve_valid : out.solve_train).push_back(std::move(to_solve));
  }
  return out;
}

void append_games(const std::vector<std::vector<Sample>>& games, std::vector<Sample>& out) {
  for (const auto& game : games) out.insert(out.end(), game.begin(), game.end());
}

}  // namespace

Rules rules_of(WeightsGame game) {
  if (board_size(game) != 6)
    throw std::invalid_argument("train: self-played training is for 6x6 weights only");
  return Rules(6, Start::standard, is_anti(game));
}

std::vector<std::vector<Position>> random_games(const Rules& rules, int games, std::uint64_t seed,
                                                const std::atomic<bool>* stop) {
  std::mt19937_64 rng(seed);
  std::vector<std::vector<Position>> out(static_cast<std::size_t>(std::max(0, games)));
  std::vector<Square> legal;
  for (auto& game : out) {
    if (stop != nullptr && stop->load(std::memory_order_relaxed)) break;
    Position p = rules.initial();
    while (!rules.game_over(p)) {
      if (!rules.has_move(p)) {
        p = rules.pass(p);
        continue;
      }
      game.push_back(p);
      legal.clear();
      for_each_square(rules.legal_moves(p), [&](Square s) { legal.push_back(s); });
      p = rules.play(p, legal[rng() % legal.size()]);
    }
  }
  return out;
}

SmallTrainResult train_small(const SmallTrainRequest& request) {
  const auto say = [&](const std::string& line) {
    if (request.on_progress) request.on_progress(line);
  };
  const Rules rules = rules_of(request.game);
  const PatternSet& set = PatternSet::small();
  const auto stopped = [&] { return request.stop != nullptr && request.stop->load(); };
  SmallTrainResult result;
  std::vector<std::vector<Position>> games =
      random_games(rules, request.games, request.seed, request.stop);
  if (stopped()) {
    result.complete = false;
    return result;
  }
  Split split = split_games(rules, games, request);

  auto start = Clock::now();
  LabelCache cache;  // positions shared by games are solved once
  ExactLabelRequest exact;
  exact.rules = rules;
  exact.threads = request.threads;
  exact.stop = request.stop;
  exact.progress_every = static_cast<std::size_t>(-1);
  const ExactLabelStats a = label_exactly(split.solve_train, cache, exact);
  const ExactLabelStats b = label_exactly(split.solve_valid, cache, exact);
  result.solver_nodes = a.nodes + b.nodes;
  std::vector<Sample> train_set, valid_set;
  append_games(split.solve_train, train_set);
  append_games(split.solve_valid, valid_set);
  result.exact_labels = train_set.size() + valid_set.size();
  say("exact labels up to " + std::to_string(request.solve_empties) +
      " empties: " + std::to_string(result.exact_labels) + " positions (" +
      std::to_string(a.solved + b.solved) + " solved, " + std::to_string(result.solver_nodes) +
      " nodes, " + std::to_string(seconds_since(start)) + " s)");

  if (stopped()) {
    result.complete = false;
    return result;
  }
  result.fit = train(request.game, train_set, valid_set, request.fit);
  // Fitted from the end of the game back: each phase learns from searches into the ones below.
  const BackUpRequest backup{.rules = rules,
                             .solve_empties = request.solve_empties,
                             .max_depth = request.backup_depth,
                             .threads = request.threads,
                             .stop = request.stop};
  for (int phase = set.phase(request.solve_empties + 1); phase < set.phases(); ++phase) {
    start = Clock::now();
    const PatternEvaluator partial(result.fit.weights);
    const BackedUp t = back_up_phase(split.search_train, phase, partial, backup);
    const BackedUp v = back_up_phase(split.search_valid, phase, partial, backup);
    if (stopped()) {
      result.complete = false;
      return result;
    }
    train_set.insert(train_set.end(), t.samples.begin(), t.samples.end());
    valid_set.insert(valid_set.end(), v.samples.begin(), v.samples.end());
    result.backed_up_labels += t.samples.size() + v.samples.size();
    result.search_nodes += t.nodes + v.nodes;
    result.fit = train(request.game, train_set, valid_set, request.fit);
    say("phase " + std::to_string(phase) + ": " +
        std::to_string(t.samples.size() + v.samples.size()) + " backed-up labels (" +
        std::to_string(t.nodes + v.nodes) + " nodes, " + std::to_string(seconds_since(start)) +
        " s)");
  }
  return result;
}

}  // namespace reversi::eval
