// The eight symmetries of the 8x8 board on 64-bit bitboards, and the canonical image of a
// position under them: the key the database indexes positions by.
#pragma once

#include <cstdint>

#include "core/geometry.hpp"

namespace reversi::db {

// Symmetry s as Geometry numbers it: bit 0 mirrors columns, bit 1 mirrors rows, bit 2
// transposes first. Bit tricks instead of a loop over squares, since the build turns every
// indexed position eight ways.
std::uint64_t transform(std::uint64_t set, int symmetry);
Square transform(Square sq, int symmetry);
// The symmetry that undoes `symmetry`.
int inverse(int symmetry);

// A position turned to its canonical image: the smallest (player, opponent) pair of the eight.
struct Canonical {
  std::uint64_t player = 0;
  std::uint64_t opponent = 0;
  int symmetry = 0;  // canonical = transform(given, symmetry)
  // The symmetries that leave the canonical image unchanged (bit s set for symmetry s).
  unsigned stabilizer = 1;
  std::int64_t key() const;  // the 64-bit hash the positions table is keyed by
};
Canonical canonical(std::uint64_t player, std::uint64_t opponent);

// Whether a symmetry that keeps the position maps move `a` onto move `b`: the two moves lead to
// the same position up to symmetry (f5 and d3 at the start).
bool equivalent_moves(std::uint64_t player, std::uint64_t opponent, Square a, Square b);

}  // namespace reversi::db
