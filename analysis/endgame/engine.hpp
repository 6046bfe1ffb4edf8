// The exact endgame search on raw bitboards, one template for every board and variant.
//
// Values are final margins for the side to move under the rules' scoring (anti and
// winner-takes-empties are template flags, so the leaves cost nothing extra). The search is
// negamax alpha-beta: principal-variation search on the few nodes of the principal variation
// and null-window search everywhere else, with
//   - a transposition table of exact-value bounds for nodes with many empties,
//   - fastest-first ordering (the reply that leaves the opponent fewest moves), hash move first,
//   - stability cutoffs (stable opponent discs cap the score),
//   - parity ordering and dedicated code for the last one, two and few empties,
//   - young-brothers-wait parallelism with oneTBB: once the eldest move of a node fails to cut,
//     its brothers are searched in parallel and cancelled as soon as one of them cuts.
// `Limited` carries the free-centre start's disc supply in the one encoding of core/board.hpp:
// the mover's supply `s`, the other's empties + offset - s. Every rule (supply, game end, final
// margin) is the one of core/board.hpp, instantiated on the flags.
#pragma once

#include <tbb/task_arena.h>
#include <tbb/task_group.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <mutex>

#include "analysis/endgame/context.hpp"
#include "analysis/endgame/layout.hpp"
#include "analysis/endgame/ordering.hpp"
#include "analysis/endgame/table.hpp"
#include "core/board.hpp"

namespace reversi::endgame {

template <class K, bool Anti, bool WinnerTakesEmpties, bool Limited>
class Engine {
 public:
  using B = BitsOf<K>;

  // `patterns`: the learned evaluation that orders moves at many empties (8x8, 6x6 standard and
  // 6x6 anti; analysis/estimate.hpp patterns_for), or nullptr for the built-in mobility heuristic.
  Engine(const Layout<K>& layout, Tables<B>& table, int supply_offset, Tuning tuning = {},
         const eval::PatternEvaluator* patterns = nullptr)
      : lay_(layout),
        table_(table),
        supply_offset_(supply_offset),
        tune_(tuning),
        ordering_(layout, patterns) {
    if constexpr (Anti) {
      // Anti-reversi's heuristic is weaker at telling moves apart, so its ordering searches start
      // earlier (nodes of 6x6 anti positions at 20 empties: 76 M at 14, 66 M at 11).
      tune_.sort_search_min = anti_sort_search_min;
      // Its weights spread less, so the replies a move leaves weigh less against them (6x6 anti
      // at 26 empties: 434 M nodes at 200 units a reply, 219 M at 70; docs/benchmarks.md).
      tune_.pattern_reply_weight = anti_pattern_reply_weight;
    }
    // Small boards without the learned evaluation gain from deeper ordering searches sooner
    // (6x6 standard at 24 empties: 344 M nodes, 20.0 CPU s with the 8x8 steps; 306 M, 18.0 s).
    // With 6x6 weights the 8x8 steps are better (6x6 from the start: 485 M nodes against 626 M).
    if (!Anti && patterns == nullptr && layout.n_playable <= small_board_squares) {
      tune_.sort_search_step = small_board_sort_search_step;
      tune_.sort_search_max_depth = small_board_sort_search_max_depth;
    }
  }

  // The value of a position with `n` empties if inside (alpha, beta), else a fail-soft bound.
  int search(B p, B o, int alpha, int beta, int n, int s, Context& c) const {
    if (beta == alpha + 1) return dispatch(p, o, alpha, n, s, c);
    return pvs(p, o, alpha, beta, n, s, c);
  }

  // The final margin of a finished game for the side to move.
  int final_score(B p, B o) const {
    return Board<K>::template final_margin<Anti, WinnerTakesEmpties>(p, o, lay_.n_playable);
  }

  static bool can_move(int s) { return Supply::can_move<Limited>(s); }
  int other_supply(int n, int s) const { return Supply::other<Limited>(n, s, supply_offset_); }
  int table_supply(int s) const { return Limited ? s : -1; }
  B legal(B p, B o, B empty, int s) const { return can_move(s) ? K::legal_moves(p, o, empty) : 0; }

