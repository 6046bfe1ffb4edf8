// Move ordering by search at many empties: where a node's subtree is large, each move's
// fastest-first score is replaced by the value of a shallow heuristic search (ordering.hpp), the
// pattern evaluation's where there are weights.
#pragma once

#include <algorithm>

#include "analysis/endgame/context.hpp"
#include "analysis/endgame/layout.hpp"
#include "analysis/endgame/move_list.hpp"
#include "analysis/endgame/ordering.hpp"

namespace reversi::endgame {

template <class K, bool Anti, bool WinnerTakesEmpties>
class MoveSorter {
 public:
  using B = BitsOf<K>;
  using M = Move<B>;

  MoveSorter(const Layout<K>& layout, const Tuning& tuning, const eval::PatternEvaluator* patterns)
      : lay_(layout), tune_(tuning), ordering_(layout, patterns) {}

  // Where the shallow ordering search starts in the move list, or -1 for none: after the hash
  // move, which is tried first on its own, since it often cuts and makes the search needless.
  int first_sorted(int n, int hash_move) const {
    if (n < tune_.sort_search_min) return -1;
    return hash_move >= 0 ? 1 : 0;
  }

  // Replaces the fastest-first scores by a shallow heuristic search (a wipeout keeps its score).
  void sort(B p, B o, int n, int alpha, M* list, int count, Context& c) const {
    const int floor = ordering_.floor(alpha, tune_.sort_floor_margin);
    const int depth =
        std::min(tune_.sort_search_max_depth,
                 tune_.sort_search_depth + (n - tune_.sort_search_min) / tune_.sort_search_step);
    const eval::PatternIndices indices = ordering_.node_indices(p, o);
    for (int i = 0; i < count; ++i) {
      M& m = list[i];
      if (m.score >= MoveList<K, Anti>::wipeout_score) continue;
      const B np = o ^ m.flipped;
      const B no = p ^ m.flipped ^ (B(1) << m.square);
      m.score = -ordering_.child_value(np, no, indices, m.square, m.flipped, depth - 1, floor, c);
      if (ordering_.learned()) {
        const B replies = K::legal_moves_inlined(np, no, lay_.playable & ~(np | no));
        m.score -=
            tune_.pattern_reply_weight * (popcount(replies) + popcount(replies & lay_.corners));
      }
    }
  }

  const OrderingSearch<K, Anti, WinnerTakesEmpties>& ordering() const { return ordering_; }

 private:
  const Layout<K>& lay_;
  Tuning tune_;
  OrderingSearch<K, Anti, WinnerTakesEmpties> ordering_;
};

}  // namespace reversi::endgame
