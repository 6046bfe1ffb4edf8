// The root's moves: symmetric moves once, the order tried, and where estimates are made.
#include "analysis/root_moves.hpp"

#include <catch2/catch.hpp>

using namespace reversi;

TEST_CASE("The four first moves of 8x8 are one class, and a twin puts it first", "[solve]") {
  const Rules rules(8);
  const Position start = rules.initial();
  CHECK(symmetries_of(rules, start).size() == 3);  // the half turn and the two diagonal mirrors
  std::vector<RootMove> moves = distinct_moves(rules, start, rules.legal_moves(start));
  REQUIRE(moves.size() == 1);
  CHECK(moves[0].twins.size() == 3);
  CHECK(moves[0].child == rules.play(start, moves[0].square));
}

TEST_CASE("Root moves are ordered corners first, then by the fewest replies", "[solve]") {
  const Rules rules(6);
  const Position p = rules.play(rules.play(rules.initial(), *rules.geometry().parse("c2")),
                                *rules.geometry().parse("b2"));
  std::vector<RootMove> moves = distinct_moves(rules, p, rules.legal_moves(p));
  REQUIRE(moves.size() > 2);
  order_by_replies(rules, moves);
  for (std::size_t i = 1; i < moves.size(); ++i) CHECK(moves[i - 1].order >= moves[i].order);
  const Square last = moves.back().square;
  put_first(moves, last);
  CHECK(moves.front().square == last);
}

TEST_CASE("Roots are estimated with enough empties, placements only where the weights fit",
          "[solve]") {
  const Geometry g6(6);
  CHECK(wants_root_estimate(Rules(6), Rules(6).initial()));
  CHECK(wants_root_estimate(Rules(6, Start::free), Rules(6, Start::free).initial()));
  // The 4x4 placements leave 12 empties; a hole borrows the whole board's weights.
  CHECK_FALSE(wants_root_estimate(Rules(4, Start::free), Rules(4, Start::free).initial()));
  const Rules holed(6, Start::free, false, bit<Bits>(*g6.parse("a1")));
  CHECK_FALSE(wants_root_estimate(holed, holed.initial()));
  const Rules cross_holed(6, Start::standard, false, bit<Bits>(*g6.parse("a1")));
  CHECK(wants_root_estimate(cross_holed, cross_holed.initial()));
}
