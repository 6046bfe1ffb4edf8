// Plain games for the annotate tests: random play, records of it, exact values by plain minimax
// over the reference rules, and annotate's options for a given exact horizon.
#pragma once

#include <random>
#include <vector>

#include "analysis/annotate.hpp"
#include "reference.hpp"

namespace reversi::annotate_games {

// The exact value for the mover, by plain minimax over the reference rules.
inline int minimax(const Rules& rules, const Position& p) {
  return reference::minimax(rules, reference::from_position(rules, p));
}

// A record of `moves` (passes as no_square, written as "pass") from `start`.
inline records::GameRecord record_of(const Rules& rules, const Position& start,
                                     const std::vector<Square>& moves) {
  records::GameRecord r;
  r.rules = rules;
  r.start = start;
  for (Square sq : moves)
    r.moves.push_back(
        WrittenMove{sq == no_square ? "pass" : rules.geometry().name(sq), sq, std::nullopt});
  return r;
}

// A whole game by random play from `start`, passes left out (they are inferred).
inline std::vector<Square> random_game(const Rules& rules, const Position& start,
                                       std::mt19937_64& rng, bool* had_pass = nullptr) {
  std::vector<Square> moves;
  Position p = start;
  while (!rules.game_over(p)) {
    Bits legal = rules.legal_moves(p);
    if (legal == 0) {
      if (had_pass != nullptr) *had_pass = true;
      p = rules.pass(p);
      continue;
    }
    int pick = static_cast<int>(rng() % static_cast<std::uint64_t>(popcount(legal)));
    while (pick-- > 0) legal &= legal - 1;
    const Square sq = lowest_square(legal);
    moves.push_back(sq);
    p = rules.play(p, sq);
  }
  return moves;
}

inline AnnotateOptions exact_from(int empties_limit) {
  AnnotateOptions o;
  o.exact_empties = empties_limit;
  o.estimate_depth = 3;
  return o;
}

}  // namespace reversi::annotate_games
