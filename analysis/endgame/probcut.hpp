// ProbCut for the selective search that runs before a long exact one: at a null-window node
// with many empties, a shallow search of the pattern evaluation far enough outside the window
// answers for the whole subtree. Its answers are only likely, so what that search learns goes
// into the table marked with its level (table.hpp), where the exact search takes its moves and
// never its bounds.
#pragma once

#include <algorithm>

#include "analysis/endgame/context.hpp"
#include "analysis/endgame/ordering.hpp"

namespace reversi::endgame {

template <class K, bool Anti, bool WinnerTakesEmpties>
class SelectiveCut {
 public:
  using B = BitsOf<K>;

  SelectiveCut(const Tuning& tuning, const OrderingSearch<K, Anti, WinnerTakesEmpties>& ordering)
      : tune_(tuning), ordering_(ordering) {}

  // Whether the node (p, o) with `n` empties is judged above or below the window (alpha, alpha
  // + 1) with `level` tenths of a standard deviation to spare; `cut` is then the bound.
  bool cuts(B p, B o, int alpha, int n, int level, Context& c, int& cut) const {
    const int depth = std::min(tune_.probcut_max_depth,
                               tune_.probcut_depth + (n - tune_.probcut_min) / tune_.probcut_step);
    const int margin = level * tune_.probcut_sigma / tenths;
    const int high = (alpha + 1) * disc + margin;
    if (ordering_.pattern_value(p, o, depth, high - 1, high, c) >= high) {
      cut = alpha + 1;
      return true;
    }
    const int low = alpha * disc - margin;
    if (ordering_.pattern_value(p, o, depth, low, low + 1, c) <= low) {
      cut = alpha;
      return true;
    }
    return false;
  }

 private:
  static constexpr int disc = 100;  // the pattern evaluation's units in a disc
  static constexpr int tenths = 10;

  Tuning tune_;
  const OrderingSearch<K, Anti, WinnerTakesEmpties>& ordering_;
};

}  // namespace reversi::endgame
