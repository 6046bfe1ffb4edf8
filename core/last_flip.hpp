// How many discs the last move of a full 8x8 board flips, counted without finding them: with one
// empty square every other square holds a disc, so one side's discs say where the other's are,
// and each of the four lines through the square is a lookup of that side's discs on the line.
// The exact solver's last empty is most of its nodes (core/kernel.hpp finds the same flips as a
// set; tests/core/last_flip_test.cpp checks the two agree).
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>

#include "core/bits.hpp"

namespace reversi {

namespace last_flip_detail {

inline constexpr std::size_t lines_per_square = 4;  // row, column and the two diagonals
inline constexpr int line_max = 8;
inline constexpr std::size_t patterns = 1 << line_max;

struct Lines {
  std::array<Bits64, lines_per_square> mask{};
  // Where the square's table of runs starts: its place on the line times `patterns`.
  std::array<std::size_t, lines_per_square> offset{};
};

struct Tables {
  std::array<Lines, 64> lines{};
  // Per place on a line and pattern of the player's discs on it (lowest square first), the
  // opponent discs between the place and the player's nearest disc each way, where one closes
  // the run; squares past a short line's end read as never closing it.
  std::array<std::uint8_t, line_max * patterns> runs{};
};

constexpr int run_length(int place, unsigned pattern, int step) {
  int n = 0;
  for (int i = place + step; i >= 0 && i < line_max; i += step, ++n)
    if (((pattern >> i) & 1U) != 0) return n;
  return 0;
}

constexpr Bits64 line_through(int square, int dr, int dc) {
  Bits64 m = 0;
  for (int sign = -1; sign <= 1; sign += 2) {
    int r = square / 8;
    int c = square % 8;
    while (r >= 0 && r < 8 && c >= 0 && c < 8) {
      m |= Bits64{1} << (r * 8 + c);
      r += sign * dr;
      c += sign * dc;
    }
  }
  return m;
}

constexpr Tables make_tables() {
  Tables t{};
  for (int place = 0; place < line_max; ++place)
    for (unsigned pattern = 0; pattern < patterns; ++pattern)
      t.runs[static_cast<std::size_t>(place) * patterns + pattern] =
          static_cast<std::uint8_t>(run_length(place, pattern, 1) + run_length(place, pattern, -1));
  constexpr int directions[lines_per_square][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
  for (int sq = 0; sq < 64; ++sq) {
    auto& lines = t.lines[static_cast<std::size_t>(sq)];
    for (std::size_t k = 0; k < lines_per_square; ++k) {
      const Bits64 m = line_through(sq, directions[k][0], directions[k][1]);
      lines.mask[k] = m;
      lines.offset[k] =
          static_cast<std::size_t>(std::popcount(m & ((Bits64{1} << sq) - 1))) * patterns;
    }
  }
  return t;
}

inline constexpr Tables tables = make_tables();

}  // namespace last_flip_detail

// Discs flipped when the side with discs `player` plays on `square`, the only empty square of an
// 8x8 board (every square not the player's nor `square` is the opponent's); 0: no move there.
inline int count_last_flips(Bits64 player, int square) {
  using namespace last_flip_detail;
  const Lines& l = tables.lines[static_cast<std::size_t>(square)];
  int n = 0;
  for (std::size_t k = 0; k < lines_per_square; ++k)
    n += tables.runs[l.offset[k] + static_cast<std::size_t>(extract_bits(player, l.mask[k]))];
  return n;
}

}  // namespace reversi
