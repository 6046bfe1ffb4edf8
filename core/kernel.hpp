// The move generator: legal moves and flipped discs on a W-wide bit grid. The only one in the
// tree; perft, the rules layer, the puzzle search, the estimate and the endgame solver all call it.
//
// Square (row, col) is bit row * W + col. Boards smaller than W x W live in the
// top-left corner: the squares outside them are always empty, so they stop every
// line exactly like the edge does, and the caller masks them out of the moves.
// Black holes work the same way. One template serves every board size.
//
// Two code paths: the portable scalar one (every grid) and, on the 64-bit grid when the compiler
// targets AVX2, a vector one that treats four directions per 256-bit register. `legal_moves` and
// `flips` pick the vector path when it exists; both paths stay callable by name, so the tests
// check each against the reference in one build.
#pragma once

#include <array>
#include <type_traits>

#include "core/bits.hpp"

// The one place the AVX2 path is chosen.
#if defined(__AVX2__)
#include <immintrin.h>
#define REVERSI_KERNEL_AVX2 1
#else
#define REVERSI_KERNEL_AVX2 0
#endif

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
  // ---- The AVX2 path (64-bit grid only) ----

  // Lanes: east/west (1), south-west/north-east (W - 1), south/north (W), south-east/north-west
  // (W + 1); each lane shifts left for one direction and right for the opposite one.
  using Lanes = Bits64 __attribute__((vector_size(32)));
  static constexpr Lanes step = {1, W - 1, W, W + 1};
  static constexpr Bits64 lane_width = W;
  static constexpr Lanes double_step = {2, 2 * lane_width - 2, 2 * lane_width, 2 * lane_width + 2};

  static Lanes broadcast(Bits64 x) {
    return Lanes{x, x, x, x};
  }
  static Bits64 lanes_or(Lanes v) {
    return v[0] | v[1] | v[2] | v[3];
  }

  // run_ends on all four lines at once.
  [[gnu::always_inline]] static Bits64 vector_legal_moves(Bits64 player, Bits64 opponent,
                                                          Bits64 empty) requires vectorised {
    const Lanes edge = {static_cast<Bits64>(inner_columns), static_cast<Bits64>(inner_columns),
                        ~Bits64{0}, static_cast<Bits64>(inner_columns)};
    const Lanes cross = broadcast(opponent) & edge;
    const Lanes from = broadcast(player);
    Lanes up = (from << step) & cross;
    Lanes down = (from >> step) & cross;
    up |= (up << step) & cross;
    down |= (down >> step) & cross;
    const Lanes pairs_up = cross & (cross << step);
    const Lanes pairs_down = pairs_up >> step;
    up |= (up << double_step) & pairs_up;
    down |= (down >> double_step) & pairs_down;
    up |= (up << double_step) & pairs_up;
    down |= (down >> double_step) & pairs_down;
    return lanes_or((up << step) | (down >> step)) & empty;
  }

  // scalar_flips on all eight rays at once: the four going up in one register, the four going
  // down in another.
  [[gnu::always_inline]] static Bits64 vector_flips(Bits64 player, Bits64 opponent,
                                                    int square) requires vectorised {
    const auto& ray = rays.ray[static_cast<std::size_t>(square)];
    const __m256i p = _mm256_set1_epi64x(static_cast<long long>(player));
    const __m256i o = _mm256_set1_epi64x(static_cast<long long>(opponent));
    const __m256i zero = _mm256_setzero_si256();
    const __m256i one = _mm256_set1_epi64x(1);

    // Up: the first non-opponent square is the lowest set bit of the stops.
    const __m256i up = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(&ray[0]));
    const __m256i up_stops = _mm256_andnot_si256(o, up);
    const __m256i up_first = _mm256_and_si256(up_stops, _mm256_sub_epi64(zero, up_stops));
    const __m256i up_open = _mm256_cmpeq_epi64(_mm256_and_si256(up_first, p), zero);
    const __m256i up_flips =
        _mm256_andnot_si256(up_open, _mm256_and_si256(up, _mm256_sub_epi64(up_first, one)));

    // Down: fill every stop downwards along its ray; what remains above the highest stop is the
    // run next to the square, and the highest stop is the only one the shifted fill misses.
    const __m256i down = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(&ray[4]));
    const __m256i down_stops = _mm256_andnot_si256(o, down);
    const __m256i dir = _mm256_set_epi64x(W + 1, W, W - 1, 1);
    __m256i fill = down_stops;
    fill = _mm256_or_si256(fill, _mm256_srlv_epi64(fill, dir));
    fill = _mm256_or_si256(fill, _mm256_srlv_epi64(fill, _mm256_add_epi64(dir, dir)));
    fill = _mm256_or_si256(fill, _mm256_srlv_epi64(fill, _mm256_slli_epi64(dir, 2)));
    const __m256i down_first = _mm256_andnot_si256(_mm256_srlv_epi64(fill, dir), down_stops);
    const __m256i down_open = _mm256_cmpeq_epi64(_mm256_and_si256(down_first, p), zero);
    const __m256i down_flips = _mm256_andnot_si256(down_open, _mm256_andnot_si256(fill, down));

    const __m256i all = _mm256_or_si256(up_flips, down_flips);
    const __m128i half =
        _mm_or_si128(_mm256_castsi256_si128(all), _mm256_extracti128_si256(all, 1));
    return static_cast<Bits64>(_mm_cvtsi128_si64(half) | _mm_extract_epi64(half, 1));
  }
#endif
};

using Kernel8 = Kernel<Bits64, 8>;
using Kernel10 = Kernel<Bits128, 10>;

// The square-set type of a kernel.
template <class K>
using BitsOf = typename K::Bits;

}  // namespace reversi
