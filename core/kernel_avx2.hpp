// The move generator's AVX2 path on the 8x8 grid (core/kernel.hpp): four directions per 256-bit
// register. The one place the AVX2 path is chosen: only when the compiler targets AVX2.
#pragma once

#include <array>

#include "core/bits.hpp"

#if defined(__AVX2__)
#include <immintrin.h>
#define REVERSI_KERNEL_AVX2 1
#else
#define REVERSI_KERNEL_AVX2 0
#endif

#if REVERSI_KERNEL_AVX2
namespace reversi::avx2 {

// Lanes: east/west (1), south-west/north-east (width - 1), south/north (width), south-east/
// north-west (width + 1); each lane shifts left for one direction and right for the opposite one.
using Lanes = Bits64 __attribute__((vector_size(32)));
inline constexpr Bits64 width = 8;
inline constexpr Lanes step = {1, width - 1, width, width + 1};
inline constexpr Lanes double_step = {2, 2 * width - 2, 2 * width, 2 * width + 2};

[[gnu::always_inline]] inline Lanes broadcast(Bits64 x) {
  return Lanes{x, x, x, x};
}
[[gnu::always_inline]] inline Bits64 lanes_or(Lanes v) {
  return v[0] | v[1] | v[2] | v[3];
}

// Kernel::run_ends on all four lines at once; `inner_columns`: the squares off the first and last
// columns, which a horizontal or diagonal run may cross.
[[gnu::always_inline]] inline Bits64 legal_moves(Bits64 player, Bits64 opponent, Bits64 empty,
                                                 Bits64 inner_columns) {
  const Lanes edge = {inner_columns, inner_columns, ~Bits64{0}, inner_columns};
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

// Kernel::scalar_flips on all eight rays of a square at once: the four going up in bit index
// (+1, +7, +8, +9, in `ray[0..3]`) in one register, the four going down in another.
[[gnu::always_inline]] inline Bits64 flips(Bits64 player, Bits64 opponent,
                                           const std::array<Bits64, 8>& ray) {
  const __m256i p = _mm256_set1_epi64x(static_cast<long long>(player));
  const __m256i o = _mm256_set1_epi64x(static_cast<long long>(opponent));
  const __m256i zero = _mm256_setzero_si256();
  const __m256i one = _mm256_set1_epi64x(1);

  // Up: the first non-opponent square is the lowest set bit of the stops.
  const __m256i up = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(ray.data()));
  const __m256i up_stops = _mm256_andnot_si256(o, up);
  const __m256i up_first = _mm256_and_si256(up_stops, _mm256_sub_epi64(zero, up_stops));
  const __m256i up_open = _mm256_cmpeq_epi64(_mm256_and_si256(up_first, p), zero);
  const __m256i up_flips =
      _mm256_andnot_si256(up_open, _mm256_and_si256(up, _mm256_sub_epi64(up_first, one)));

  // Down: fill every stop downwards along its ray; what remains above the highest stop is the
  // run next to the square, and the highest stop is the only one the shifted fill misses.
  const __m256i down = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(&ray[4]));
  const __m256i down_stops = _mm256_andnot_si256(o, down);
  const __m256i dir = _mm256_set_epi64x(width + 1, width, width - 1, 1);
  __m256i fill = down_stops;
  fill = _mm256_or_si256(fill, _mm256_srlv_epi64(fill, dir));
  fill = _mm256_or_si256(fill, _mm256_srlv_epi64(fill, _mm256_add_epi64(dir, dir)));
  fill = _mm256_or_si256(fill, _mm256_srlv_epi64(fill, _mm256_slli_epi64(dir, 2)));
  const __m256i down_first = _mm256_andnot_si256(_mm256_srlv_epi64(fill, dir), down_stops);
  const __m256i down_open = _mm256_cmpeq_epi64(_mm256_and_si256(down_first, p), zero);
  const __m256i down_flips = _mm256_andnot_si256(down_open, _mm256_andnot_si256(fill, down));

  const __m256i all = _mm256_or_si256(up_flips, down_flips);
  const __m128i half = _mm_or_si128(_mm256_castsi256_si128(all), _mm256_extracti128_si256(all, 1));
  return static_cast<Bits64>(_mm_cvtsi128_si64(half) | _mm_extract_epi64(half, 1));
}

}  // namespace reversi::avx2
#endif
