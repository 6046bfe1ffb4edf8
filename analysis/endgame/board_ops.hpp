// The solver's hot primitives: legal moves and flips on raw bitboards.
//
// Ops<Kernel8> is the tuned 64-bit path that serves every board up to 8x8 (smaller boards and
// black holes are squares that stay empty, so they stop every line); Ops<Kernel10> falls back
// on the generic kernel. Both agree with core/kernel.hpp, which tests check square by square.
#pragma once

#include <array>
#include <cstdint>

#include "core/kernel.hpp"

#if defined(__AVX2__)
#include <immintrin.h>
#endif

namespace reversi::endgame {

template <class K>
using BitsOf = decltype(K::all_squares());

template <class K>
struct Ops {
  using B = BitsOf<K>;
  static B moves(B player, B opponent, B empty) { return K::legal_moves(player, opponent, empty); }
  static B flips(B player, B opponent, int square) { return K::flips(player, opponent, square); }
};

namespace detail {

// Squares beyond runs of `mask` discs next to `player`, both ways along a line with step D.
// Runs are at most six discs long on an 8-wide grid: 1 + 1 + 2 + 2 squares per doubling step.
template <int D>
inline Bits64 moves_along(Bits64 player, Bits64 mask) {
  Bits64 left = mask & (player << D);
  Bits64 right = mask & (player >> D);
  left |= mask & (left << D);
  right |= mask & (right >> D);
  const Bits64 pair_left = mask & (mask << D);
  const Bits64 pair_right = pair_left >> D;
  left |= pair_left & (left << (2 * D));
  right |= pair_right & (right >> (2 * D));
  left |= pair_left & (left << (2 * D));
  right |= pair_right & (right >> (2 * D));
  return (left << D) | (right >> D);
}

// Per square, the four rays that go up in bit index (+1, +7, +8, +9) and the four that go down.
struct RayTable {
  struct Entry {
    std::array<Bits64, 4> up;
    std::array<Bits64, 4> down;
  };
  std::array<Entry, 64> at{};
};

constexpr RayTable make_ray_table() {
  constexpr int dr[4] = {0, 1, 1, 1};
  constexpr int dc[4] = {1, -1, 0, 1};
  RayTable t{};
  for (int sq = 0; sq < 64; ++sq) {
    for (int d = 0; d < 4; ++d) {
      for (int sign = 1; sign >= -1; sign -= 2) {
        Bits64 m = 0;
        int r = sq / 8 + sign * dr[d];
        int c = sq % 8 + sign * dc[d];
        while (r >= 0 && r < 8 && c >= 0 && c < 8) {
          m |= Bits64{1} << (r * 8 + c);
          r += sign * dr[d];
          c += sign * dc[d];
        }
        auto& e = t.at[static_cast<std::size_t>(sq)];
        (sign > 0 ? e.up : e.down)[static_cast<std::size_t>(d)] = m;
      }
    }
  }
  return t;
}

inline constexpr RayTable ray_table = make_ray_table();

#if defined(__AVX2__)
// All eight directions at once: four rays going up and four going down, one per 64-bit lane.
inline Bits64 flips_avx2(Bits64 player, Bits64 opponent, int square) {
  const auto& e = ray_table.at[static_cast<std::size_t>(square)];
  const __m256i p = _mm256_set1_epi64x(static_cast<long long>(player));
  const __m256i o = _mm256_set1_epi64x(static_cast<long long>(opponent));
  const __m256i zero = _mm256_setzero_si256();
  const __m256i one = _mm256_set1_epi64x(1);

  // Up: the first non-opponent square is the lowest set bit of the stops.
  const __m256i up = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(e.up.data()));
  const __m256i up_stops = _mm256_andnot_si256(o, up);
  const __m256i up_first = _mm256_and_si256(up_stops, _mm256_sub_epi64(zero, up_stops));
  const __m256i up_closed = _mm256_cmpeq_epi64(_mm256_and_si256(up_first, p), zero);
  const __m256i up_flips =
      _mm256_andnot_si256(up_closed, _mm256_and_si256(up, _mm256_sub_epi64(up_first, one)));

  // Down: fill every stop downwards along its ray; what remains above the highest stop is the
  // run next to the square, and the highest stop is the only stop not covered by the shifted fill.
  const __m256i down = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(e.down.data()));
  const __m256i down_stops = _mm256_andnot_si256(o, down);
  const __m256i step = _mm256_set_epi64x(9, 8, 7, 1);
  __m256i fill = down_stops;
  fill = _mm256_or_si256(fill, _mm256_srlv_epi64(fill, step));
  fill = _mm256_or_si256(fill, _mm256_srlv_epi64(fill, _mm256_add_epi64(step, step)));
  fill = _mm256_or_si256(fill, _mm256_srlv_epi64(fill, _mm256_slli_epi64(step, 2)));
  const __m256i down_first = _mm256_andnot_si256(_mm256_srlv_epi64(fill, step), down_stops);
  const __m256i down_closed = _mm256_cmpeq_epi64(_mm256_and_si256(down_first, p), zero);
  const __m256i down_flips = _mm256_andnot_si256(down_closed, _mm256_andnot_si256(fill, down));

  const __m256i all = _mm256_or_si256(up_flips, down_flips);
  const __m128i half = _mm_or_si128(_mm256_castsi256_si128(all), _mm256_extracti128_si256(all, 1));
  return static_cast<Bits64>(_mm_cvtsi128_si64(half) | _mm_extract_epi64(half, 1));
}
#endif

inline Bits64 flips_scalar(Bits64 player, Bits64 opponent, int square) {
  const auto& e = ray_table.at[static_cast<std::size_t>(square)];
  Bits64 flipped = 0;
  for (std::size_t d = 0; d < 4; ++d) {
    const Bits64 stops = e.up[d] & ~opponent;
    const Bits64 first = stops & (0 - stops);
    if ((first & player) != 0) flipped |= e.up[d] & (first - 1);
  }
  for (std::size_t d = 0; d < 4; ++d) {
    const Bits64 stops = e.down[d] & ~opponent;
    if (stops == 0) continue;
    const Bits64 first = Bits64{1} << (63 - std::countl_zero(stops));
    if ((first & player) != 0) flipped |= e.down[d] & ~((first << 1) - 1);
  }
  return flipped;
}

}  // namespace detail

template <>
struct Ops<Kernel8> {
  using B = Bits64;
  static B moves(B player, B opponent, B empty) {
    constexpr Bits64 inner = 0x7E7E7E7E7E7E7E7Eull;
    const Bits64 side = opponent & inner;
    return (detail::moves_along<1>(player, side) | detail::moves_along<8>(player, opponent) |
            detail::moves_along<7>(player, side) | detail::moves_along<9>(player, side)) &
           empty;
  }
  static B flips(B player, B opponent, int square) {
#if defined(__AVX2__)
    return detail::flips_avx2(player, opponent, square);
#else
    return detail::flips_scalar(player, opponent, square);
#endif
  }
};

}  // namespace reversi::endgame
