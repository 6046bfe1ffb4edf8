// A node's moves as the exact search tries them: fastest first (the reply that leaves the
// opponent fewest moves), the hash move before all, a wipeout next; near the end of the game by
// the opponent's replies and parity only, which orders almost as well for less work.
#pragma once

#include <utility>

#include "analysis/endgame/layout.hpp"

namespace reversi::endgame {

template <class B>
struct Move {
  // No set of legal moves holds every square: `replies` not found while scoring.
  static constexpr B unknown_replies = ~B(0);
  B flipped;
  B replies;  // the opponent's legal moves after this one (the child's), or unknown_replies
  int square;
  int score;
};

template <class K, bool Anti>
class MoveList {
 public:
  using B = BitsOf<K>;
  using M = Move<B>;
  static constexpr int max_moves = K::squares;
  static constexpr int hash_move_score = 1 << 30;
  static constexpr int wipeout_score = 1 << 29;

  // `light_ordering_max`: at or below this many empties, replies and parity only (not under anti).
  MoveList(const Layout<K>& layout, int light_ordering_max)
      : lay_(layout), light_ordering_max_(light_ordering_max) {}

  // Fills `list` with the moves and their scores; returns how many.
  [[gnu::always_inline]] int generate(B p, B o, B moves, B empty, int n, int hash_move,
                                      M* list) const {
    const int parity = lay_.parity(empty);
    int count = 0;
    const B odd = lay_.parity_squares[static_cast<std::size_t>(parity)];
    for (B todo = moves; todo != 0; todo &= todo - 1) {
      const int sq = lowest_square(todo);
      M& m = list[count++];
      m.square = sq;
      m.flipped = K::flips_inlined(p, o, sq);
      m.replies = M::unknown_replies;
      const B np = o ^ m.flipped;
      const B no = p ^ m.flipped ^ (B(1) << sq);
      const B child_empty = empty ^ (B(1) << sq);
      if (sq == hash_move) {
        m.score = hash_move_score;
      } else if (np == 0) {
        // A wipeout wins at once, except under anti-reversi, where the wiped-out side wins.
        m.score = Anti ? -wipeout_score : wipeout_score;
      } else {
        m.replies = K::legal_moves_inlined(np, no, child_empty);
        m.score = light_score(m.replies, sq, odd);
        if (Anti || n > light_ordering_max_) m.score += room_score(np, no, child_empty, m);
      }
    }
    return count;
  }

  // Selection sort one step at a time: most nodes cut after a move or two.
  static void bring_best_to(M* list, int i, int count) {
    int best = i;
    for (int j = i + 1; j < count; ++j)
      if (list[j].score > list[best].score) best = j;
    if (best != i) std::swap(list[i], list[best]);
  }

 private:
  static constexpr int mobility_weight = 1 << 15;
  static constexpr int corner_stability_weight = 1 << 11;
  static constexpr int potential_mobility_weight = 1 << 5;
  static constexpr int parity_weight = 1 << 3;
  // Under anti-reversi every disc taken is a disc to lose: fewer flips first, next to mobility.
  static constexpr int anti_flip_weight = 1 << 14;
  static constexpr int max_square_value = 18;

  // What the full ordering adds to the light one: corner-anchored discs, the opponent's room to
  // gain mobility, and under anti-reversi the discs taken.
  [[gnu::always_inline]] int room_score(B np, B no, B child_empty, const M& m) const {
    const int potential = popcount(lay_.potential_moves(no, child_empty));
    int score = corner_stability_score(np, no) * corner_stability_weight +
                (max_moves - potential) * potential_mobility_weight;
    if constexpr (Anti) score += (max_moves - popcount(m.flipped)) * anti_flip_weight;
    return score;
  }

  // Fastest first and parity only: the score of a move near the end of the game.
  [[gnu::always_inline]] int light_score(B replies, int sq, B odd) const {
    const int mobility = popcount(replies) + popcount(replies & lay_.corners);
    return square_score(sq) + static_cast<int>((odd >> sq) & 1) * parity_weight +
           (max_moves - mobility) * mobility_weight;
  }

  // The static worth of a square to the side that plays it: under anti-reversi a corner is a
  // disc that can never be given away, so the order of the squares is reversed.
  [[gnu::always_inline]] int square_score(int sq) const {
    const int v = lay_.square_value[static_cast<std::size_t>(sq)];
    return Anti ? max_square_value - v : v;
  }

  // Corner-anchored discs after a move (`np` the opponent's, `no` the mover's): the mover's own
  // count for it, except under anti-reversi, where the opponent's count for the mover.
  [[gnu::always_inline]] int corner_stability_score(B np, B no) const {
    return Anti ? popcount(lay_.corner_stable(np)) : popcount(lay_.corner_stable(no));
  }

  const Layout<K>& lay_;
  int light_ordering_max_;
};

}  // namespace reversi::endgame
