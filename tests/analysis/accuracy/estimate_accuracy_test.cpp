// The accuracy figures of `reversi bench eval`, from comparisons written out by hand.
#include "analysis/accuracy/estimate_accuracy.hpp"

#include <catch2/catch.hpp>

#include "random_record.hpp"

using namespace reversi;

TEST_CASE("Accuracy figures count errors, bias and the wrong winners on drawn games",
          "[analysis][accuracy]") {
  // Estimate against perfect play: right side, wrong side, a named winner on a draw, a draw kept.
  const std::vector<AccuracySample> samples = {
      {.estimate = 6.0, .reference = 4.0, .nodes = 10},
      {.estimate = -1.0, .reference = 2.0, .nodes = 20},
      {.estimate = 1.5, .reference = 0.0, .nodes = 30},
      {.estimate = 0.3, .reference = 0.0, .nodes = 40},
  };
  const AccuracyPoint a = summarise_accuracy(24, true, samples);
  CHECK(a.empties == 24);
  CHECK(a.against_theoretical);
  CHECK(a.positions == 4);
  CHECK(a.mean_error == Approx((2.0 + 3.0 + 1.5 + 0.3) / 4));
  CHECK(a.median_error == Approx((1.5 + 2.0) / 2));
  CHECK(a.bias == Approx((2.0 - 3.0 + 1.5 + 0.3) / 4));
  CHECK(a.wrong_winner == Approx(0.5));
  CHECK(a.wrong_on_draws == Approx(0.25));
  CHECK(a.nodes == 100);
}

TEST_CASE("Accuracy figures of no comparison are all zero", "[analysis][accuracy]") {
  const AccuracyPoint a = summarise_accuracy(30, false, {});
  CHECK(a.positions == 0);
  CHECK(a.mean_error == 0);
  CHECK(a.wrong_winner == 0);
  CHECK(a.wrong_on_draws == 0);
}

TEST_CASE("A reference that reaches the end of the game is the solver's exact value, as minimax's",
          "[analysis][accuracy]") {
  const std::vector<records::GameRecord> games = reversi::testing::random_records(Rules(8), 17, 24);
  AccuracyRequest solver;
  solver.empties = {9, 11};
  solver.depth = 2;
  solver.reference_depth = 30;  // the solver
  REQUIRE(reference_is_exact(solver, 11));
  AccuracyRequest search = solver;
  search.reference_depth = 11;  // full-width minimax down to the end
  const auto a = measure_accuracy(games, solver);
  const auto b = measure_accuracy(games, search);
  REQUIRE(a.size() == 2);
  for (std::size_t k = 0; k < a.size(); ++k) {
    INFO("empties " << a[k].empties);
    CHECK(a[k].positions >= 20);
    CHECK(a[k].positions == b[k].positions);
    CHECK(a[k].mean_error == b[k].mean_error);
    CHECK(a[k].bias == b[k].bias);
    CHECK(a[k].wrong_winner == b[k].wrong_winner);
  }
}
