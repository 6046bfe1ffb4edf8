// The few nodes of the exact search that have a full window: principal-variation search, the
// first move searched with the window and its brothers with a null window first (the engine's
// null-window search, engine.hpp), searched again only when they land inside it. Kept apart
// from the engine's null-window nodes, where nearly all the work is.
#pragma once

#include "analysis/endgame/context.hpp"
#include "analysis/endgame/table.hpp"

namespace reversi::endgame {

// `E` is the engine (engine.hpp), whose parts this search reads as a friend.
template <class E>
class PvSearch {
  using B = typename E::B;
  using M = typename E::M;
  using Moves = typename E::Moves;

 public:
  explicit PvSearch(const E& engine) : e_(engine) {}

  // The value of (p, o) with `n` empties if inside (alpha, beta), else a fail-soft bound.
  int search(B p, B o, int alpha, int beta, int n, int s, Context& c) const {
    ++c.nodes;
    if (int bound; e_.rules_.outside_board(alpha, beta, bound)) return bound;
    if (c.check_abort()) return 0;
    if (n == 0) return e_.rules_.final_score(p, o);
    const B empty = e_.lay_.playable & ~(p | o);
    const TableKey<B> key(p, o);
    Table<B>& own = e_.table_.table_for(n, c.worker);
    const int supply = e_.rules_.table_supply(s);
    int hash_move = -1;
    if (TableData d; own.probe(key, supply, d)) {
      if (int bound; settles(d, alpha, beta, bound)) return bound;
      if (d.move != 0xFF) hash_move = d.move;
    }
    const B moves = e_.rules_.legal(p, o, empty, s);
    const int s_child = e_.rules_.other_supply(n, s);
    if (moves == 0) {
      if (e_.rules_.legal(o, p, empty, s_child) != 0)
        return -search(o, p, -beta, -alpha, n, s_child, c);
      return e_.rules_.final_score(p, o);
    }
    M list[E::max_moves];
    const int count = e_.moves_.generate(p, o, moves, empty, n, hash_move, list);
    int best_move = -1;
    const int best =
        search_moves(p, o, alpha, beta, n, s_child, list, count, hash_move, best_move, c);
    if (c.aborted) return 0;
    own.store(key, supply, n, best > alpha ? best : -solve_infinity,
              best < beta ? best : solve_infinity, best_move, e_.stored_level(n));
    return best;
  }

 private:
  // Whether the table's entry `d` answers the window: a bound beyond it, or the exact value.
  bool settles(const TableData& d, int alpha, int beta, int& bound) const {
    if (!trusted(d, e_.level_)) return false;
    if (d.lower >= beta || d.lower == d.upper) {
      bound = d.lower;
      return true;
    }
    if (d.upper <= alpha) {
      bound = d.upper;
      return true;
    }
    return false;
  }

  // The best of the node's moves, fail-soft; `best_move` takes its square.
  int search_moves(B p, B o, int alpha, int beta, int n, int s_child, M* list, int count,
                   int hash_move, int& best_move, Context& c) const {
    const int sort_from = e_.sorter_.first_sorted(n, hash_move);
    int best = -solve_infinity;
    int a = alpha;
    for (int i = 0; i < count; ++i) {
      if (i == sort_from) e_.sorter_.sort(p, o, n, a, list + i, count - i, c);
      Moves::bring_best_to(list, i, count);
      const M& m = list[i];
      const B np = o ^ m.flipped;
      const B no = p ^ m.flipped ^ (B(1) << m.square);
      int v;
      if (i == 0) {
        v = -search(np, no, -beta, -a, n - 1, s_child, c);
      } else {
        v = -e_.dispatch(np, no, -a - 1, n - 1, s_child, c);
        if (!c.aborted && v > a && v < beta)
          v = -search(np, no, -beta, -(v - 1), n - 1, s_child, c);
      }
      if (c.aborted) return 0;
      if (v > best) {
        best = v;
        best_move = m.square;
        if (v > a) {
          a = v;
          if (a >= beta) break;
        }
      }
    }
    return best;
  }

  const E& e_;
};

}  // namespace reversi::endgame
