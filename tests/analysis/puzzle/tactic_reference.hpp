// A plain reference for tactics (a forced wipeout or corner): a minimax over the number of the
// forcer's moves each line needs, with no table, no move ordering and no early exit, so that the
// AND-OR search of analysis/puzzle/tactic.cpp has something slow and obvious to agree with.
#pragma once

#include <algorithm>
#include <utility>
#include <vector>

#include "analysis/puzzle/tactic.hpp"

namespace reversi::test {

inline constexpr int never = 1000;

// Did the forcer's move `sq`, leading to `after` (the other side to move), reach the goal?
inline bool reached(const Rules& rules, TacticKind kind, Square sq, const Position& after) {
  const Geometry& g = rules.geometry();
  const int last = g.size() - 1;
  if (kind == TacticKind::wipeout) return popcount(after.player) == 0;
  return sq == g.square(0, 0) || sq == g.square(0, last) || sq == g.square(last, 0) ||
         sq == g.square(last, last);
}

// The fewest forcer moves that force the goal from here with at most `budget` of them left, or
// `never`: the forcer takes the least, the other side the most.
inline int need(const Rules& rules, TacticKind kind, const Position& p, bool forcer_to_move,
                int budget) {
  if (budget == 0 && forcer_to_move) return never;
  const Bits moves = rules.legal_moves(p);
  if (moves == 0) {
    const Position passed = rules.pass(p);
    if (rules.legal_moves(passed) == 0) return never;
    return need(rules, kind, passed, !forcer_to_move, budget);
  }
  int best = forcer_to_move ? never : 0;
  for (Square sq = 0; sq < 64; ++sq) {
    if ((moves & bit<Bits>(sq)) == 0) continue;
    const Position next = rules.play(p, sq);
    int v = 0;
    if (forcer_to_move) {
      v = reached(rules, kind, sq, next) ? 1 : need(rules, kind, next, false, budget - 1);
      if (v != never && !reached(rules, kind, sq, next)) v += 1;
      best = std::min(best, v);
    } else {
      best = std::max(best, need(rules, kind, next, true, budget));
    }
  }
  return best;
}

// Per first move, the fewest forcer moves (the first included) within `within`, else never.
inline std::vector<std::pair<Square, int>> first_needs(const Rules& rules, TacticKind kind,
                                                       const Position& p, int within) {
  std::vector<std::pair<Square, int>> out;
  const Bits moves = rules.legal_moves(p);
  for (Square sq = 0; sq < 64; ++sq) {
    if ((moves & bit<Bits>(sq)) == 0) continue;
    const Position next = rules.play(p, sq);
    int v = reached(rules, kind, sq, next) ? 1 : need(rules, kind, next, false, within - 1);
    if (v != never && !reached(rules, kind, sq, next)) v += 1;
    out.emplace_back(sq, v > within ? never : v);
  }
  return out;
}

// The reference's verdict on a position: the fewest forcer moves of any first move, and the
// first moves that achieve it that fast.
struct ReferenceTactic {
  int fewest = never;
  std::vector<Square> fastest;
};

inline ReferenceTactic reference_tactic(const Rules& rules, TacticKind kind, const Position& p,
                                        int within) {
  ReferenceTactic r;
  const auto needs = first_needs(rules, kind, p, within);
  for (const auto& [sq, v] : needs) r.fewest = std::min(r.fewest, v);
  for (const auto& [sq, v] : needs)
    if (v == r.fewest && v != never) r.fastest.push_back(sq);
  return r;
}

}  // namespace reversi::test
