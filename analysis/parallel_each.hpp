// One loop for every "the same work on each item, in parallel" of the project: tbb::parallel_for
// over the indices [0, n), one task per index, with the orderings oneTBB gives told to
// ThreadSanitizer (analysis/happens_before.hpp): what the caller did before the loop is seen by
// every body, and what every body did is seen by the caller after it. The items are coarse (a
// game, a position's search), so one task each balances the threads best.
#pragma once

#include <tbb/parallel_for.h>
#include <tbb/partitioner.h>

#include <cstddef>

#include "analysis/happens_before.hpp"

namespace reversi {

// Calls body(i) for each i in [0, n) on the threads of the calling task arena and returns when
// all have returned. Bodies run in any order and at the same time: each must write only what is
// its own (its item's slot, a thread-local, an atomic).
template <class Body>
void parallel_each(std::size_t n, Body&& body) {
  // Two markers, so that the bodies are not ordered among themselves (a real race between two
  // of them stays visible to TSan).
  char before_loop = 0;
  char after_body = 0;
  happens_before::release(&before_loop);
  tbb::parallel_for(
      std::size_t{0}, n,
      [&](std::size_t i) {
        happens_before::acquire(&before_loop);
        body(i);
        happens_before::release(&after_body);
      },
      tbb::simple_partitioner());
  happens_before::acquire(&after_body);  // the join, which TSan cannot see inside libtbb
}

}  // namespace reversi
