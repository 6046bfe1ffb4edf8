#include "analysis/endgame/stability.hpp"

#include <array>
#include <catch2/catch.hpp>
#include <random>
#include <vector>

#include "core/rules.hpp"
#include "reference.hpp"

namespace reversi::endgame {
namespace {

// Stable discs of `mine` by the definition, square by square: the least set such that on each of
// the four lines through a disc, the line between walls (edges and holes) is full, or the next
// square one way or the other is a wall or a stable disc of the same side.
Bits reference_stable(const Rules& rules, Bits mine, Bits occupied) {
  const Geometry& g = rules.geometry();
  const int n = g.size();
  const Bits playable = rules.playable();
  const auto wall = [&](int r, int c) {
    return r < 0 || r >= n || c < 0 || c >= n || (playable & bit<Bits>(g.square(r, c))) == 0;
  };
  const std::array<std::array<int, 2>, 4> axes = {{{0, 1}, {1, 0}, {1, 1}, {1, -1}}};
  Bits stable = 0;
  for (bool grew = true; grew;) {
    grew = false;
    for_each_square(mine, [&](Square sq) {
      if ((stable & bit<Bits>(sq)) != 0) return;
      const int r0 = sq / g.stride();
      const int c0 = sq % g.stride();
      bool all_axes = true;
      for (const auto& [dr, dc] : axes) {
        bool full = true;
        bool guarded = false;
        for (const int sign : {1, -1}) {
          int r = r0 + sign * dr;
          int c = c0 + sign * dc;
          if (wall(r, c) || (stable & bit<Bits>(g.square(r, c))) != 0) guarded = true;
          for (; !wall(r, c); r += sign * dr, c += sign * dc)
            if ((occupied & bit<Bits>(g.square(r, c))) == 0) full = false;
        }
        all_axes = all_axes && (full || guarded);
      }
      if (all_axes) {
        stable |= bit<Bits>(sq);
        grew = true;
      }
    });
  }
  return stable;
}

template <class K>
void check_stable(const Rules& rules, int count, std::uint64_t seed) {
  const Layout<K> layout(rules);
  const Stability<K> stability(layout);
  std::mt19937_64 rng(seed);
  for (int i = 0; i < reference::scaled(count); ++i) {
    // Positions from random play, at every stage of the game, and random fills.
    const int cells = popcount(rules.playable());
    Position p;
    if (i % 2 == 0) {
      p = reference::random_position(rules, rng,
                                     static_cast<int>(rng() % static_cast<std::uint64_t>(cells)));
    } else {
      for_each_square(rules.playable(), [&](Square sq) {
        const auto roll = rng() % 5;
        if (roll < 2)
          p.player |= bit<Bits>(sq);
        else if (roll < 4)
          p.opponent |= bit<Bits>(sq);
      });
    }
    const Bits occupied = p.player | p.opponent;
    for (const Bits mine : {p.player, p.opponent}) {
      const auto got =
          stability.stable(static_cast<BitsOf<K>>(mine), static_cast<BitsOf<K>>(occupied));
      const Bits expected = reference_stable(rules, mine, occupied);
      REQUIRE(static_cast<Bits>(got) == expected);
      // Asked for at least `needed`, it answers the same set whenever it holds that many.
      const int needed = 1 + static_cast<int>(rng() % 24);
      const auto bounded = static_cast<Bits>(
          stability.stable(static_cast<BitsOf<K>>(mine), static_cast<BitsOf<K>>(occupied), needed));
      if (popcount(expected) >= needed)
        REQUIRE(bounded == expected);
      else
        REQUIRE(popcount(bounded) < needed);
    }
  }
}

}  // namespace

TEST_CASE("Stable discs are those of the plain definition on random 8x8 positions, bounded or not",
          "[endgame]") {
  check_stable<Kernel8>(Rules(8), 4000, 11);
}

TEST_CASE("Stable discs are those of the plain definition on smaller, holed and 10x10 boards",
          "[endgame]") {
  const Geometry g8(8);
  check_stable<Kernel8>(Rules(8, Start::standard, false, bit<Bits>(g8.square(2, 3))), 1000, 12);
  check_stable<Kernel8>(Rules(6), 1000, 13);
  check_stable<Kernel8>(Rules(4), 500, 14);
  check_stable<Kernel10>(Rules(10), 500, 15);
}

}  // namespace reversi::endgame
