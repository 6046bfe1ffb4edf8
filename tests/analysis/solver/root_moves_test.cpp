// The root's moves: symmetric moves once, the order tried, and where estimates are made.
#include "analysis/solver/root_moves.hpp"

#include <catch2/catch.hpp>
#include <utility>

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

namespace {

// The board after the four centre placements `squares` (dark, light, dark, light).
Position placed(const Rules& rules, std::initializer_list<const char*> squares) {
  Position p = rules.initial();
  for (const char* sq : squares) p = rules.play(p, *rules.geometry().parse(sq));
  return p;
}

}  // namespace

TEST_CASE("Boards equal up to a symmetry that keeps the holes share one canonical orientation",
          "[solve]") {
  const Geometry g(6);
  const Rules open(6, Start::free);
  // Dark on row 3 and dark on column c: the same board turned by a diagonal mirror.
  const Position row = placed(open, {"c3", "c4", "d3", "d4"});
  const Position column = placed(open, {"c3", "d3", "c4", "d4"});
  REQUIRE_FALSE(row == column);
  const Oriented a = canonical_orientation(open, row);
  const Oriented b = canonical_orientation(open, column);
  CHECK(a.position == b.position);
  for (const auto& [o, from] : {std::pair(a, row), std::pair(b, column)}) {
    CHECK(o.position.player == g.transform(from.player, o.symmetry));
    CHECK(o.position.opponent == g.transform(from.opponent, o.symmetry));
    CHECK(o.position.to_move == from.to_move);
    CHECK(o.position.supply == from.supply);
  }
  // A hole on a1 is kept only by the a1-f6 mirror, which maps row 3 onto column c but not onto
  // row 4: dark on row 4 stays apart.
  const Rules holed(6, Start::free, false, bit<Bits>(*g.parse("a1")));
  const Position row4 = placed(holed, {"c4", "c3", "d4", "d3"});
  CHECK(canonical_orientation(holed, placed(holed, {"c3", "c4", "d3", "d4"})).position ==
        canonical_orientation(holed, placed(holed, {"c3", "d3", "c4", "d4"})).position);
  CHECK_FALSE(canonical_orientation(holed, row4).position ==
              canonical_orientation(holed, placed(holed, {"c3", "c4", "d3", "d4"})).position);
  CHECK(canonical_orientation(open, row4).position == a.position);
}

TEST_CASE("preimage undoes each of the eight symmetries", "[solve]") {
  for (int size : {4, 6, 8, 10}) {
    const Geometry g(size);
    for (int s = 0; s < symmetry_count; ++s)
      for (int row = 0; row < size; ++row)
        for (int col = 0; col < size; ++col) {
          const Square sq = g.square(row, col);
          CHECK(preimage(g, g.transform(sq, s), s) == sq);
        }
  }
}
