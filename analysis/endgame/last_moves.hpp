// The last few empties of the exact search: no table, no sorting, no move list. At a few empties
// a node's whole subtree is cheaper than ordering its moves, so the moves are tried in parity
// order as they are found, and the last two empties have code of their own (on a whole 8x8 board
// the last move's flips are counted by lookups, core/last_flip.hpp).
#pragma once

#include <cassert>
#include <type_traits>

#include "analysis/endgame/context.hpp"
#include "analysis/endgame/end_rules.hpp"
#include "analysis/endgame/layout.hpp"
#include "core/kernel.hpp"
#include "core/last_flip.hpp"

namespace reversi::endgame {

template <class K, bool Anti, bool WinnerTakesEmpties, bool Limited>
class LastMoves {
 public:
  using B = BitsOf<K>;
  using Rules = EndRules<K, Anti, WinnerTakesEmpties, Limited>;

  // `stability_min`: from this many empties a node first tries a stability cutoff.
  LastMoves(const Layout<K>& layout, const Rules& rules, int stability_min)
      : lay_(layout),
        rules_(rules),
        stability_min_(stability_min),
        full_8x8_(std::is_same_v<K, Kernel8> && layout.n_playable == 64) {}

  // The most empties search() takes (the engine's Tuning::shallow_max at most).
  static constexpr int max_empties = 6;

  // The value of a position with `n` (at most the shallow search's) empties against the null
  // window (alpha, alpha + 1), fail-soft.
  int search(B p, B o, int alpha, int n, int s, Context& c) const {
    assert(n <= max_empties);
    const B empty = lay_.playable & ~(p | o);
    switch (n) {
      case 6:
        return solve_few<6>(p, o, alpha, s, lay_.parity(empty), c);
      case 5:
        return solve_few<5>(p, o, alpha, s, lay_.parity(empty), c);
      case 4:
        return solve_few<4>(p, o, alpha, s, lay_.parity(empty), c);
      case 3:
        return solve_few<3>(p, o, alpha, s, lay_.parity(empty), c);
      case 2:
        return solve_2(p, o, alpha, s, lowest_square(empty), highest_square(empty), c);
      case 1:
        return solve_1(p, o, s, lowest_square(empty), c);
      default:
        return rules_.final_score(p, o);
    }
  }

 private:
  int solve_1(B p, B o, int s, int sq, Context& c) const {
    ++c.nodes;
    if (rules_.can_move(s)) {
      if (const int f = last_flips(p, o, sq); f != 0)
        return rules_.full_board_score(popcount(p) + f + 1);
    }
    if (rules_.can_move(rules_.other_supply(1, s))) {
      if (const int f = last_flips(o, p, sq); f != 0)
        return -rules_.full_board_score(popcount(o) + f + 1);
    }
    return rules_.final_score(p, o);
  }

  // The discs the mover flips on the last empty `sq`, 0 if it cannot move there: on a whole 8x8
  // board counted by lookups, elsewhere found as a set.
  int last_flips(B p, B o, int sq) const {
    if constexpr (std::is_same_v<K, Kernel8>) {
      if (full_8x8_) return count_last_flips(p, sq);
    }
    return popcount(K::flips_inlined(p, o, sq));
  }

  int solve_2(B p, B o, int alpha, int s, int x1, int x2, Context& c) const {
    ++c.nodes;
    int best = -solve_infinity;
    const int s_child = rules_.other_supply(2, s);
    if (rules_.can_move(s)) {
      B f = K::flips_inlined(p, o, x1);
      if (f != 0) {
        best = -solve_1(o ^ f, p ^ f ^ (B(1) << x1), s_child, x2, c);
        if (best > alpha) return best;
      }
      f = K::flips_inlined(p, o, x2);
      if (f != 0) best = std::max(best, -solve_1(o ^ f, p ^ f ^ (B(1) << x2), s_child, x1, c));
      if (best > -solve_infinity) return best;
    }
    if (rules_.can_move(s_child) && (K::flips_inlined(o, p, x1) | K::flips_inlined(o, p, x2)) != 0)
      return -solve_2(o, p, -alpha - 1, s_child, x1, x2, c);
    return rules_.final_score(p, o);
  }

  // The N empties in the order they are tried: odd quadrants first, good squares first within
  // them, then the lowest square (the empties of each of the four classes taken lowest first).
  template <int N>
  void order_empties(B empty, int parity, int (&sq)[N]) const {
    assert(popcount(empty) == N);
    const B odd = lay_.parity_squares[static_cast<std::size_t>(parity)];
    const B good = lay_.good_squares;
    const B classes[4] = {empty & odd & good, empty & odd & ~good, empty & ~odd & good,
                          empty & ~odd & ~good};
    int k = 0;
    for (const B set : classes)
      for (B todo = set; todo != 0; todo &= todo - 1) sq[k++] = lowest_square(todo);
  }

  // From stability_min_ empties on: whether the stable discs alone settle the null window.
  bool stability_cut(int n, B p, B o, int alpha, int& bound) const {
    return n >= stability_min_ && rules_.stability_cut(p, o, alpha, bound);
  }

  // Three to six empties: odd quadrants first (the last move in a region is worth having), and
  // only squares next to an opponent disc are tried; the squares put once into an array (FFO
  // 40-44: 1.6% less time than walking four square sets, docs/benchmarks.md).
  template <int N>
  int solve_few(B p, B o, int alpha, int s, int parity, Context& c) const {
    static_assert(N >= 3 && N <= max_empties);
    ++c.nodes;
    const B empty = lay_.playable & ~(p | o);
    if (int bound; stability_cut(N, p, o, alpha, bound)) return bound;
    int best = -solve_infinity;
    if (rules_.can_move(s)) {
      const int s_child = rules_.other_supply(N, s);
      int sq[N];
      order_empties<N>(empty, parity, sq);
      for (const int x : sq) {
        if ((lay_.neighbours[static_cast<std::size_t>(x)] & o) == 0) continue;
        const B f = K::flips_inlined(p, o, x);
        if (f == 0) continue;
        const B np = o ^ f;
        const B no = p ^ f ^ (B(1) << x);
        int v;
        if constexpr (N == 3) {
          const B rest = empty ^ (B(1) << x);
          v = -solve_2(np, no, -alpha - 1, s_child, lowest_square(rest), highest_square(rest), c);
        } else {
          const int child_parity = parity ^ (1 << lay_.quadrant_of[static_cast<std::size_t>(x)]);
          v = -solve_few<N - 1>(np, no, -alpha - 1, s_child, child_parity, c);
        }
        if (v > best) {
          best = v;
          if (v > alpha) return v;
        }
      }
      if (best > -solve_infinity) return best;
    }
    const int s_pass = rules_.other_supply(N, s);
    if (rules_.legal(o, p, empty, s_pass) != 0)
      return -solve_few<N>(o, p, -alpha - 1, s_pass, parity, c);
    return rules_.final_score(p, o);
  }

  const Layout<K>& lay_;
  Rules rules_;  // a copy (two references and an int), not a reference into the owning engine
  int stability_min_;
  bool full_8x8_;  // every square of the grid is playable: the last flips are counted
};

}  // namespace reversi::endgame
