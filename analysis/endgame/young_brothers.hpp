// Young-brothers-wait parallelism with oneTBB: once the eldest move of a node fails to cut, its
// brothers are searched in parallel and cancelled as soon as one of them cuts.
#pragma once

#include <tbb/task_arena.h>
#include <tbb/task_group.h>

#include <algorithm>
#include <atomic>
#include <mutex>

#include "analysis/endgame/context.hpp"

namespace reversi::endgame {

// Moves 1..count-1 of `list` in parallel, each valued by `child_value(move, context)`; `best` and
// `best_move` take the best of them, and the first to beat `alpha` cancels the others. Workers
// take the brothers in order from a shared counter, so that the likeliest cut is always searched
// first; one worker per thread, the owner being one of them.
template <class M, class ChildValue>
void search_brothers(M* list, int count, int alpha, int& best, int& best_move, Context& c,
                     const ChildValue& child_value) {
  std::sort(list + 1, list + count, [](const M& a, const M& b) { return a.score > b.score; });
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
      const int v = child_value(list[i], local);
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

}  // namespace reversi::endgame
