// The last flip count (core/last_flip.hpp) against the array-based reference and the move
// generator's flips, on random full boards with one empty square.
#include "core/last_flip.hpp"

#include <catch2/catch.hpp>
#include <random>

#include "core/kernel.hpp"
#include "reference.hpp"

using namespace reversi;

namespace {

// A board with every square filled but `empty_square`: dark's discs drawn with `dark_share` in
// 1/8ths, so that lopsided boards give long runs to count.
reference::Board full_board(std::mt19937_64& rng, int empty_square, std::uint64_t dark_share) {
  reference::Board b;
  b.size = 8;
  b.cells.assign(64, reference::light);
  for (int sq = 0; sq < 64; ++sq)
    if (rng() % 8 < dark_share) b.cells[static_cast<std::size_t>(sq)] = reference::dark;
  b.cells[static_cast<std::size_t>(empty_square)] = reference::empty;
  b.to_move = reference::dark;
  return b;
}

}  // namespace

TEST_CASE("the last flip count equals the reference's flips on random full boards") {
  const Rules rules(8);
  std::mt19937_64 rng(2026'12'06);
  const int boards = reference::scaled(200000);
  int moves = 0;
  for (int i = 0; i < boards; ++i) {
    const int sq = static_cast<int>(rng() % 64);
    const reference::Board b = full_board(rng, sq, 1 + rng() % 7);
    const auto expected = reference::flips(b, sq / 8, sq % 8).size();
    const auto dark = static_cast<Bits64>(reference::to_position(rules, b).player);
    const int counted = count_last_flips(dark, sq);
    if (counted != static_cast<int>(expected)) {
      INFO("board " << i << ", square " << sq);
      REQUIRE(counted == static_cast<int>(expected));
    }
    if (expected > 0) ++moves;
  }
  // Most boards have a move on the empty square; a count stuck at 0 would fail above.
  CHECK(moves > boards / 2);
}

TEST_CASE("the last flip count equals the size of the move generator's flips for both sides") {
  std::mt19937_64 rng(61);
  const int boards = reference::scaled(200000);
  for (int i = 0; i < boards; ++i) {
    const int sq = static_cast<int>(rng() % 64);
    const Bits64 empty = Bits64{1} << sq;
    const Bits64 dark = rng() & rng() & ~empty;  // about a quarter of the board: long runs
    const Bits64 light = ~dark & ~empty;
    for (const auto& [p, o] : {std::pair{dark, light}, std::pair{light, dark}}) {
      const int counted = count_last_flips(p, sq);
      const int expected = popcount(Kernel8::flips(p, o, sq));
      if (counted != expected) {
        INFO("board " << i << ", square " << sq << ", player " << p);
        REQUIRE(counted == expected);
      }
    }
  }
}