 private:
  struct Move {
    B flipped;
    int square;
    int score;
  };
  static constexpr int max_moves = K::squares;
  static constexpr int anti_sort_search_min = 11;
  static constexpr int anti_pattern_reply_weight = 70;
  static constexpr int small_board_squares = 36;
  static constexpr int small_board_sort_search_step = 2;
  static constexpr int small_board_sort_search_max_depth = 5;
  static constexpr int hash_move_score = 1 << 30;
  static constexpr int wipeout_score = 1 << 29;
  static constexpr int mobility_weight = 1 << 15;
  static constexpr int corner_stability_weight = 1 << 11;
  static constexpr int potential_mobility_weight = 1 << 5;
  static constexpr int parity_weight = 1 << 3;
  // Under anti-reversi every disc taken is a disc to lose: fewer flips first, next to mobility.
  static constexpr int anti_flip_weight = 1 << 14;
  static constexpr int max_square_value = 18;

  // Final margin with no empty square left, from the own disc count.
  int full_board_score(int own) const {
    return final_margin<Anti, WinnerTakesEmpties>(own, lay_.n_playable - own, 0);
  }

  int solve_1(B p, B o, int s, int sq, Context& c) const {
    ++c.nodes;
    if (can_move(s)) {
      const B f = K::flips(p, o, sq);
      if (f != 0) return full_board_score(popcount(p) + popcount(f) + 1);
    }
    if (can_move(other_supply(1, s))) {
      const B f = K::flips(o, p, sq);
      if (f != 0) return -full_board_score(popcount(o) + popcount(f) + 1);
    }
    return final_score(p, o);
  }

  int solve_2(B p, B o, int alpha, int s, int x1, int x2, Context& c) const {
    ++c.nodes;
    int best = -solve_infinity;
    const int s_child = other_supply(2, s);
    if (can_move(s)) {
      B f = K::flips(p, o, x1);
      if (f != 0) {
        best = -solve_1(o ^ f, p ^ f ^ (B(1) << x1), s_child, x2, c);
        if (best > alpha) return best;
      }
      f = K::flips(p, o, x2);
      if (f != 0) best = std::max(best, -solve_1(o ^ f, p ^ f ^ (B(1) << x2), s_child, x1, c));
      if (best > -solve_infinity) return best;
    }
    if (can_move(s_child) && (K::flips(o, p, x1) | K::flips(o, p, x2)) != 0)
      return -solve_2(o, p, -alpha - 1, s_child, x1, x2, c);
    return final_score(p, o);
  }

  // Few empties: no table, no sorting; odd quadrants first (the last move in a region is worth
  // having), and only squares next to an opponent disc are tried.
  int shallow(B p, B o, int alpha, int n, int s, int parity, Context& c) const {
    ++c.nodes;
    const B empty = lay_.playable & ~(p | o);
    if (n >= tune_.stability_min) {
      int bound;
      if (stability_cut(p, o, alpha, bound)) return bound;
    }
    int best = -solve_infinity;
    if (can_move(s)) {
      const int s_child = other_supply(n, s);
      const B odd = lay_.parity_squares[static_cast<std::size_t>(parity)];
      const B good = lay_.good_squares;
      for (const B part :
           {empty & odd & good, empty & odd & ~good, empty & ~odd & good, empty & ~odd & ~good}) {
        B todo = part;
        while (todo != 0) {
          const int sq = lowest_square(todo);
          todo &= todo - 1;
          if ((lay_.neighbours[static_cast<std::size_t>(sq)] & o) == 0) continue;
          const B f = K::flips(p, o, sq);
          if (f == 0) continue;
          const B np = o ^ f;
          const B no = p ^ f ^ (B(1) << sq);
          int v;
          if (n == 3) {
            const B rest = empty ^ (B(1) << sq);
            v = -solve_2(np, no, -alpha - 1, s_child, lowest_square(rest), highest_square(rest), c);
          } else {
            const int child_parity = parity ^ (1 << lay_.quadrant_of[static_cast<std::size_t>(sq)]);
            v = -shallow(np, no, -alpha - 1, n - 1, s_child, child_parity, c);
          }
          if (v > best) {
            best = v;
            if (v > alpha) return v;
          }
        }
      }
      if (best > -solve_infinity) return best;
    }
    const int s_pass = other_supply(n, s);
    if (legal(o, p, empty, s_pass) != 0) return -shallow(o, p, -alpha - 1, n, s_pass, parity, c);
    return final_score(p, o);
  }

