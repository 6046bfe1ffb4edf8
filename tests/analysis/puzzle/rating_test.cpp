// The rating's features against what the estimate and the solver say, and the rating's sense.
#include "analysis/puzzle/rating.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <random>

#include "analysis/puzzle/unique.hpp"
#include "reference.hpp"

using namespace reversi;

namespace {

EstimateResult depth_one(Estimator& estimator, const Rules& rules, const Position& p) {
  EstimateRequest req;
  req.rules = rules;
  req.root = p;
  req.depth = 1;
  return estimator.estimate(req);
}

}  // namespace

TEST_CASE("A puzzle's features agree with the depth-1 estimate and the exact scores", "[puzzle]") {
  const Rules rules;
  std::mt19937_64 rng(30);
  Solver solver(16);
  Estimator estimator;
  int rated = 0;
  for (int i = 0; i < 120 && rated < 12; ++i) {
    const Position p = reference::random_position(rules, rng, 60 - 10);
    if (rules.game_over(p) || rules.legal_moves(p) == 0) continue;
    const auto u = prove_unique(solver, estimator, rules, {p, no_square, "test"}, {});
    if (!u) continue;
    ++rated;
    const PuzzleFeatures& f = u->features;
    const EstimateResult first = depth_one(estimator, rules, p);
    const bool answer_looks_best = std::find(first.best_moves.begin(), first.best_moves.end(),
                                             u->answer) != first.best_moves.end();
    INFO("puzzle " << rated);
    if (answer_looks_best) {
      CHECK(f.first_sight_loss == 0);
      // Every other move tied with the answer at depth 1 is a rival.
      CHECK(f.rivals >= static_cast<int>(first.best_moves.size()) - 1);
    }
    if (f.sure_depth == 1) CHECK(first.best_moves == std::vector<Square>{u->answer});
    CHECK(f.rivals <= f.moves - 1);
    CHECK(f.moves == static_cast<int>(u->scores.size()));
    CHECK(f.empties == 10);
    CHECK(f.gap == std::min(u->scores[0].value - u->scores[1].value, 20));
    CHECK(f.gap >= UniqueRequest{}.margin);
    CHECK(u->rating == puzzle_rating(f));
  }
  CHECK(rated >= 5);
}

TEST_CASE("A puzzle rates harder when the shallow search sees it later or more moves look as good",
          "[puzzle]") {
  PuzzleFeatures easy;
  easy.sure_depth = 1;
  easy.moves = 8;
  easy.empties = 14;
  easy.gap = 8;
  PuzzleFeatures later = easy;
  later.sure_depth = 6;
  PuzzleFeatures crowded = easy;
  crowded.rivals = 3;
  PuzzleFeatures hidden = later;
  hidden.first_sight_loss = 5;
  CHECK(puzzle_rating(later) > puzzle_rating(easy));
  CHECK(puzzle_rating(crowded) > puzzle_rating(easy));
  CHECK(puzzle_rating(hidden) > puzzle_rating(later));
  for (const auto& f : {easy, later, crowded, hidden}) {
    CHECK(puzzle_rating(f) >= lowest_rating);
    CHECK(puzzle_rating(f) <= highest_rating);
  }
}
