// The shallow searches that order the exact solver's moves at many empties: depth-limited
// alpha-beta on the learned pattern evaluation where the rules have weights (its indices kept
// from parent to child), else on a mobility heuristic. Their values only order moves; finished
// games score far beyond any evaluation.
#pragma once

#include <algorithm>

#include "analysis/endgame/context.hpp"
#include "analysis/endgame/layout.hpp"
#include "analysis/eval/pattern_eval.hpp"
#include "core/board.hpp"

namespace reversi::endgame {

template <class K, bool Anti, bool WinnerTakesEmpties>
class OrderingSearch {
 public:
  using B = BitsOf<K>;

  // `patterns`: the learned evaluation (8x8, 6x6 standard and anti), or nullptr for the heuristic.
  OrderingSearch(const Layout<K>& layout, const eval::PatternEvaluator* patterns)
      : lay_(layout), patterns_(patterns) {}

  bool learned() const { return patterns_ != nullptr; }

  // What the searches of a node's children start from: the node's pattern indices, read from the
  // board when there are patterns (zeros, unread, otherwise).
  eval::PatternIndices node_indices(B p, B o) const {
    if constexpr (std::is_same_v<B, Bits64>) {
      if (patterns_ != nullptr) return patterns_->indices(p, o);
    }
    return {};
  }

  // The ordering score below which a move's exact value no longer matters, `margin` discs under
  // alpha: the learned evaluation's units are hundredths of a disc, so a move judged far below
  // alpha is ordered late on a bound alone; the plain heuristic has no such scale and is searched
  // with a full window. (FFO 40-49: 620.1 M nodes with a full window, 602.4 M with 12 discs,
  // 603.2 M with 8.)
  int floor(int alpha, int margin) const {
    if (patterns_ == nullptr) return -unbounded;
    return (alpha - margin) * finished_game_scale();
  }

  // The learned evaluation's value of (p, o) searched `depth` plies, fail-soft in (alpha, beta),
  // in its units (hundredths of a disc). Asked only with patterns on 64-bit boards; elsewhere
  // it would be the heuristic's, in its own points.
  int pattern_value(B p, B o, int depth, int alpha, int beta, Context& c) const {
    if constexpr (std::is_same_v<B, Bits64>) {
      return search(p, o, patterns_->indices(p, o), depth, alpha, beta, c);
    } else {
      return search(p, o, NoIndices{}, depth, alpha, beta, c);
    }
  }

  // The value of the child reached by playing `square` (flipping `flipped`) from the node whose
  // indices are `parent`, `np` and `no` its sides, searched `depth` plies, or a bound at or
  // below -floor when it is worse than that for the node's mover.
  int child_value(B np, B no, const eval::PatternIndices& parent, int square, B flipped, int depth,
                  int floor, Context& c) const {
    if constexpr (std::is_same_v<B, Bits64>) {
      if (patterns_ != nullptr)
        return search(np, no, after_move(parent, square, flipped), depth, -unbounded, -floor, c);
    }
    return search(np, no, NoIndices{}, depth, -unbounded, -floor, c);
  }

 private:
  // Beyond every evaluation and every finished game's score.
  static constexpr int unbounded = solve_infinity * 1000;
  // The plain heuristic's weights, in small points.
  static constexpr int mobility_weight = 8;
  static constexpr int potential_weight = 2;
  static constexpr int corner_weight = 24;
  // The anti-reversi heuristic's weights, in the same points.
  static constexpr int anti_mobility_weight = 8;
  static constexpr int anti_potential_weight = 2;
  static constexpr int anti_corner_weight = 24;
  static constexpr int anti_disc_weight = 4;

