// The work units of a command whose split is known before it starts (perft, solve): computed
// over the farm (every rank under mpirun), taken from journals (--resume, --merge), or, for a
// batch system without MPI, written out (--emit-jobs) and computed a range at a time (--units).
#pragma once

#include <atomic>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "cli/cluster/farm.hpp"
#include "cli/options/cluster.hpp"

namespace reversi::cli::cluster {

struct Unit {
  std::string task;      // the bytes the work function takes
  nlohmann::json about;  // what --emit-jobs shows of it: position, depth, multiplicity
};

// Every unit's result in unit order, on the leader; nullopt when there is nothing to combine
// (--emit-jobs, --units, a stopped run), with the exit status in `status`.
std::optional<std::vector<std::string>> run_units(const std::string& command,
                                                  const std::vector<std::string>& args,
                                                  const UnitOptions& options,
                                                  const std::vector<Unit>& units, const Work& work,
                                                  const std::atomic<bool>* stop, int& status);

}  // namespace reversi::cli::cluster
