// The cluster option groups (docs/cluster.md): the journal of finished work units, and for the
// commands whose work is split into units known in advance (perft, solve), the modes that run
// them without MPI: emit the units, compute some of them, merge the results.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "cli/cluster/farm.hpp"
#include "cli/cluster/journal.hpp"
#include "cli/common.hpp"

namespace reversi::cli {

// --journal, --resume
struct JournalOptions {
  std::string file;
  bool resume = false;
  void add_to(po::options_description& desc);
  // The journal the options ask for (null without --journal), on the leader only.
  std::unique_ptr<cluster::Journal> open(const cluster::Place& place, const std::string& command,
                                         const std::vector<std::string>& args) const;
};

// [--split-depth], --journal, --resume, --emit-jobs, --units, --merge
struct UnitOptions {
  int split_depth = -1;  // -1: chosen from the number of ranks
  JournalOptions journal;
  std::string emit_jobs;
  std::string units;  // "A-B": compute only these units (0-based, inclusive) into the journal
  std::vector<std::string> merge;
  // with_split: --split-depth too (perft, solve; annotate's units are batches of games).
  void add_to(po::options_description& desc, bool with_split = true);
  // Whether the units go through the cluster machinery (else the command runs as before).
  bool in_use(const cluster::Place& place) const;
};

}  // namespace reversi::cli
