// The exact endgame search on raw bitboards, one template for every board and variant.
//
// Values are final margins for the side to move under the rules' scoring (anti and
// winner-takes-empties are template flags, so the leaves cost nothing extra). The search is
// negamax alpha-beta: principal-variation search on the few nodes of the principal variation
// (pv_search.hpp) and null-window search everywhere else, with
//   - a transposition table of exact-value bounds for nodes with many empties,
//   - fastest-first ordering (move_list.hpp), and shallow heuristic searches at many empties
//     (move_sorter.hpp, ordering.hpp),
//   - stability cutoffs (stable opponent discs cap the score; end_rules.hpp),
//   - as a selective search before a long exact one, ProbCut (probcut.hpp),
//   - parity ordering and dedicated code for the last few empties (last_moves.hpp),
//   - young-brothers-wait parallelism (young_brothers.hpp).
#pragma once

#include <algorithm>

#include "analysis/endgame/context.hpp"
#include "analysis/endgame/end_rules.hpp"
#include "analysis/endgame/last_moves.hpp"
#include "analysis/endgame/layout.hpp"
#include "analysis/endgame/move_list.hpp"
#include "analysis/endgame/move_sorter.hpp"
#include "analysis/endgame/probcut.hpp"
#include "analysis/endgame/pv_search.hpp"
#include "analysis/endgame/table.hpp"
#include "analysis/endgame/young_brothers.hpp"
#include "core/board.hpp"

namespace reversi::endgame {

template <class K, bool Anti, bool WinnerTakesEmpties, bool Limited>
class Engine {
 public:
  using B = BitsOf<K>;

  // `patterns`: the learned evaluation that orders moves at many empties (8x8, 6x6 standard and
  // 6x6 anti; analysis/estimate/estimate.hpp patterns_for), or nullptr for the built-in mobility
  // heuristic. `level`: 0 for the exact search, else the confidence of a selective one in tenths
  // of a standard deviation (probcut.hpp), which only the caller's rules and weights can allow.
  Engine(const Layout<K>& layout, Tables<B>& table, int supply_offset, Tuning tuning = {},
         const eval::PatternEvaluator* patterns = nullptr, int level = 0)
      : level_(level),
        lay_(layout),
        table_(table),
        rules_(layout, supply_offset),
        tune_(tuning_for<Anti>(tuning, layout.n_playable, patterns != nullptr)),
        last_(layout, rules_, tune_.stability_min),
        moves_(layout, tune_.light_ordering_max),
        sorter_(layout, tune_, patterns),
        cut_(tune_, sorter_.ordering()) {}
  // The selective cut refers to the engine's own ordering search.
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  // The value of a position with `n` empties if inside (alpha, beta), else a fail-soft bound.
  int search(B p, B o, int alpha, int beta, int n, int s, Context& c) const {
    if (beta == alpha + 1) return dispatch(p, o, alpha, n, s, c);
    return PvSearch<Engine>(*this).search(p, o, alpha, beta, n, s, c);
  }

 private:
  friend class PvSearch<Engine>;
  using Rules = EndRules<K, Anti, WinnerTakesEmpties, Limited>;
  using Moves = MoveList<K, Anti>;
  using M = Move<B>;
  static constexpr int max_moves = Moves::max_moves;

  // Kept a call: inlined into nws it takes the inlining budget that the move list needs (FFO 40:
  // 0.6% more instructions).
  [[gnu::noinline]] int dispatch(B p, B o, int alpha, int n, int s, Context& c,
                                 B moves = M::unknown_replies) const {
    if (n > tune_.shallow_max) return nws(p, o, alpha, n, s, c, moves);
    return last_.search(p, o, alpha, n, s, c);
  }

  int child_value(B p, B o, const M& m, int alpha, int n, int s_child, Context& c) const {
    return -dispatch(o ^ m.flipped, p ^ m.flipped ^ (B(1) << m.square), -alpha - 1, n - 1, s_child,
                     c, m.replies);
  }