  // Depth-limited alpha-beta; `indices` is what the evaluation keeps of the position (NoIndices
  // or PatternIndices).
  template <class Kept>
  int search(B p, B o, const Kept& indices, int depth, int alpha, int beta, Context& c) const {
    ++c.nodes;
    if (depth == 0) return leaf_value(p, o, indices);
    const B empty = lay_.playable & ~(p | o);
    const B moves = K::legal_moves_inlined(p, o, empty);
    if (moves == 0) {
      if (K::legal_moves_inlined(o, p, empty) == 0)
        return final_score(p, o) * finished_game_scale();
      return -search(o, p, after_pass(indices), depth, -beta, -alpha, c);
    }
    int best = -unbounded;
    B todo = moves;
    while (todo != 0) {
      const int sq = lowest_square(todo);
      todo &= todo - 1;
      const B f = K::flips_inlined(p, o, sq);
      const B np = o ^ f;
      const B no = p ^ f ^ (B(1) << sq);
      int v;
      if (depth == 1) {
        ++c.nodes;
        v = -leaf_value(np, no, leaf_indices(indices, sq, f));
      } else {
        v = -search(np, no, after_move(indices, sq, f), depth - 1, -beta, -std::max(alpha, best),
                    c);
      }
      if (v > best) {
        best = v;
        if (best >= beta) break;
      }
    }
    return best;
  }

  // What a search keeps from node to node: nothing for the plain heuristic, which reads the
  // board; the pattern indices for the learned evaluation (a leaf needs only the mover's).
  struct NoIndices {};
  NoIndices after_move(const NoIndices&, int, B) const { return {}; }
  NoIndices leaf_indices(const NoIndices&, int, B) const { return {}; }
  static NoIndices after_pass(const NoIndices&) { return {}; }
  int leaf_value(B p, B o, const NoIndices&) const {
    return heuristic(p, o, lay_.playable & ~(p | o));
  }
  eval::PatternIndices after_move(const eval::PatternIndices& s, int sq, B flipped) const {
    return patterns_->after_move(s, sq, flipped);
  }
  eval::ImageLanes leaf_indices(const eval::PatternIndices& s, int sq, B flipped) const {
    return patterns_->mover_after_move(s, sq, flipped);
  }
  static eval::PatternIndices after_pass(const eval::PatternIndices& s) {
    return eval::PatternEvaluator::after_pass(s);
  }
  int leaf_value(B p, B o, const eval::PatternIndices& s) const {
    return leaf_value(p, o, s.mover);
  }
  int leaf_value(B p, B o, const eval::ImageLanes& mover) const {
    const B empty = lay_.playable & ~(p | o);
    return patterns_->evaluate(mover, p, o, popcount(K::legal_moves_inlined(p, o, empty)),
                               popcount(K::legal_moves_inlined(o, p, empty)));
  }

  // The heuristic without learned weights: mobility, room for mobility and corners (a liability
  // under anti-reversi, as is every disc held).
  int heuristic(B p, B o, B empty) const {
    const B mine = K::legal_moves_inlined(p, o, empty);
    const B theirs = K::legal_moves_inlined(o, p, empty);
    const int potential =
        popcount(lay_.potential_moves(o, empty)) - popcount(lay_.potential_moves(p, empty));
    const int corners = popcount(p & lay_.corners) - popcount(o & lay_.corners);
    if constexpr (Anti) {
      const int mobility = popcount(mine) - popcount(theirs);
      const int discs = popcount(p) - popcount(o);
      return anti_mobility_weight * mobility + anti_potential_weight * potential -
             anti_corner_weight * corners - anti_disc_weight * discs;
    }
    const int mobility = popcount(mine) + popcount(mine & lay_.corners) - popcount(theirs) -
                         popcount(theirs & lay_.corners);
    return mobility_weight * mobility + potential_weight * potential + corner_weight * corners;
  }

  int final_score(B p, B o) const {
    return Board<K>::template final_margin<Anti, WinnerTakesEmpties>(p, o, lay_.n_playable);
  }

  // A finished game outranks any evaluation of the same margin's sign: the patterns are in
  // hundredths of a disc, the heuristic in small points.
  int finished_game_scale() const { return patterns_ != nullptr ? 100 : 1000; }

  const Layout<K>& lay_;
  const eval::PatternEvaluator* patterns_;
};

}  // namespace reversi::endgame
