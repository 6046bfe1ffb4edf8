// Labels backed up by search: the fitted evaluation searched down into the phases below, to the
// depth that reaches them, the same with any number of threads.
#include "analysis/training/backed_up_labels.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <random>

#include "analysis/estimate/estimate.hpp"
#include "analysis/eval/shipped.hpp"
#include "reference.hpp"

using namespace reversi;
using namespace reversi::eval;

namespace {

// Random 8x8 positions with a move and `empties` empty squares, unlabelled.
std::vector<Sample> random_samples(int count, int empties, std::uint64_t seed) {
  const Rules rules(8);
  std::mt19937_64 rng(seed);
  std::vector<Sample> out;
  for (int attempt = 0; attempt < 20 * count && static_cast<int>(out.size()) < count; ++attempt) {
    const Position p = reference::random_position(rules, rng, 60 - empties);
    if (rules.empties(p) == empties && rules.has_move(p))
      out.push_back({static_cast<Bits64>(p.player), static_cast<Bits64>(p.opponent), 99});
  }
  return out;
}

int round_to_discs(double units) {
  return static_cast<int>(std::lround(units / estimate_units_per_disc));
}

}  // namespace

TEST_CASE("A backed-up search reaches the phases below and goes no deeper than the cap allows",
          "[eval]") {
  // 17-20 empties (phase 4) above exact labels at 16: leaves at 16 exactly.
  for (int e = 17; e <= 20; ++e) CHECK(backup_depth(e, 4, 16, 6) == e - 16);
  // 21-24 (phase 5): as deep as the cap, down to the exact labels at most.
  CHECK(backup_depth(21, 5, 16, 6) == 5);
  CHECK(backup_depth(23, 5, 16, 6) == 6);
  // A cap too shallow to leave the phase is overridden: the leaves must be fitted already.
  CHECK(backup_depth(24, 5, 16, 2) == 4);
}

TEST_CASE("A one-ply backed-up label is the best move's negated evaluation, in whole discs",
          "[eval]") {
  const Rules rules(8);
  const PatternEvaluator& fitted = shipped_evaluator();
  const std::vector<Sample> samples = random_samples(40, 17, 3);
  REQUIRE(samples.size() >= 30);
  const BackedUp b = back_up_phase(samples, 4, fitted, BackUpRequest{.rules = rules});
  REQUIRE(b.samples.size() == samples.size());
  std::size_t checked = 0;
  for (std::size_t i = 0; i < samples.size(); ++i) {
    Position p;
    p.player = samples[i].player;
    p.opponent = samples[i].opponent;
    // The plain one-ply value; positions with a child where the mover must pass or the game is
    // over are left to the estimator's own tests.
    int best = -1'000'000;
    bool plain = true;
    for_each_square(rules.legal_moves(p), [&](Square s) {
      const Position child = rules.play(p, s);
      if (!rules.has_move(child)) plain = false;
      best = std::max(best, -fitted.evaluate(static_cast<Bits64>(child.player),
                                             static_cast<Bits64>(child.opponent)));
    });
    CHECK(b.samples[i].player == samples[i].player);
    if (!plain) continue;
    CHECK(b.samples[i].target == round_to_discs(best));
    ++checked;
  }
  CHECK(checked >= 25);
}

TEST_CASE("Backed-up labels take only their phase's positions and do not depend on the threads",
          "[eval]") {
  const PatternEvaluator& fitted = shipped_evaluator();
  std::vector<Sample> samples = random_samples(12, 22, 8);
  const std::vector<Sample> other_phase = random_samples(5, 18, 9);
  samples.insert(samples.begin() + 3, other_phase.begin(), other_phase.end());
  BackUpRequest request{.rules = Rules(8), .threads = 1};
  const BackedUp one = back_up_phase(samples, 5, fitted, request);
  request.threads = 2;
  const BackedUp two = back_up_phase(samples, 5, fitted, request);
  REQUIRE(one.samples.size() == samples.size() - other_phase.size());
  REQUIRE(two.samples.size() == one.samples.size());
  for (std::size_t i = 0; i < one.samples.size(); ++i) {
    CHECK(one.samples[i].player == two.samples[i].player);
    CHECK(one.samples[i].target == two.samples[i].target);
    CHECK(64 - popcount(one.samples[i].player | one.samples[i].opponent) == 22);
  }
  CHECK(one.nodes > 0);
}
