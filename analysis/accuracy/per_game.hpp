// The benches' parallel loop over games: each game's samples computed on any thread with that
// thread's engines, then joined in game order, so the thread count changes nothing.
#pragma once

#include <tbb/enumerable_thread_specific.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <cstddef>
#include <vector>

#include "analysis/parallel_each.hpp"
#include "core/records/record.hpp"

namespace reversi {

// `samples(game, engines)` returns a std::vector<Sample>; Engines is default-constructed once
// per thread.
template <class Sample, class Engines, class Samples>
std::vector<Sample> samples_in_game_order(const std::vector<records::GameRecord>& games,
                                          int threads, Samples&& samples) {
  std::vector<std::vector<Sample>> found(games.size());
  tbb::enumerable_thread_specific<Engines> engines;
  tbb::task_arena arena(std::max(1, threads));
  arena.execute([&] {
    parallel_each(games.size(),
                  [&](std::size_t g) { found[g] = samples(games[g], engines.local()); });
  });
  std::vector<Sample> out;
  for (const auto& f : found) out.insert(out.end(), f.begin(), f.end());
  return out;
}

}  // namespace reversi