  int dispatch(B p, B o, int alpha, int n, int s, Context& c) const {
    if (n > tune_.shallow_max) return nws(p, o, alpha, n, s, c);
    const B empty = lay_.playable & ~(p | o);
    if (n >= 3) return shallow(p, o, alpha, n, s, lay_.parity(empty), c);
    if (n == 2) return solve_2(p, o, alpha, s, lowest_square(empty), highest_square(empty), c);
    if (n == 1) return solve_1(p, o, s, lowest_square(empty), c);
    return final_score(p, o);
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
    bound = lay_.n_playable - 2 * popcount(lay_.stable(loser, p | o, needed));
    return bound <= alpha;
  }

  // Fastest first: few replies for the opponent, then our corner discs, then little room
  // for the opponent to gain mobility; the hash move before all.
  int generate(B p, B o, B moves, B empty, int n, int hash_move, Move* list) const {
    const int parity = lay_.parity(empty);
    int count = 0;
    const B odd = lay_.parity_squares[static_cast<std::size_t>(parity)];
    for_each_square(moves, [&](int sq) {
      Move& m = list[count++];
      m.square = sq;
      m.flipped = K::flips(p, o, sq);
      const B np = o ^ m.flipped;
      const B no = p ^ m.flipped ^ (B(1) << sq);
      const B child_empty = empty ^ (B(1) << sq);
      if (sq == hash_move) {
        m.score = hash_move_score;
      } else if (np == 0) {
        // A wipeout wins at once, except under anti-reversi, where the wiped-out side wins.
        m.score = Anti ? -wipeout_score : wipeout_score;
      } else {
        m.score = light_score(np, no, child_empty, sq, odd);
        if (Anti || n > tune_.light_ordering_max) m.score += room_score(np, no, child_empty, m);
      }
    });
    return count;
  }

  // What the full ordering adds to the light one: corner-anchored discs, the opponent's room to
  // gain mobility, and under anti-reversi the discs taken.
  int room_score(B np, B no, B child_empty, const Move& m) const {
    const int potential = popcount(lay_.potential_moves(no, child_empty));
    int score = corner_stability_score(np, no) * corner_stability_weight +
                (max_moves - potential) * potential_mobility_weight;
    if constexpr (Anti) score += (max_moves - popcount(m.flipped)) * anti_flip_weight;
    return score;
  }

  // Fastest first and parity only: the score of a move near the end of the game.
  int light_score(B np, B no, B child_empty, int sq, B odd) const {
    const B replies = K::legal_moves(np, no, child_empty);
    const int mobility = popcount(replies) + popcount(replies & lay_.corners);
    return square_score(sq) + static_cast<int>((odd >> sq) & 1) * parity_weight +
           (max_moves - mobility) * mobility_weight;
  }

  // The static worth of a square to the side that plays it: under anti-reversi a corner is a
  // disc that can never be given away, so the order of the squares is reversed.
  int square_score(int sq) const {
    const int v = lay_.square_value[static_cast<std::size_t>(sq)];
    return Anti ? max_square_value - v : v;
  }

  // Corner-anchored discs after a move (`np` the opponent's, `no` the mover's): the mover's own
  // count for it, except under anti-reversi, where the opponent's count for the mover.
  int corner_stability_score(B np, B no) const {
    return Anti ? popcount(lay_.corner_stable(np)) : popcount(lay_.corner_stable(no));
  }

  static void bring_best_to(Move* list, int i, int count) {
    int best = i;
    for (int j = i + 1; j < count; ++j)
      if (list[j].score > list[best].score) best = j;
    if (best != i) std::swap(list[i], list[best]);
  }

  int child_value(B p, B o, const Move& m, int alpha, int n, int s_child, Context& c) const {
    return -dispatch(o ^ m.flipped, p ^ m.flipped ^ (B(1) << m.square), -alpha - 1, n - 1, s_child,
                     c);
  }

