// What the solver knows about the board once per search: playable squares, parity regions,
// square values for ordering, and the shifts along the grid (stable discs: stability.hpp).
#pragma once

#include <array>
#include <cstdint>
#include <type_traits>

#include "core/kernel.hpp"
#include "core/rules.hpp"

namespace reversi::endgame {

// One step on a W-wide grid in one of eight directions, without wrapping round a row.
// Directions come in opposite pairs: 0/1 east/west, 2/3 south/north, 4/5 and 6/7 the diagonals.
template <class K>
struct Steps {
  using B = BitsOf<K>;
  static constexpr int W = K::width;
  static constexpr B all = K::all_squares();
  static constexpr B not_first_column = all & ~K::column(0);
  static constexpr B not_last_column = all & ~K::column(W - 1);

  template <int D>
  static B move(B x) {
    if constexpr (D == 0) return (x << 1) & not_first_column;
    if constexpr (D == 1) return (x >> 1) & not_last_column;
    if constexpr (D == 2) return (x << W) & all;
    if constexpr (D == 3) return x >> W;
    if constexpr (D == 4) return (x << (W + 1)) & not_first_column;
    if constexpr (D == 5) return (x >> (W + 1)) & not_last_column;
    if constexpr (D == 6) return (x << (W - 1)) & not_last_column;
    if constexpr (D == 7) return (x >> (W - 1)) & not_first_column;
    return 0;
  }

  [[gnu::always_inline]] static B neighbours(B x) {
    return move<0>(x) | move<1>(x) | move<2>(x) | move<3>(x) | move<4>(x) | move<5>(x) |
           move<6>(x) | move<7>(x);
  }

  // `x` and the squares next to it: each row's three squares, then the rows above and below
  // (ten operations where neighbours() takes twenty; the ordering asks it for every move).
  [[gnu::always_inline]] static B with_neighbours(B x) {
    const B row = x | move<0>(x) | move<1>(x);
    return row | move<2>(row) | move<3>(row);
  }
};

template <class K>
struct Layout {
  using B = BitsOf<K>;
  using S = Steps<K>;
  static constexpr int max_squares = K::squares;

  B playable = 0;
  B walls = 0;  // squares of the grid where no disc can ever stand: outside the board and holes
  int n_playable = 0;
  B corners = 0;
  B good_squares = 0;  // corners and the better edge and inner squares: tried first near the end
  // Parity regions: the four quadrants of the board.
  std::array<B, 4> quadrant{};
  std::array<std::uint8_t, max_squares> quadrant_of{};
  // Union of the quadrants whose bit is set, for each 4-bit parity value.
  std::array<B, 16> parity_squares{};
  // Static square values for move ordering: corners best, squares next to corners worst.
  std::array<int, max_squares> square_value{};
  // Per direction, the squares whose neighbour that way is off the grid.
  std::array<B, 8> edge{};
  // Per square, its (up to eight) neighbours: a move there needs an opponent disc among them.
  std::array<B, max_squares> neighbours{};
  // The squares of each static value, best value first.
  static constexpr int max_square_value = 18;
  std::array<B, max_square_value + 1> value_classes{};
  int value_class_count = 0;

  explicit Layout(const Rules& rules) {
    const auto& g = rules.geometry();
    const int n = g.size();
    playable = static_cast<B>(rules.playable());
    walls = S::all & ~playable;
    n_playable = popcount(playable);
    const int half = n / 2;
    for (int r = 0; r < n; ++r) {
      for (int c = 0; c < n; ++c) {
        const int sq = r * K::width + c;
        const int q = (r >= half ? 2 : 0) + (c >= half ? 1 : 0);
        quadrant[static_cast<std::size_t>(q)] |= B(1) << sq;
        quadrant_of[static_cast<std::size_t>(sq)] = static_cast<std::uint8_t>(q);
        square_value[static_cast<std::size_t>(sq)] = value_of_square(r, c, n);
      }
    }
    for (std::size_t q = 0; q < 4; ++q) quadrant[q] &= playable;
    for (int sq = 0; sq < max_squares; ++sq)
      neighbours[static_cast<std::size_t>(sq)] = S::neighbours(B(1) << sq) & playable;
    for (int v = max_square_value; v >= 0; --v) {
      B same = 0;
      for_each_square(playable, [&](int sq) {
        if (square_value[static_cast<std::size_t>(sq)] == v) same |= B(1) << sq;
      });
      if (same != 0) value_classes[static_cast<std::size_t>(value_class_count++)] = same;
    }
    for (int mask = 0; mask < 16; ++mask)
      for (std::size_t q = 0; q < 4; ++q)
        if ((mask >> q) & 1) parity_squares[static_cast<std::size_t>(mask)] |= quadrant[q];
    const int last = n - 1;
    for (int sq : {0, last, last * K::width, last * K::width + last}) corners |= B(1) << sq;
    corners &= playable;
    for_each_square(playable, [&](int sq) {
      if (square_value[static_cast<std::size_t>(sq)] >= good_square_value)
        good_squares |= B(1) << sq;
    });
    edge[0] = S::all & ~S::template move<1>(S::all);
    edge[1] = S::all & ~S::template move<0>(S::all);
    edge[2] = S::all & ~S::template move<3>(S::all);
    edge[3] = S::all & ~S::template move<2>(S::all);
    edge[4] = S::all & ~S::template move<5>(S::all);
    edge[5] = S::all & ~S::template move<4>(S::all);
    edge[6] = S::all & ~S::template move<7>(S::all);
    edge[7] = S::all & ~S::template move<6>(S::all);
  }

  // The quadrants holding an odd number of the given empties, as a 4-bit value.
  int parity(B empties) const {
    int p = 0;
    for (std::size_t q = 0; q < 4; ++q) p |= (popcount(empties & quadrant[q]) & 1) << q;
    return p;
  }

  // Own discs on corners and edge discs joined to them: a cheap stability estimate for ordering.
  [[gnu::always_inline]] B corner_stable(B mine) const {
    B s = mine & corners;
    if (s == 0) return 0;
    // Grow along the edges a few squares from each owned corner.
    const B edges = S::all & (edge[0] | edge[1] | edge[2] | edge[3]);
    for (int i = 0; i < 2; ++i) s |= S::with_neighbours(s) & mine & edges;
    return s;
  }

  // Empty squares next to an opponent disc: where mobility can come from.
  [[gnu::always_inline]] B potential_moves(B opponent, B empty) const {
    return S::with_neighbours(opponent) & empty;  // no square of `opponent` is empty
  }

 private:
  static constexpr int good_square_value = 10;

  static int value_of_square(int r, int c, int n) {
    // Distance to the nearest edge along each axis, capped at 2 (the third ring is "inside").
    const int dr = r < n - 1 - r ? r : n - 1 - r;
    const int dc = c < n - 1 - c ? c : n - 1 - c;
    const int a = dr < dc ? dr : dc;
    const int b = dr < dc ? dc : dr;
    if (a == 0 && b == 0) return 18;  // corner
    if (a == 1 && b == 1) return 2;   // next to a corner, diagonally
    if (a == 0 && b == 1) return 4;   // next to a corner, on the edge
    if (a == 0) return b == 2 ? 16 : 12;
    if (a == 1) return b == 2 ? 6 : 8;
    if (a == 2 && b == 2) return 14;
    return 10;
  }
};

}  // namespace reversi::endgame
