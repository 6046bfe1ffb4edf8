// The mistake bench's figures: exact losses against plain minimax, and each band's margin and
// counts against their definitions, recounted plainly.
#include "analysis/accuracy/mistake_accuracy.hpp"

#include <catch2/catch.hpp>
#include <random>

#include "analysis/judgement.hpp"
#include "core/game.hpp"
#include "random_record.hpp"
#include "reference.hpp"

using namespace reversi;
using reversi::testing::random_records;

namespace {

// Of the samples with an estimated loss beyond `margin` by mistake_discs, the share that
// really lose mistake_discs or more (1 when none is called).
double precision_at(const std::vector<LossSample>& samples, int margin) {
  int called = 0;
  int right = 0;
  for (const LossSample& s : samples) {
    if (s.estimated - margin < mistake_discs * estimate_units_per_disc) continue;
    ++called;
    if (s.exact >= mistake_discs) ++right;
  }
  return called == 0 ? 1.0 : static_cast<double>(right) / called;
}

}  // namespace

TEST_CASE(
    "The mistake bench's exact losses are plain minimax's, and the thread count changes "
    "nothing",
    "[annotate]") {
  const Rules rules;
  const auto games = random_records(rules, 41, 4);
  MistakeRequest request;
  request.min_empties = 6;
  request.max_empties = 9;
  request.depth = 2;
  const auto one = sample_losses(games, request);
  request.threads = 2;
  const auto two = sample_losses(games, request);
  REQUIRE(one.size() == two.size());
  std::size_t k = 0;
  for (const auto& g : games) {
    const Replay r = replay(rules, g.start, g.moves);
    const auto positions = r.positions(rules);
    for (std::size_t i = 0; i < r.moves.size(); ++i) {
      const Position& p = positions[i];
      const int empties = rules.empties(p);
      if (r.moves[i].is_pass() || empties < 6 || empties > 9) continue;
      if (popcount(rules.legal_moves(p)) < 2) continue;
      REQUIRE(k < one.size());
      const int best = reference::minimax(rules, reference::from_position(rules, p));
      const int after =
          -reference::minimax(rules, reference::from_position(rules, positions[i + 1]));
      CHECK(one[k].empties == empties);
      CHECK(one[k].exact == best - after);
      CHECK(one[k].estimated >= 0);
      CHECK(two[k].exact == one[k].exact);
      CHECK(two[k].estimated == one[k].estimated);
      ++k;
    }
  }
  CHECK(k == one.size());
  CHECK(k >= 8);
}

TEST_CASE("A band's margin is the smallest that makes 95% of its calls right", "[annotate]") {
  std::mt19937_64 rng(5);
  std::vector<LossSample> samples;
  for (int i = 0; i < 3000; ++i) {
    const int exact = static_cast<int>(rng() % 8);
    const int noise = static_cast<int>(rng() % 900) - 300;
    samples.push_back({15 + static_cast<int>(rng() % 9),
                       std::max(0, exact * estimate_units_per_disc + noise), exact, std::nullopt});
  }
  MistakeRequest request;
  const auto bands = summarise_mistakes(samples, request);
  REQUIRE(bands.size() == 3);
  for (const MistakeBand& b : bands) {
    std::vector<LossSample> in;
    for (const LossSample& s : samples)
      if (s.empties >= b.min_empties && s.empties <= b.max_empties) in.push_back(s);
    INFO("band " << b.min_empties << "-" << b.max_empties);
    CHECK(b.moves == in.size());
    CHECK(precision_at(in, b.margin) >= 0.95);
    if (b.margin > 0) CHECK(precision_at(in, b.margin - estimate_units_per_disc / 4) < 0.95);
    std::size_t losing_4 = 0;
    for (const LossSample& s : in) losing_4 += s.exact >= 4 ? 1 : 0;
    CHECK(b.losing_4 == losing_4);
  }
}

TEST_CASE("Moves within annotate's exact horizon are called by their exact loss", "[annotate]") {
  std::mt19937_64 rng(7);
  std::vector<LossSample> samples;
  for (int i = 0; i < 2000; ++i) {
    const int exact = static_cast<int>(rng() % 8);
    // Estimates that know nothing: called or not, they are mostly wrong.
    samples.push_back(
        {15 + static_cast<int>(rng() % 9), static_cast<int>(rng() % 900), exact, std::nullopt});
  }
  MistakeRequest request;
  request.exact_empties = 17;
  const auto bands = summarise_mistakes(samples, request);
  REQUIRE(bands.size() == 3);
  const MistakeBand& exact = bands[0];  // 15-17 empties
  CHECK(exact.exact == exact.moves);
  CHECK(exact.losing_4_called == exact.losing_4);
  CHECK(exact.called_losing_2 == exact.called);
  std::size_t losing_2 = 0;
  for (const LossSample& s : samples)
    if (s.empties <= 17 && s.exact >= mistake_discs) ++losing_2;
  CHECK(exact.called == losing_2);
  for (std::size_t k = 1; k < bands.size(); ++k) {
    CHECK(bands[k].exact == 0);
    CHECK(bands[k].called_losing_2 < bands[k].called);
  }
}

TEST_CASE("A proven loss above the horizon is called however small its estimate", "[annotate]") {
  std::mt19937_64 rng(13);
  std::vector<LossSample> samples;
  std::size_t proven_calls = 0;
  for (int i = 0; i < 1000; ++i) {
    const int exact = static_cast<int>(rng() % 10);
    // Estimates too small to call anything beyond the margin; a proof where the loss is 2+.
    LossSample s{18, static_cast<int>(rng() % 200), exact, std::nullopt};
    if (exact >= mistake_discs && rng() % 2 == 0) {
      s.proven = mistake_discs + static_cast<int>(rng() % static_cast<unsigned>(exact - 1));
      ++proven_calls;
    }
    samples.push_back(s);
  }
  MistakeRequest request;
  request.min_empties = 18;
  request.max_empties = 20;
  request.exact_empties = 17;
  const auto bands = summarise_mistakes(samples, request);
  REQUIRE(bands.size() == 1);
  CHECK(bands[0].proven == proven_calls);
  CHECK(bands[0].called == proven_calls);
  CHECK(bands[0].called_losing_2 == proven_calls);
  CHECK(bands[0].exact == 0);
}
