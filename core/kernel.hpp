// The move generator: legal moves and flipped discs on a W-wide bit grid. The only one in the
// tree; perft, the rules layer, the puzzle search, the estimate and the endgame solver all call it.
//
// Square (row, col) is bit row * W + col. Boards smaller than W x W live in the
// top-left corner: the squares outside them are always empty, so they stop every
// line exactly like the edge does, and the caller masks them out of the moves.
// Black holes work the same way. One template serves every board size.
//
// Two code paths: the portable scalar one (every grid) and, on the 64-bit grid when the compiler
// targets AVX2, a vector one that treats four directions per 256-bit register
// (core/kernel_avx2.hpp). `legal_moves` and `flips` pick the vector path when it exists; both
// paths stay callable by name, so the tests check each against the reference in one build.
#pragma once

#include <array>
#include <type_traits>

#include "core/bits.hpp"
#include "core/kernel_avx2.hpp"

namespace reversi {

template <class B, int W>
struct Kernel {
  using Bits = B;
  static constexpr int width = W;
  static constexpr int squares = W * W;
  // The vector path: only on the 64-bit grid, only when the target has AVX2.
  static constexpr bool vectorised = REVERSI_KERNEL_AVX2 && std::is_same_v<B, Bits64> && W == 8;

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

  // Empty squares where the player to move flips at least one disc.
  static B legal_moves(B player, B opponent, B empty) {
    return legal_moves_inlined(player, opponent, empty);
  }

  // The opponent discs a move on `square` flips (empty if the move is illegal).
  static B flips(B player, B opponent, int square) {
    return flips_inlined(player, opponent, square);
  }

  // The same two, always inlined: for the exact solver's node loops, where GCC's inlining budget
  // runs out and leaves them calls (FFO 40: 4% more instructions). Elsewhere the compiler's own
  // choice is better (perft: 7% slower with them forced inline).
  [[gnu::always_inline]] static B legal_moves_inlined(B player, B opponent, B empty) {
    if constexpr (vectorised) {
      return vector_legal_moves(player, opponent, empty);
    } else {
      return scalar_legal_moves(player, opponent, empty);
    }
  }

  [[gnu::always_inline]] static B flips_inlined(B player, B opponent, int square) {
    if constexpr (vectorised) {
      return vector_flips(player, opponent, square);
    } else {
      return scalar_flips(player, opponent, square);
    }
  }

  // ---- The portable path ----

  // Squares beyond runs of `crossable` discs next to `player`, both ways along a line of step S.
  // Runs grow two squares a step once pairs of crossable squares are known (W - 2 at most).
  template <int S>
  static B run_ends(B player, B crossable) {
    B up = crossable & (player << S);
    B down = crossable & (player >> S);
    up |= crossable & (up << S);
    down |= crossable & (down >> S);
    const B pairs_up = crossable & (crossable << S);
    const B pairs_down = pairs_up >> S;
    for (int covered = 2; covered < W - 2; covered += 2) {
      up |= pairs_up & (up << (2 * S));
      down |= pairs_down & (down >> (2 * S));
    }
    return (up << S) | (down >> S);
  }

  static B scalar_legal_moves(B player, B opponent, B empty) {
    const B side = opponent & inner_columns;
    return (run_ends<1>(player, side) | run_ends<W>(player, opponent) |
            run_ends<W - 1>(player, side) | run_ends<W + 1>(player, side)) &
           empty;
  }

  struct Rays {
    // Per square, the squares along each direction: first the four that go up in bit index
    // (+1, +W - 1, +W, +W + 1), then the opposite four in the same order.
    std::array<std::array<B, 8>, squares> ray{};
  };

  static constexpr Rays make_rays() {
    constexpr int dr[8] = {0, 1, 1, 1, 0, -1, -1, -1};
    constexpr int dc[8] = {1, -1, 0, 1, -1, 1, 0, -1};
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

  // Along each ray the first square that is not an opponent disc closes the run if it is ours.
  static B scalar_flips(B player, B opponent, int square) {
    const auto& ray = rays.ray[static_cast<std::size_t>(square)];
    B flipped = 0;
    for (std::size_t d = 0; d < 4; ++d) {
      const B stops = ray[d] & ~opponent;
      const B first = stops & (~stops + 1);
      if ((first & player) != 0) flipped |= ray[d] & (first - 1);
    }
    for (std::size_t d = 4; d < 8; ++d) {
      const B stops = ray[d] & ~opponent;
      if (stops == 0) continue;
      const B first = B(1) << highest_square(stops);
      if ((first & player) != 0) flipped |= ray[d] & ~((first << 1) - 1);
    }
    return flipped;
  }

#if REVERSI_KERNEL_AVX2
  // ---- The AVX2 path (64-bit grid only; core/kernel_avx2.hpp) ----

  [[gnu::always_inline]] static Bits64 vector_legal_moves(Bits64 player, Bits64 opponent,
                                                          Bits64 empty) requires vectorised {
    return avx2::legal_moves(player, opponent, empty, inner_columns);
  }

  [[gnu::always_inline]] static Bits64 vector_flips(Bits64 player, Bits64 opponent,
                                                    int square) requires vectorised {
    return avx2::flips(player, opponent, rays.ray[static_cast<std::size_t>(square)]);
  }
#endif
};

using Kernel8 = Kernel<Bits64, 8>;
using Kernel10 = Kernel<Bits128, 10>;

// The square-set type of a kernel.
template <class K>
using BitsOf = typename K::Bits;

}  // namespace reversi
