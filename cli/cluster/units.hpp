// The work units of a command whose split is known before it starts (perft, solve): computed
// over the farm (every rank under mpirun), taken from journals (--resume, --merge), or, for a
// batch system without MPI, written out (--emit-jobs) and computed a range at a time (--units).
#pragma once

#include <atomic>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "cli/cluster/farm.hpp"
#include "cli/options/cluster.hpp"

namespace reversi::cli::cluster {

struct Unit {
  std::string task;      // the bytes the work function takes
  nlohmann::json about;  // what --emit-jobs shows of it: position, depth, multiplicity
};

// --units A-B as the half-open range [A, B + 1) of `count` units (a usage error otherwise).
std::pair<std::size_t, std::size_t> chosen_range(const std::string& text, std::size_t count);

// --emit-jobs: the job's header line, then a line per unit (what it is about, its task in hex).
void emit_jobs(const std::string& file, const std::string& job, const std::vector<Unit>& units);

// Every unit's result in unit order, on the leader; nullopt when there is nothing to combine
// (--emit-jobs, --units, a stopped run), with the exit status in `status`.
std::optional<std::vector<std::string>> run_units(const Context& context,
                                                  const std::string& command,
                                                  const std::vector<std::string>& args,
                                                  const UnitOptions& options,
                                                  const std::vector<Unit>& units, const Work& work,
                                                  const std::atomic<bool>* stop, int& status);

}  // namespace reversi::cli::cluster
