// What the solver tests share: a plain request for a position, and a principal variation played
// out to the value it claims.
#pragma once

#include <catch2/catch.hpp>
#include <vector>

#include "analysis/solver/search.hpp"

namespace reversi::solve_checks {

inline SolveRequest request(const Rules& rules, const Position& p) {
  SolveRequest r;
  r.rules = rules;
  r.root = p;
  return r;
}

// Plays a principal variation from `root`, each move checked legal (a pass only when no move
// is), and returns where it ends.
inline Position play_out(const Rules& rules, const Position& root, const std::vector<Square>& pv) {
  Position p = root;
  for (Square sq : pv) {
    if (sq == no_square) {
      REQUIRE(rules.legal_moves(p) == 0);
      p = rules.pass(p);
    } else {
      REQUIRE((rules.legal_moves(p) & bit<Bits>(sq)) != 0);
      p = rules.play(p, sq);
    }
  }
  return p;
}

// Plays the principal variation and checks that it ends the game with the value claimed.
inline void check_pv(const Rules& rules, const Position& root, const SolveResult& result) {
  const Position end = play_out(rules, root, result.pv);
  REQUIRE(rules.game_over(end));
  REQUIRE(rules.value(end, root.to_move) == result.value);
}

}  // namespace reversi::solve_checks
