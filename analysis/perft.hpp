// Game-tree counts (perft) under the two published pass conventions.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/rules.hpp"

namespace reversi {

enum class PerftConvention {
  oeis,  // a pass is a ply; games finished before the depth are dropped (OEIS A124004)
  bik,   // a pass is a ply; a game finished early counts as one leaf (Aart Bik)
};
std::string convention_name(PerftConvention c);

struct PerftProgress {
  int depth = 0;
  std::uint64_t tasks_done = 0;
  std::uint64_t tasks_total = 0;
  std::uint64_t leaves_so_far = 0;
};

struct PerftRequest {
  Rules rules;
  Position root;
  int depth = 1;
  PerftConvention convention = PerftConvention::oeis;
  int threads = 1;
  // Memory for tables of subtree counts, shared out between the threads; 0 counts every node.
  std::size_t hash_mb = 0;
  // Called from worker threads, one call at a time.
  std::function<void(const PerftProgress&)> on_progress;
  // Set from another thread to stop early; the result is then marked incomplete.
  const std::atomic<bool>* stop = nullptr;
};

struct PerftResult {
  std::uint64_t leaves = 0;
  std::uint64_t interior_nodes = 0;  // positions expanded above the last ply
  bool complete = true;
};

PerftResult perft(const PerftRequest& request);

// Plain single-threaded count over the size-independent rules layer; the reference for tests.
std::uint64_t perft_plain(const Rules& rules, const Position& root, int depth,
                          PerftConvention convention);

}  // namespace reversi
