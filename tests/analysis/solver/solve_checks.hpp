// What the solver tests share: a plain request for a position, and a principal variation played
// out to the value it claims.
#pragma once

#include <catch2/catch.hpp>

#include "analysis/solver/search.hpp"

namespace reversi::solve_checks {

inline SolveRequest request(const Rules& rules, const Position& p) {
  SolveRequest r;
  r.rules = rules;
  r.root = p;
  return r;
}

// Plays the principal variation and checks that it ends with the value claimed.
inline void check_pv(const Rules& rules, const Position& root, const SolveResult& result) {
  Position p = root;
  for (Square sq : result.pv) {
    if (sq == no_square) {
      REQUIRE(rules.legal_moves(p) == 0);
      p = rules.pass(p);
    } else {
      REQUIRE((rules.legal_moves(p) & bit<Bits>(sq)) != 0);
      p = rules.play(p, sq);
    }
  }
  REQUIRE(rules.game_over(p));
  REQUIRE(rules.value(p, root.to_move) == result.value);
}

}  // namespace reversi::solve_checks
