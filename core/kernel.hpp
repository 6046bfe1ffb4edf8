// The move-generation kernel: legal moves and flipped discs on a W-wide bit grid.
//
// Square (row, col) is bit row * W + col. Boards smaller than W x W live in the
// top-left corner: the squares outside them are always empty, so they stop every
// line exactly like the edge does, and the caller masks them out of the moves.
// Black holes work the same way. One template serves every board size.
#pragma once

#include <array>
#include <type_traits>

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
  // Runs grow two squares a step once pairs of crossable squares are known (W - 2 at most).
  template <int S>
  static B run_ends(B player, B crossable) {
    B x = shift<S>(player) & crossable;
    x |= shift<S>(x) & crossable;
    const B pairs = crossable & shift<S>(crossable);
    for (int covered = 2; covered < W - 2; covered += 2) x |= shift<2 * S>(x) & pairs;
    return shift<S>(x);
  }

  // Empty squares where the player to move flips at least one disc.
  static B legal_moves(B player, B opponent, B empty) {
    if constexpr (vectorised) {
      return vector_legal_moves(player, opponent, empty);
    } else {
      return scalar_legal_moves(player, opponent, empty);
    }
  }

  // The opponent discs a move on `square` flips (empty if the move is illegal).
  static B flips(B player, B opponent, int square) {
    if constexpr (vectorised) {
      return vector_flips(player, opponent, square);
    } else {
      return scalar_flips(player, opponent, square);
    }
  }

  // On the 64-bit grid four directions go through one 256-bit vector at a time.
  static constexpr bool vectorised = std::is_same_v<B, Bits64> && W == 8;

  static B scalar_legal_moves(B player, B opponent, B empty) {
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

  static B scalar_flips(B player, B opponent, int square) {
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

  // Lanes: east/west (1), south/north (W), south-west/north-east (W - 1), south-east/north-west
  // (W + 1); each lane shifts left for one direction and right for the opposite one.
  using Lanes = Bits64 __attribute__((vector_size(32)));
  static constexpr Lanes step = {1, W, W - 1, W + 1};
  static constexpr Lanes double_step = {2, 2 * W, 2 * W - 2, 2 * W + 2};

  static Lanes broadcast(Bits64 x) { return Lanes{x, x, x, x}; }
  static Bits64 lanes_or(Lanes v) { return v[0] | v[1] | v[2] | v[3]; }
  static Lanes crossable_lanes(Bits64 opponent) {
    const Lanes edge = {static_cast<Bits64>(inner_columns), ~Bits64{0},
                        static_cast<Bits64>(inner_columns), static_cast<Bits64>(inner_columns)};
    return broadcast(opponent) & edge;
  }

  // Runs of crossable discs that start next to a `from` square, in both directions of each lane.
  struct Runs {
    Lanes up;
    Lanes down;
  };
  static Runs runs_from(Lanes from, Lanes cross) {
    Runs r{(from << step) & cross, (from >> step) & cross};
    r.up |= (r.up << step) & cross;
    r.down |= (r.down >> step) & cross;
    const Lanes pairs_up = cross & (cross << step);
    const Lanes pairs_down = pairs_up >> step;
    r.up |= (r.up << double_step) & pairs_up;
    r.down |= (r.down >> double_step) & pairs_down;
    r.up |= (r.up << double_step) & pairs_up;
    r.down |= (r.down >> double_step) & pairs_down;
    return r;
  }

  static Bits64 vector_legal_moves(Bits64 player, Bits64 opponent, Bits64 empty) {
    const Runs r = runs_from(broadcast(player), crossable_lanes(opponent));
    return lanes_or((r.up << step) | (r.down >> step)) & empty;
  }

  static Bits64 vector_flips(Bits64 player, Bits64 opponent, int square) {
    const Runs r = runs_from(broadcast(Bits64{1} << square), crossable_lanes(opponent));
    const Lanes p = broadcast(player);
    // A run flips only if the square just past its end holds the player's disc.
    const Lanes closed_up = ((r.up << step) & p) != 0;
    const Lanes closed_down = ((r.down >> step) & p) != 0;
    return lanes_or((r.up & closed_up) | (r.down & closed_down));
  }
};

using Kernel8 = Kernel<Bits64, 8>;
using Kernel10 = Kernel<Bits128, 10>;

}  // namespace reversi
