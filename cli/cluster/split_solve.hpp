// solve over the split (docs/cluster.md). The leader keeps the top of the tree and searches it
// with alpha-beta windows; the frontier's units are solved, a round at a time, over the farm
// (every rank under mpirun), each only inside the window the top asks for, until the root's
// value, its best moves (ties included) and with --all-moves every move's value are exact. The
// journal records what each unit's solves proved, with the window of the last. A batch system
// without MPI has no leader between units: --emit-jobs and --units solve every unit with a full
// window, and --merge searches the top over the journals.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "analysis/solver/search.hpp"
#include "cli/options/cluster.hpp"

namespace reversi::cli::cluster {

struct SplitSolveJob {
  Rules rules;
  Position root;
  bool wld = false;
  bool all_moves = false;
  int threads = 1;
  std::size_t hash_mb = 64;
};

struct SplitSolveOutcome {
  std::optional<SolveResult> result;  // on the leader once known: value, best moves, nodes
  int status = 0;                     // the exit status when there is no result
  int plies = 0;
  std::size_t units = 0;   // the frontier's units
  int rounds = 0;          // rounds of unit solves this run
  std::size_t solves = 0;  // unit solves this run (a unit may be solved again, wider)
};

// On the leader, the result; on the other ranks, serves until the leader is done.
SplitSolveOutcome split_solve(const Context& context, const SplitSolveJob& job,
                              const UnitOptions& options, const std::vector<std::string>& args,
                              const std::atomic<bool>* stop);

}  // namespace reversi::cli::cluster
