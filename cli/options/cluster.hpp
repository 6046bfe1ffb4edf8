// The cluster option group (docs/cluster.md): the journal of finished work units, and how the
// work is cut into units.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "cli/cluster/journal.hpp"
#include "cli/common.hpp"

namespace reversi::cli {

// --journal, --resume
struct JournalOptions {
  std::string file;
  bool resume = false;
  void add_to(po::options_description& desc);
  // The journal the options ask for (null without --journal), on the leader only.
  std::unique_ptr<cluster::Journal> open(const std::string& command,
                                         const std::vector<std::string>& args) const;
};

}  // namespace reversi::cli
