#include "db/symmetry.hpp"

#include <catch2/catch.hpp>
#include <random>
#include <set>

#include "core/rules.hpp"

namespace reversi::db {

namespace {

std::uint64_t narrow(Bits b) {
  return static_cast<std::uint64_t>(b);
}

}  // namespace

TEST_CASE("Each bitboard symmetry turns the squares as Geometry numbers the symmetries", "[unit]") {
  const Geometry g(8);
  std::mt19937_64 random(29);
  for (int s = 0; s < symmetry_count; ++s) {
    for (int i = 0; i < 200; ++i) {
      const std::uint64_t set = random();
      CHECK(transform(set, s) == narrow(g.transform(Bits{set}, s)));
    }
    for (Square sq = 0; sq < 64; ++sq) CHECK(transform(sq, s) == g.transform(sq, s));
  }
}

TEST_CASE("The inverse of each symmetry brings every set back", "[unit]") {
  std::mt19937_64 random(7);
  for (int s = 0; s < symmetry_count; ++s) {
    const std::uint64_t set = random();
    CHECK(transform(transform(set, s), inverse(s)) == set);
  }
}

TEST_CASE("The eight images of a position share one canonical image and key", "[unit]") {
  const Rules rules;
  Position p = rules.initial();
  for (const Square sq : {37, 43, 34}) p = rules.play(p, sq);  // f5 d6 c5
  const Canonical c = canonical(narrow(p.player), narrow(p.opponent));
  for (int s = 0; s < symmetry_count; ++s) {
    const Canonical other =
        canonical(transform(narrow(p.player), s), transform(narrow(p.opponent), s));
    CHECK(other.key() == c.key());
    CHECK(transform(transform(narrow(p.player), s), other.symmetry) == c.player);
  }
}

TEST_CASE("The standard start is kept by four symmetries and the position after f5 by one",
          "[unit]") {
  const Rules rules;
  const Position start = rules.initial();
  const Canonical c = canonical(narrow(start.player), narrow(start.opponent));
  CHECK(std::popcount(c.stabilizer) == 4);
  const Position after = rules.play(start, 37);
  CHECK(std::popcount(canonical(narrow(after.player), narrow(after.opponent)).stabilizer) == 1);
}

}  // namespace reversi::db