  // Null-window search at (alpha, alpha + 1), n > shallow_max; `known_moves`: the mover's legal
  // moves when the parent's ordering found them, else unknown_replies.
  int nws(B p, B o, int alpha, int n, int s, Context& c, B known_moves = M::unknown_replies) const {
    ++c.nodes;
    if (int bound; rules_.outside_board(alpha, alpha + 1, bound)) return bound;
    if (n >= tune_.abort_check_min && c.check_abort()) return 0;
    const B empty = lay_.playable & ~(p | o);
    int bound;
    if (n >= tune_.stability_min && rules_.stability_cut(p, o, alpha, bound)) return bound;
    const bool use_table = n >= tune_.table_min;
    int hash_move = -1;
    const TableKey<B> key(p, o);
    Table<B>& own = table_.table_for(n, c.worker);
    if (use_table) {
      TableData d;
      if (own.probe(key, rules_.table_supply(s), d)) {
        if (trusted(d, level_)) {
          if (d.lower > alpha) return d.lower;
          if (d.upper <= alpha) return d.upper;
        }
        if (d.move != 0xFF) hash_move = d.move;
      }
    }
    if (int cut; level_ != 0 && n >= tune_.probcut_min && cut_.cuts(p, o, alpha, n, level_, c, cut))
      return cut;
    // Under the free-centre start the supply may forbid the moves the parent found.
    const B moves =
        !Limited && known_moves != M::unknown_replies ? known_moves : rules_.legal(p, o, empty, s);
    const int s_child = rules_.other_supply(n, s);
    if (moves == 0) {
      if (rules_.legal(o, p, empty, s_child) != 0) return -nws(o, p, -alpha - 1, n, s_child, c);
      return rules_.final_score(p, o);
    }
    M list[max_moves];
    const int count = moves_.generate(p, o, moves, empty, n, hash_move, list);
    const bool children_in_table = n >= tune_.etc_min && n - 1 >= tune_.table_min;
    if (int cut; children_in_table &&
                 refuting_child(table_.table_for(n - 1, c.worker), rules_.table_supply(s_child), p,
                                o, list, count, alpha, level_, cut))
      return cut;
    const int sort_from = sorter_.first_sorted(n, hash_move);
    int best = -solve_infinity;
    int best_move = -1;
    for (int i = 0; i < count; ++i) {
      if (i == sort_from) sorter_.sort(p, o, n, alpha, list + i, count - i, c);
      // The first move failed to cut: its brothers, ordered as one thread would try them, are
      // searched in parallel.
      if (i == 1 && c.shared.parallel && n >= tune_.split_min) {
        search_brothers(list, count, alpha, best, best_move, c, [&](const M& m, Context& local) {
          return child_value(p, o, m, alpha, n, s_child, local);
        });
        if (c.aborted) return 0;
        break;
      }
      Moves::bring_best_to(list, i, count);
      const int v = child_value(p, o, list[i], alpha, n, s_child, c);
      if (c.aborted) return 0;
      if (v > best) {
        best = v;
        best_move = list[i].square;
        if (v > alpha) break;
      }
    }
    if (use_table) {
      const int level = stored_level(n);
      if (best > alpha)
        own.store(key, rules_.table_supply(s), n, best, solve_infinity, best_move, level);
      else
        own.store(key, rules_.table_supply(s), n, -solve_infinity, best, best_move, level);
    }
    return best;
  }

  // Below probcut_min nothing is cut, so even a selective search finds exact values there.
  int stored_level(int n) const { return n >= tune_.probcut_min ? level_ : 0; }

  int level_;  // 0: exact; else the selective search's confidence (probcut.hpp)
  const Layout<K>& lay_;
  Tables<B>& table_;
  Rules rules_;
  Tuning tune_;
  LastMoves<K, Anti, WinnerTakesEmpties, Limited> last_;
  Moves moves_;
  MoveSorter<K, Anti, WinnerTakesEmpties> sorter_;
  SelectiveCut<K, Anti, WinnerTakesEmpties> cut_;
};

}  // namespace reversi::endgame
