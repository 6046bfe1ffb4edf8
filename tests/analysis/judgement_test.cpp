// Mistake calls: thresholds, exact against estimated losses, and the shipped margins by phase.
#include "analysis/judgement.hpp"

#include <algorithm>
#include <catch2/catch.hpp>

#include "analysis/estimate/estimate.hpp"

using namespace reversi;

TEST_CASE("A loss is a mistake from 2 discs beyond its margin and a blunder from 6", "[annotate]") {
  constexpr int disc = estimate_units_per_disc;
  for (const int margin : {0, 150, 425}) {
    INFO("margin " << margin);
    CHECK(call_of(margin + mistake_discs * disc - 1, margin) == Call::none);
    CHECK(call_of(margin + mistake_discs * disc, margin) == Call::mistake);
    CHECK(call_of(margin + blunder_discs * disc - 1, margin) == Call::mistake);
    CHECK(call_of(margin + blunder_discs * disc, margin) == Call::blunder);
  }
  // More loss never calls less; more margin never calls more.
  for (int loss = 0; loss <= 20 * disc; loss += 7)
    for (int margin = 0; margin <= 8 * disc; margin += 25) {
      CHECK(call_of(loss + 7, margin) >= call_of(loss, margin));
      CHECK(call_of(loss, margin + 25) <= call_of(loss, margin));
    }
}

TEST_CASE("An exact loss is called with no margin, an estimate without a known margin never",
          "[annotate]") {
  for (int discs = 0; discs <= 10; ++discs) {
    const Judgement j = judge_exact(discs);
    CHECK(j.exact);
    CHECK(j.margin == 0);
    CHECK(j.loss == discs * estimate_units_per_disc);
    CHECK(j.call == call_of(j.loss, 0));
  }
  const Judgement unknown = judge_estimate(30 * estimate_units_per_disc, std::nullopt);
  CHECK_FALSE(unknown.exact);
  CHECK_FALSE(unknown.margin);
  CHECK(unknown.call == Call::none);
}

TEST_CASE("Each phase takes the margin of its band, the nearest band outside the table",
          "[annotate]") {
  const auto table = shipped_margins();
  REQUIRE_FALSE(table.empty());
  for (std::size_t i = 0; i < table.size(); ++i) {
    CHECK(table[i].min_empties <= table[i].max_empties);
    CHECK(table[i].margin >= 0);
    if (i > 0) CHECK(table[i].min_empties == table[i - 1].max_empties + 1);
    for (int e = table[i].min_empties; e <= table[i].max_empties; ++e)
      CHECK(loss_margin(eval::WeightsGame::standard_8x8, e) == table[i].margin);
  }
  CHECK(loss_margin(eval::WeightsGame::standard_8x8, table.front().min_empties - 1) ==
        table.front().margin);
  CHECK(loss_margin(eval::WeightsGame::standard_8x8, 60) == table.back().margin);
  CHECK_FALSE(loss_margin(eval::WeightsGame::standard_6x6, 20));
}

TEST_CASE("A proven loss is called with no margin and never lowers the estimate's call",
          "[annotate]") {
  constexpr int disc = estimate_units_per_disc;
  for (int loss = 0; loss <= 12 * disc; loss += 37)
    for (const int margin : {0, 400, 550})
      for (int proven = 1; proven <= 10; ++proven) {
        INFO("loss " << loss << " margin " << margin << " proven " << proven);
        const Judgement plain = judge_estimate(loss, margin);
        const Judgement j = judge_estimate(loss, margin, proven);
        const Call sure = call_of(proven * disc, 0);
        CHECK(j.call == std::max(plain.call, sure));
        CHECK(j.loss == std::max(loss, proven * disc));
        CHECK(j.proven == (sure != Call::none && sure >= plain.call));
        CHECK_FALSE(j.exact);
        CHECK(j.margin == margin);
      }
  // Without a margin (boards the margins were not measured on) the proof alone calls.
  CHECK(judge_estimate(0, std::nullopt, mistake_discs).call == Call::mistake);
  CHECK(judge_estimate(0, std::nullopt, mistake_discs - 1).call == Call::none);
}
