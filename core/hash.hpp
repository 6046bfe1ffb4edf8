// The one hash mixer of the position tables (the solver's, the estimate's, the puzzle search's and
// perft's): the position's 64-bit words, then the salt's, folded in turn by a multiply-xorshift
// step. Every table keeps the whole position in its entries, so a collision costs a slot, never a
// wrong answer.
#pragma once

#include <cstdint>

#include "core/bits.hpp"

namespace reversi {

inline std::uint64_t hash_step(std::uint64_t h, std::uint64_t word) {
  h ^= word;
  h *= 0xBF58476D1CE4E5B9ull;
  return h ^ (h >> 31);
}

// The hash of a side-relative position; `salt` tells apart entries for the same discs (the
// supply, the depth, the side to move).
template <class B>
std::uint64_t position_hash(B player, B opponent, std::uint64_t salt = 0) {
  std::uint64_t h = 0x9E3779B97F4A7C15ull ^ salt;
  if constexpr (sizeof(B) == 8) {
    h = hash_step(hash_step(h, player), opponent);
  } else {
    h = hash_step(hash_step(h, static_cast<std::uint64_t>(player)),
                  static_cast<std::uint64_t>(player >> 64));
    h = hash_step(hash_step(h, static_cast<std::uint64_t>(opponent)),
                  static_cast<std::uint64_t>(opponent >> 64));
  }
  return h;
}

}  // namespace reversi
