// Puzzles proven unique by the solver, against plain minimax over the reference rules.
#include "analysis/puzzle/unique.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <random>

#include "core/notation.hpp"
#include "reference.hpp"

using namespace reversi;

namespace {

// Best first, ties in square order: the solver lists tied moves in any order.
void by_value(std::vector<MoveValue>& moves) {
  std::sort(moves.begin(), moves.end(), [](const MoveValue& a, const MoveValue& b) {
    return a.value != b.value ? a.value > b.value : a.move < b.move;
  });
}

// Every legal move's value by plain minimax, best first (ties in square order).
std::vector<MoveValue> reference_scores(const Rules& rules, const Position& p) {
  std::vector<MoveValue> out;
  for_each_square(rules.legal_moves(p), [&](Square sq) {
    const Position child = rules.play(p, sq);
    const int v = -reference::minimax(rules, reference::from_position(rules, child));
    out.push_back({sq, v, v, v});
  });
  by_value(out);
  return out;
}

}  // namespace

TEST_CASE(
    "Puzzles are exactly the positions whose best move plain minimax finds alone by the "
    "margin, never one with two best moves",
    "[puzzle]") {
  const Rules rules;
  std::mt19937_64 rng(29);
  Solver solver(16);
  Estimator estimator;
  UniqueRequest request;
  request.margin = 4;
  int puzzles = 0;
  int ties = 0;
  for (int i = 0; i < 150; ++i) {  // not scaled: the counts below need them all
    const Position p = reference::random_position(rules, rng, 60 - 7 - static_cast<int>(i % 2));
    if (rules.game_over(p) || rules.legal_moves(p) == 0) continue;
    const std::vector<MoveValue> expected = reference_scores(rules, p);
    const bool unique =
        expected.size() >= 2 && expected[0].value - expected[1].value >= request.margin;
    if (expected.size() >= 2 && expected[0].value == expected[1].value) ++ties;
    const auto got = prove_unique(solver, estimator, rules, {p, no_square, "test"}, request);
    INFO("position " << i << ": " << board_string(p, rules));
    REQUIRE(got.has_value() == unique);
    if (!got) continue;
    ++puzzles;
    CHECK(got->answer == expected[0].move);
    CHECK(got->value == expected[0].value);
    std::vector<MoveValue> scores = got->scores;
    by_value(scores);
    REQUIRE(scores.size() == expected.size());
    for (std::size_t k = 0; k < expected.size(); ++k) {
      CHECK(scores[k].move == expected[k].move);
      CHECK(scores[k].value == expected[k].value);
    }
    CHECK(got->rating >= lowest_rating);
    CHECK(got->rating <= highest_rating);
    CHECK(got->features.sure_depth >= 1);
    CHECK(got->features.sure_depth <= max_rating_depth + 1);
    CHECK(check_unique(solver, rules, p, got->scores, request.margin).empty());
  }
  // The sample holds both kinds, so both answers were exercised.
  CHECK(puzzles >= 10);
  CHECK(ties >= 5);
}

TEST_CASE("A puzzle with a wrong score or a second move within the margin fails its check",
          "[puzzle]") {
  const Rules rules;
  std::mt19937_64 rng(31);
  Solver solver(16);
  Estimator estimator;
  for (int i = 0; i < 200; ++i) {
    const Position p = reference::random_position(rules, rng, 50);
    const auto got = prove_unique(solver, estimator, rules, {p, no_square, "test"}, {});
    if (!got) continue;
    std::vector<MoveValue> wrong = got->scores;
    wrong.back().value += 2;
    CHECK_THAT(check_unique(solver, rules, p, wrong, 4),
               Catch::Contains("is listed") && Catch::Contains("its exact value is"));
    const int gap = got->scores[0].value - got->scores[1].value;
    CHECK_THAT(check_unique(solver, rules, p, got->scores, gap + 1),
               Catch::StartsWith("not unique"));
    std::vector<MoveValue> missing(got->scores.begin(), got->scores.end() - 1);
    CHECK_THAT(check_unique(solver, rules, p, missing, 4), Catch::Contains("moves listed"));
    return;
  }
  FAIL("no puzzle among 200 random positions at 10 empties");
}
