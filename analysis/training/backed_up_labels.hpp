// Labels from search for the positions too far from the end for the solver: each is searched on
// the weights already fitted for the phases below it, so the label carries what those phases
// learnt from exact values instead of a final result blurred by the mistakes made later.
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

#include "analysis/eval/pattern_eval.hpp"
#include "analysis/training/training.hpp"
#include "core/rules.hpp"

namespace reversi::eval {

struct BackUpRequest {
  Rules rules;             // the positions' game
  int solve_empties = 16;  // positions with at most this many empties have exact labels
  int max_depth = 6;       // the deepest search, unless a phase needs more to reach the ones below
  int threads = 2;
  const std::atomic<bool>* stop = nullptr;
};

struct BackedUp {
  std::vector<Sample> samples;  // the positions of the phase, labelled, in their input order
  std::uint64_t nodes = 0;
};

// The depth that brings every leaf of a search from `empties` into the phases below `phase`
// (already fitted), and no further down than the exact labels when `max_depth` allows.
int backup_depth(int empties, int phase, int solve_empties, int max_depth);

// Labels the samples of `phase` among `samples` (their targets are ignored) by a full-width
// search to backup_depth on `fitted`; the labels do not depend on the number of threads.
BackedUp back_up_phase(const std::vector<Sample>& samples, int phase,
                       const PatternEvaluator& fitted, const BackUpRequest& request);

}  // namespace reversi::eval
