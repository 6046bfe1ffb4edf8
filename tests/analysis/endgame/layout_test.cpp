#include "analysis/endgame/layout.hpp"

#include <catch2/catch.hpp>
#include <random>

#include "core/rules.hpp"
#include "reference.hpp"

namespace reversi::endgame {
namespace {

// Squares of the kernel's grid (the board and, on a smaller board, the grid's squares beyond it)
// next to one of `x` or in it, looked up square by square.
Bits reference_with_neighbours(int width, Bits x) {
  Bits out = x;
  for_each_square(x, [&](Square sq) {
    const int r0 = sq / width;
    const int c0 = sq % width;
    for (int dr = -1; dr <= 1; ++dr)
      for (int dc = -1; dc <= 1; ++dc) {
        const int r = r0 + dr;
        const int c = c0 + dc;
        if (r >= 0 && r < width && c >= 0 && c < width) out |= bit<Bits>(r * width + c);
      }
  });
  return out;
}

// Per quadrant (the top-left one first, then top-right, bottom-left, bottom-right), whether it
// holds an odd number of `empties`, counted square by square.
int reference_parity(const Rules& rules, Bits empties) {
  const Geometry& g = rules.geometry();
  const int half = g.size() / 2;
  int parity = 0;
  for_each_square(empties, [&](Square sq) {
    const int r = sq / g.stride();
    const int c = sq % g.stride();
    parity ^= 1 << ((r >= half ? 2 : 0) + (c >= half ? 1 : 0));
  });
  return parity;
}

template <class K>
void check_layout(const Rules& rules, int count, std::uint64_t seed) {
  using B = BitsOf<K>;
  const Layout<K> layout(rules);
  std::mt19937_64 rng(seed);
  const Bits playable = rules.playable();
  for (int i = 0; i < reference::scaled(count); ++i) {
    // Sparse and dense sets alike: each square kept with a probability of 1/8 to 7/8.
    const auto keep = 1 + rng() % 7;
    Bits x = 0;
    for_each_square(playable, [&](Square sq) {
      if (rng() % 8 < keep) x |= bit<Bits>(sq);
    });
    const Bits expected = reference_with_neighbours(K::width, x);
    REQUIRE(static_cast<Bits>(Steps<K>::with_neighbours(static_cast<B>(x))) == expected);
    REQUIRE(static_cast<Bits>(Steps<K>::neighbours(static_cast<B>(x)) | static_cast<B>(x)) ==
            expected);
    const Bits empty = playable & ~x;
    REQUIRE(static_cast<Bits>(layout.potential_moves(static_cast<B>(x), static_cast<B>(empty))) ==
            (expected & empty));
    REQUIRE(layout.parity(static_cast<B>(empty)) == reference_parity(rules, empty));
  }
}

}  // namespace

TEST_CASE("The solver's neighbourhoods and quadrant parities are those counted square by square",
          "[endgame]") {
  const Geometry g8(8);
  check_layout<Kernel8>(Rules(8), 3000, 21);
  check_layout<Kernel8>(Rules(8, Start::standard, false, bit<Bits>(g8.square(2, 3))), 500, 22);
  check_layout<Kernel8>(Rules(6), 1000, 23);
  check_layout<Kernel8>(Rules(4), 500, 24);
  check_layout<Kernel10>(Rules(10), 500, 25);
}

}  // namespace reversi::endgame
