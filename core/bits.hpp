// Square sets as bit masks: 64 bits for boards up to 8x8, 128 bits for 10x10.
#pragma once

#include <bit>
#include <cstdint>

#if defined(__BMI2__)
#include <immintrin.h>
#endif

namespace reversi {

using Bits64 = std::uint64_t;
using Bits128 = unsigned __int128;
// The board-wide set type used by the size-independent rules layer.
using Bits = Bits128;

inline int popcount(Bits64 x) {
  return std::popcount(x);
}
inline int popcount(Bits128 x) {
  return std::popcount(static_cast<Bits64>(x)) + std::popcount(static_cast<Bits64>(x >> 64));
}

inline int lowest_square(Bits64 x) {
  return std::countr_zero(x);
}
inline int lowest_square(Bits128 x) {
  const auto low = static_cast<Bits64>(x);
  return low != 0 ? std::countr_zero(low) : 64 + std::countr_zero(static_cast<Bits64>(x >> 64));
}

inline int highest_square(Bits64 x) {
  return 63 - std::countl_zero(x);
}
inline int highest_square(Bits128 x) {
  const auto high = static_cast<Bits64>(x >> 64);
  return high != 0 ? 127 - std::countl_zero(high) : 63 - std::countl_zero(static_cast<Bits64>(x));
}

template <class B>
constexpr B bit(int square) {
  return B(1) << square;
}

// Bits of `x` under `mask`, packed to the low end (lowest square first); inline, since the
// pattern evaluation and the last flip count call it in their innermost loops.
inline Bits64 extract_bits(Bits64 x, Bits64 mask) {
#if defined(__BMI2__)
  return _pext_u64(x, mask);
#else
  Bits64 out = 0;
  int at = 0;
  for (; mask != 0; mask &= mask - 1, ++at)
    if ((x & mask & (0 - mask)) != 0) out |= Bits64{1} << at;
  return out;
#endif
}

// Calls f(square) for every set bit, lowest first.
template <class B, class F>
void for_each_square(B set, F&& f) {
  while (set != 0) {
    f(lowest_square(set));
    set &= set - 1;
  }
}

}  // namespace reversi
