// A slow, obvious array-based implementation of the rules: the oracle for the fast kernel.
#pragma once

#include <cstdint>
#include <random>
#include <vector>

#include "core/rules.hpp"

namespace reversi::reference {

enum Cell : std::uint8_t { empty = 0, dark = 1, light = 2, hole = 3 };

struct Board {
  int size = 8;
  std::vector<Cell> cells;  // row-major, size * size
  Cell to_move = dark;
  int supply[3] = {0, 10000, 10000};  // indexed by Cell
  bool free_start = false;

  Cell at(int r, int c) const { return cells[static_cast<std::size_t>(r * size + c)]; }
  Cell& at(int r, int c) { return cells[static_cast<std::size_t>(r * size + c)]; }
};

Board from_position(const Rules& rules, const Position& p);
// The start of a game under `rules`, written from the SPEC and not from Rules::initial(): the
// cross of four centre discs (light on the top-left and bottom-right of the centre), or an empty
// board where each side owns size * size / 2 discs whatever holes the board has.
Board initial(const Rules& rules);
Position to_position(const Rules& rules, const Board& b);

// Squares (row, col) flipped by the mover playing at (r, c); empty if illegal.
std::vector<std::pair<int, int>> flips(const Board& b, int r, int c);
std::vector<std::pair<int, int>> legal_moves(const Board& b);
Board play(const Board& b, int r, int c);
Board pass(const Board& b);
bool game_over(const Board& b);

// How much the sweeping random tests shrink: REVERSI_TEST_SCALE (default 1) divides their sizes,
// so the sanitizer run, some 10x slower, covers every check on fewer positions.
int test_scale();
inline int scaled(int n) {
  return (n + test_scale() - 1) / test_scale();
}

// Plain minimax over the reference rules: the exact margin for the side to move.
int minimax(const Rules& rules, const Board& b);

// A position reached by random legal play from the start of `rules`, `plies` moves deep.
Position random_position(const Rules& rules, std::mt19937_64& rng, int plies);

}  // namespace reversi::reference
