#include "db/symmetry.hpp"

#include <bit>

#include "core/hash.hpp"

namespace reversi::db {

namespace {

std::uint64_t mirror_columns(std::uint64_t x) {
  x = ((x >> 1) & 0x5555555555555555ull) | ((x & 0x5555555555555555ull) << 1);
  x = ((x >> 2) & 0x3333333333333333ull) | ((x & 0x3333333333333333ull) << 2);
  return ((x >> 4) & 0x0F0F0F0F0F0F0F0Full) | ((x & 0x0F0F0F0F0F0F0F0Full) << 4);
}

std::uint64_t mirror_rows(std::uint64_t x) {
  return __builtin_bswap64(x);
}

// Square (r, c) to (c, r): three delta swaps of blocks across the a1-h8 diagonal.
std::uint64_t transpose(std::uint64_t x) {
  std::uint64_t t = 0x0F0F0F0F00000000ull & (x ^ (x << 28));
  x ^= t ^ (t >> 28);
  t = 0x3333000033330000ull & (x ^ (x << 14));
  x ^= t ^ (t >> 14);
  t = 0x5500550055005500ull & (x ^ (x << 7));
  return x ^ t ^ (t >> 7);
}

}  // namespace

std::uint64_t transform(std::uint64_t set, int symmetry) {
  if (symmetry & 4) set = transpose(set);
  if (symmetry & 1) set = mirror_columns(set);
  if (symmetry & 2) set = mirror_rows(set);
  return set;
}

Square transform(Square sq, int symmetry) {
  if (sq < 0 || sq >= 64) return sq;
  return std::countr_zero(transform(std::uint64_t{1} << sq, symmetry));
}

int inverse(int symmetry) {
  if (!(symmetry & 4)) return symmetry;
  // Transposing swaps which mirror applies to rows and which to columns.
  return 4 | ((symmetry & 1) << 1) | ((symmetry & 2) >> 1);
}

std::int64_t Canonical::key() const {
  return static_cast<std::int64_t>(position_hash<std::uint64_t>(player, opponent));
}

Canonical canonical(std::uint64_t player, std::uint64_t opponent) {
  Canonical best{player, opponent, 0, 1};
  for (int s = 1; s < symmetry_count; ++s) {
    const std::uint64_t p = transform(player, s);
    const std::uint64_t o = transform(opponent, s);
    if (p < best.player || (p == best.player && o < best.opponent)) {
      best = {p, o, s, 0};
    }
  }
  // The stabilizer of the canonical image: the symmetries mapping it onto itself.
  best.stabilizer = 0;
  for (int s = 0; s < symmetry_count; ++s)
    if (transform(best.player, s) == best.player && transform(best.opponent, s) == best.opponent)
      best.stabilizer |= 1u << s;
  return best;
}

bool equivalent_moves(std::uint64_t player, std::uint64_t opponent, Square a, Square b) {
  for (int s = 0; s < symmetry_count; ++s)
    if (transform(player, s) == player && transform(opponent, s) == opponent &&
        transform(a, s) == b)
      return true;
  return false;
}

}  // namespace reversi::db