  // Null-window search at (alpha, alpha + 1), n > shallow_max.
  int nws(B p, B o, int alpha, int n, int s, Context& c) const {
    ++c.nodes;
    if (int bound; outside_board(alpha, alpha + 1, bound)) return bound;
    if (n >= tune_.abort_check_min && c.check_abort()) return 0;
    const B empty = lay_.playable & ~(p | o);
    int bound;
    if (n >= tune_.stability_min && stability_cut(p, o, alpha, bound)) return bound;
    const bool use_table = n >= tune_.table_min;
    int hash_move = -1;
    if (use_table) {
      TableData d;
      if (table_.probe(n, p, o, table_supply(s), d)) {
        if (d.lower > alpha) return d.lower;
        if (d.upper <= alpha) return d.upper;
        if (d.move != 0xFF) hash_move = d.move;
      }
    }
    const B moves = legal(p, o, empty, s);
    const int s_child = other_supply(n, s);
    if (moves == 0) {
      if (legal(o, p, empty, s_child) != 0) return -nws(o, p, -alpha - 1, n, s_child, c);
      return final_score(p, o);
    }
    Move list[max_moves];
    const int count = generate(p, o, moves, empty, n, hash_move, list);
    if (n >= tune_.etc_min) {
      int cut;
      if (transposition_cut(p, o, alpha, n, s_child, list, count, cut)) return cut;
    }
    const int sort_from = first_sorted(n, hash_move);
    int best = -solve_infinity;
    int best_move = -1;
    for (int i = 0; i < count; ++i) {
      if (i == sort_from) sort_by_search(p, o, n, alpha, list + i, count - i, c);
      bring_best_to(list, i, count);
      const int v = child_value(p, o, list[i], alpha, n, s_child, c);
      if (c.aborted) return 0;
      if (v > best) {
        best = v;
        best_move = list[i].square;
        if (v > alpha) break;
      }
      if (i == 0 && count > 1 && c.shared.parallel && n >= tune_.split_min) {
        split(p, o, alpha, n, s_child, list, count, best, best_move, c);
        if (c.aborted) return 0;
        break;
      }
    }
    if (use_table) {
      if (best > alpha)
        table_.store(p, o, table_supply(s), n, best, solve_infinity, best_move);
      else
        table_.store(p, o, table_supply(s), n, -solve_infinity, best, best_move);
    }
    return best;
  }

  // Where the shallow ordering search starts in the move list, or -1 for none: after the hash
  // move, which is tried first on its own, since it often cuts and makes the search needless.
  int first_sorted(int n, int hash_move) const {
    if (n < tune_.sort_search_min) return -1;
    return hash_move >= 0 ? 1 : 0;
  }

  // Replaces the fastest-first scores by a shallow heuristic search (the hash move stays first).
  void sort_by_search(B p, B o, int n, int alpha, Move* list, int count, Context& c) const {
    const int floor = ordering_.floor(alpha, tune_.sort_floor_margin);
    const int depth =
        std::min(tune_.sort_search_max_depth,
                 tune_.sort_search_depth + (n - tune_.sort_search_min) / tune_.sort_search_step);
    const eval::PatternIndices indices = ordering_.node_indices(p, o);
    for (int i = 0; i < count; ++i) {
      Move& m = list[i];
      if (m.score >= wipeout_score) continue;
      const B np = o ^ m.flipped;
      const B no = p ^ m.flipped ^ (B(1) << m.square);
      m.score = -ordering_.child_value(np, no, indices, m.square, m.flipped, depth - 1, floor, c);
      if (ordering_.learned()) {
        const B replies = K::legal_moves(np, no, lay_.playable & ~(np | no));
        m.score -=
            tune_.pattern_reply_weight * (popcount(replies) + popcount(replies & lay_.corners));
      }
    }
  }

