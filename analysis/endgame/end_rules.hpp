// The rules as the exact search needs them on raw bitboards: who may move (the free-centre
// start's disc supply), the final margin, and the bounds that end a node without a search (the
// board's size, stable discs). Every rule is the one of core/board.hpp, instantiated on the flags.
#pragma once

#include "analysis/endgame/layout.hpp"
#include "analysis/endgame/stability.hpp"
#include "core/board.hpp"

namespace reversi::endgame {

// `Limited` carries the free-centre start's disc supply in the one encoding of core/board.hpp:
// the mover's supply `s`, the other's empties + offset - s.
template <class K, bool Anti, bool WinnerTakesEmpties, bool Limited>
class EndRules {
 public:
  using B = BitsOf<K>;

  EndRules(const Layout<K>& layout, int supply_offset)
      : lay_(layout), stability_(layout), supply_offset_(supply_offset) {}

  // The final margin of a finished game for the side to move.
  int final_score(B p, B o) const {
    return Board<K>::template final_margin<Anti, WinnerTakesEmpties>(p, o, lay_.n_playable);
  }

  // Final margin with no empty square left, from the own disc count.
  int full_board_score(int own) const {
    return final_margin<Anti, WinnerTakesEmpties>(own, lay_.n_playable - own, 0);
  }

  static bool can_move(int s) { return Supply::can_move<Limited>(s); }
  int other_supply(int n, int s) const { return Supply::other<Limited>(n, s, supply_offset_); }
  int table_supply(int s) const { return Limited ? s : -1; }
  B legal(B p, B o, B empty, int s) const {
    return can_move(s) ? K::legal_moves_inlined(p, o, empty) : 0;
  }

  // No margin exceeds the board: a window beyond it is answered without a search (a wipeout
  // found, the other moves need not be proven unable to beat it).
  bool outside_board(int alpha, int beta, int& bound) const {
    if (alpha >= lay_.n_playable) {
      bound = lay_.n_playable;
      return true;
    }
    if (beta <= -lay_.n_playable) {
      bound = -lay_.n_playable;
      return true;
    }
    return false;
  }

  // Stable discs of the side that would lose them cap the mover's score.
  bool stability_cut(B p, B o, int alpha, int& bound) const {
    const B loser = Anti ? p : o;
    if (alpha < lay_.n_playable - 2 * popcount(loser)) return false;
    const int needed = (lay_.n_playable - alpha + 1) / 2;
    bound = lay_.n_playable - 2 * popcount(stability_.stable(loser, p | o, needed));
    return bound <= alpha;
  }

 private:
  const Layout<K>& lay_;
  Stability<K> stability_;
  int supply_offset_;
};

}  // namespace reversi::endgame
