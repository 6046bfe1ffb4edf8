// The accuracy figures of `reversi bench eval`, from comparisons written out by hand.
#include "analysis/estimate_accuracy.hpp"

#include <catch2/catch.hpp>

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