  // Enhanced transposition cutoff: a child already known to be bad enough for the opponent.
  bool transposition_cut(B p, B o, int alpha, int n, int s_child, const Move* list, int count,
                         int& cut) const {
    if (n - 1 < tune_.table_min) return false;
    // All the children's buckets at once: their trips to memory overlap instead of queueing.
    for (int i = 0; i < count; ++i) {
      const Move& m = list[i];
      table_.prefetch(n - 1, o ^ m.flipped, p ^ m.flipped ^ (B(1) << m.square));
    }
    for (int i = 0; i < count; ++i) {
      const Move& m = list[i];
      TableData d;
      if (table_.probe(n - 1, o ^ m.flipped, p ^ m.flipped ^ (B(1) << m.square),
                       table_supply(s_child), d) &&
          -d.upper > alpha) {
        cut = -d.upper;
        return true;
      }
    }
    return false;
  }

  // Young brothers wait: moves 1..count-1 in parallel; the first to cut cancels the others.
  // Workers take the brothers in order from a shared counter, so that the likeliest cut is
  // always searched first; one worker per thread, the owner being one of them.
  void split(B p, B o, int alpha, int n, int s_child, Move* list, int count, int& best,
             int& best_move, Context& c) const {
    std::sort(list + 1, list + count,
              [](const Move& a, const Move& b) { return a.score > b.score; });
    std::mutex guard;
    std::atomic<int> next{1};
    std::atomic<bool> cut{false};
    tbb::task_group group;
    const auto worker = [&] {
      Context local(c.shared);
      for (;;) {
        if (cut.load(std::memory_order_relaxed) || local.check_abort()) return;
        const int i = next.fetch_add(1, std::memory_order_relaxed);
        if (i >= count) return;
        const int v = child_value(p, o, list[i], alpha, n, s_child, local);
        if (local.aborted) return;
        const std::lock_guard lock(guard);
        if (v > best) {
          best = v;
          best_move = list[i].square;
        }
        if (v > alpha) {
          cut.store(true, std::memory_order_relaxed);
          group.cancel();
          return;
        }
      }
    };
    const int helpers = std::min(count - 2, tbb::this_task_arena::max_concurrency() - 1);
    for (int h = 0; h < helpers; ++h) group.run(worker);
    group.run_and_wait(worker);
    c.check_abort();
  }

  // Principal-variation search with a full window; brothers of the first move get a null window.
  int pvs(B p, B o, int alpha, int beta, int n, int s, Context& c) const {
    ++c.nodes;
    if (int bound; outside_board(alpha, beta, bound)) return bound;
    if (c.check_abort()) return 0;
    if (n == 0) return final_score(p, o);
    const B empty = lay_.playable & ~(p | o);
    int hash_move = -1;
    TableData d;
    if (table_.probe(n, p, o, table_supply(s), d)) {
      if (d.lower >= beta) return d.lower;
      if (d.upper <= alpha) return d.upper;
      if (d.lower == d.upper) return d.lower;
      if (d.move != 0xFF) hash_move = d.move;
    }
    const B moves = legal(p, o, empty, s);
    const int s_child = other_supply(n, s);
    if (moves == 0) {
      if (legal(o, p, empty, s_child) != 0) return -pvs(o, p, -beta, -alpha, n, s_child, c);
      return final_score(p, o);
    }
    Move list[max_moves];
    const int count = generate(p, o, moves, empty, n, hash_move, list);
    const int sort_from = first_sorted(n, hash_move);
    int best = -solve_infinity;
    int best_move = -1;
    int a = alpha;
    for (int i = 0; i < count; ++i) {
      if (i == sort_from) sort_by_search(p, o, n, a, list + i, count - i, c);
      bring_best_to(list, i, count);
      const Move& m = list[i];
      const B np = o ^ m.flipped;
      const B no = p ^ m.flipped ^ (B(1) << m.square);
      int v;
      if (i == 0) {
        v = -pvs(np, no, -beta, -a, n - 1, s_child, c);
      } else {
        v = -dispatch(np, no, -a - 1, n - 1, s_child, c);
        if (!c.aborted && v > a && v < beta) v = -pvs(np, no, -beta, -(v - 1), n - 1, s_child, c);
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
    table_.store(p, o, table_supply(s), n, best > alpha ? best : -solve_infinity,
                 best < beta ? best : solve_infinity, best_move);
    return best;
  }

  const Layout<K>& lay_;
  Tables<B>& table_;
  int supply_offset_;
  Tuning tune_;
  OrderingSearch<K, Anti, WinnerTakesEmpties> ordering_;
};

}  // namespace reversi::endgame
