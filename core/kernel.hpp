// The move-generation kernel: legal moves and flipped discs on a W-wide bit grid.
//
// Square (row, col) is bit row * W + col. Boards smaller than W x W live in the
// top-left corner: the squares outside them are always empty, so they stop every
// line exactly like the edge does, and the caller masks them out of the moves.
// Black holes work the same way. One template serves every board size.
#pragma once

#include <array>

#include "core/bits.hpp"

namespace reversi {

template <class B, int W>
struct Kernel {
  static constexpr int width = W;
  static constexpr int squares = W * W;

  static constexpr B all_squares() {
    return squares == static_cast<int>(sizeof(B) * 8) ? ~B(0) : (B(1) << squares) - 1;
  }

  static constexpr B column(int c) {
    B m = 0;
    for (int r = 0; r < W; ++r) m |= B(1) << (r * W + c);
    return m;
  }

  // Opponent discs that a horizontal or diagonal run may cross without wrapping a row.
  static constexpr B inner_columns = all_squares() & ~column(0) & ~column(W - 1);

  template <int S>
  static constexpr B shift(B x) {
    if constexpr (S > 0) {
      return x << S;
    } else {
      return x >> -S;
    }
  }

  // Squares beyond a run of `crossable` discs that starts next to a `player` disc.
  template <int S>
  static B run_ends(B player, B crossable) {
    B x = shift<S>(player) & crossable;
    for (int i = 0; i < W - 3; ++i) x |= shift<S>(x) & crossable;
    return shift<S>(x);
  }

  // Empty squares where the player to move flips at least one disc.
  static B legal_moves(B player, B opponent, B empty) {
    const B side = opponent & inner_columns;
    B m = run_ends<1>(player, side) | run_ends<-1>(player, side);
    m |= run_ends<W>(player, opponent) | run_ends<-W>(player, opponent);
    m |= run_ends<W + 1>(player, side) | run_ends<-W - 1>(player, side);
    m |= run_ends<W - 1>(player, side) | run_ends<-W + 1>(player, side);
    return m & empty;
  }

  struct Rays {
    // Per square, the squares along each direction; the first four go up in bit index.
    std::array<std::array<B, 8>, squares> ray{};
  };

  static constexpr Rays make_rays() {
    constexpr int dr[8] = {0, 1, 1, 1, 0, -1, -1, -1};
    constexpr int dc[8] = {1, -1, 0, 1, -1, -1, 0, 1};
    Rays rays{};
    for (int sq = 0; sq < squares; ++sq) {
      for (int d = 0; d < 8; ++d) {
        B m = 0;
        int r = sq / W + dr[d];
        int c = sq % W + dc[d];
        while (r >= 0 && r < W && c >= 0 && c < W) {
          m |= B(1) << (r * W + c);
          r += dr[d];
          c += dc[d];
        }
        rays.ray[static_cast<std::size_t>(sq)][static_cast<std::size_t>(d)] = m;
      }
    }
    return rays;
  }

  static constexpr Rays rays = make_rays();

  // The opponent discs a move on `square` flips (empty if the move is illegal).
  static B flips(B player, B opponent, int square) {
    const auto& ray = rays.ray[static_cast<std::size_t>(square)];
    B flipped = 0;
    for (int d = 0; d < 4; ++d) {
      const B line = ray[static_cast<std::size_t>(d)];
      const B stops = line & ~opponent;
      const B first = stops & (~stops + 1);
      if ((first & player) != 0) flipped |= line & (first - 1);
    }
    for (int d = 4; d < 8; ++d) {
      const B line = ray[static_cast<std::size_t>(d)];
      const B stops = line & ~opponent;
      if (stops == 0) continue;
      const B first = B(1) << highest_square(stops);
      if ((first & player) != 0) flipped |= line & ~((first << 1) - 1);
    }
    return flipped;
  }
};

using Kernel8 = Kernel<Bits64, 8>;
using Kernel10 = Kernel<Bits128, 10>;

}  // namespace reversi
