// The puzzle request the puzzle tests share: one thread by default and a small table.
#pragma once

#include <cstddef>

#include "analysis/puzzle/search.hpp"

namespace reversi::test {

inline PuzzleRequest request(const Rules& rules, PuzzleGoal goal, int by, int threads = 1) {
  PuzzleRequest r;
  r.rules = rules;
  r.goal = goal;
  r.by = by;
  r.threads = threads;
  r.table_bytes = std::size_t{4} << 20;
  return r;
}

}  // namespace reversi::test
