// What one exact endgame search shares between its threads and tasks (node counts, the stop and
// cancel flags), and the empties at which the search changes strategy.
#pragma once

#include <tbb/task_arena.h>
#include <tbb/task_group.h>

#include <algorithm>
#include <atomic>
#include <cstdint>

namespace reversi::endgame {

// Counters and flags shared by every thread of one search.
struct Shared {
  const std::atomic<bool>* stop = nullptr;
  std::atomic<std::uint64_t> nodes{0};
  bool parallel = false;
};

// The calling thread's slot in its task arena (0 outside one): each thread of a search keeps
// its own nearest table (table.hpp).
inline int current_worker() {
  return std::max(0, tbb::this_task_arena::current_thread_index());
}

// Per task: a node count flushed to the shared one now and then, the abort state, and the
// thread's slot.
struct Context {
  explicit Context(Shared& s) : shared(s), worker(current_worker()) {}
  ~Context() { flush(); }
  Context(const Context&) = delete;
  Context& operator=(const Context&) = delete;

  Shared& shared;
  std::uint64_t nodes = 0;
  std::uint64_t flushed = 0;
  bool aborted = false;
  int worker;  // the slot of the thread that runs the task (a task never changes thread)

  void flush() {
    shared.nodes.fetch_add(nodes - flushed, std::memory_order_relaxed);
    flushed = nodes;
  }
  // Stopped from outside, or a brother of an enclosing parallel split already cut.
  bool check_abort() {
    if (aborted) return true;
    if (nodes - flushed > flush_interval) flush();
    if (shared.stop != nullptr && shared.stop->load(std::memory_order_relaxed)) aborted = true;
    if (shared.parallel && tbb::is_current_task_group_canceling()) aborted = true;
    return aborted;
  }

 private:
  static constexpr std::uint64_t flush_interval = 1 << 14;
};

// Where the search changes strategy, in empty squares; tuned on the FFO suite for fewer nodes at
// the same processor time (FFO 40-44: 93.0 M nodes with 6/7/6/12, 71.1 M with 4/6/5/8, 65.2 M
// with 4/6/4/8; FFO 45-49: 599.2 M with 4/6/5/8, 514.6 M with 4/6/4/8, in 9% less time). With
// the ordering searches bounded below (sort_floor_margin), FFO 40-49 from 602.4 M nodes: 593.5 M
// with ETC from 7, 591.5 M with it and the ordering searches' depth capped at 5 instead of 4.
// The table from 5 empties instead of 6 (2026-12-06): FFO 40-49 507.0 M -> 491.0 M nodes, 20
// positions of WTH_2019 at 24 empties 970.7 M -> 939.5 M, the same time side by side.
struct Tuning {
  int shallow_max = 4;      // at or below: no table, no sorting, parity order (6 at most)
  int table_min = 5;        // at or above: probe and store the transposition table
  int split_min = 14;       // at or above: brothers may be searched in parallel
  int abort_check_min = 9;  // at or above: look at the stop and cancel flags
  int stability_min = 4;    // at or above: try a stability cutoff
  int etc_min = 7;          // at or above: look for a child in the table that cuts at once
  // At or below: moves ordered by the opponent's replies and parity only (not under anti), which
  // orders almost as well near the end for less work (FFO 40: 0.3% more nodes, 8.7% fewer
  // instructions).
  int light_ordering_max = 6;
  int sort_search_min = 14;  // at or above: order moves by a shallow heuristic search
  int sort_search_depth = 2;
  int sort_search_step = 3;  // one ply deeper for every this many more empties
  int sort_search_max_depth = 5;
  // With the pattern evaluation: units taken off a move's search score per reply it leaves the
  // opponent (corners twice), since few replies also make the subtree small.
  int pattern_reply_weight = 200;
  // With the pattern evaluation: discs below alpha under which an ordering search stops at a
  // bound instead of the move's exact heuristic value.
  int sort_floor_margin = 12;
  // The selective search before a long exact one (probcut.hpp), 8x8 with the learned
  // evaluation: ProbCut at or above probcut_min empties, with a shallow search of probcut_depth
  // plies there and one more every probcut_step empties (at most probcut_max_depth), which
  // strays from the exact value by about probcut_sigma hundredths of a disc. Tuned on FFO
  // 40-49 and 20 positions of real games at 24 empties (docs/benchmarks.md, "A selective
  // search before the exact one").
  int probcut_min = 12;
  int probcut_depth = 2;
  int probcut_step = 4;
  int probcut_max_depth = 6;
  int probcut_sigma = 400;
};

// The tuning for a variant and board: the defaults are those of 8x8 without weights, adjusted
// below for anti-reversi, small boards and the 8x8 weights.
template <bool Anti>
Tuning tuning_for(Tuning tune, int n_playable, bool learned) {
  constexpr int anti_sort_search_min = 11;
  constexpr int anti_pattern_reply_weight = 70;
  constexpr int small_board_squares = 36;
  constexpr int small_board_sort_search_step = 2;
  constexpr int small_board_sort_search_max_depth = 5;
  constexpr int learned_sort_search_depth = 1;
  constexpr int learned_sort_search_step = 2;
  constexpr int learned_sort_search_max_depth = 7;
  if constexpr (Anti) {
    // Anti-reversi's heuristic is weaker at telling moves apart, so its ordering searches start
    // earlier (nodes of 6x6 anti positions at 20 empties: 76 M at 14, 66 M at 11).
    tune.sort_search_min = anti_sort_search_min;
    // Its weights spread less, so the replies a move leaves weigh less against them (6x6 anti
    // at 26 empties: 434 M nodes at 200 units a reply, 219 M at 70; docs/benchmarks.md).
    tune.pattern_reply_weight = anti_pattern_reply_weight;
  }
  // Small boards without the learned evaluation gain from deeper ordering searches sooner
  // (6x6 standard at 24 empties: 344 M nodes, 20.0 CPU s with the 8x8 steps; 306 M, 18.0 s).
  // With 6x6 weights the 8x8 steps are better (6x6 from the start: 485 M nodes against 626 M).
  if (!Anti && !learned && n_playable <= small_board_squares) {
    tune.sort_search_step = small_board_sort_search_step;
    tune.sort_search_max_depth = small_board_sort_search_max_depth;
  }
  // With the 8x8 weights the ordering searches pay from one ply at 14 empties, one ply deeper
  // every 2 empties (FFO 40-49: 4.8% fewer nodes and about 11% less time than 2 plies and every
  // 3; docs/benchmarks.md).
  if (!Anti && learned && n_playable > small_board_squares) {
    tune.sort_search_depth = learned_sort_search_depth;
    tune.sort_search_step = learned_sort_search_step;
    tune.sort_search_max_depth = learned_sort_search_max_depth;
  }
  return tune;
}

}  // namespace reversi::endgame
