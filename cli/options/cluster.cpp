#include "cli/options/cluster.hpp"

#include "cli/cluster/farm.hpp"

namespace reversi::cli {

void JournalOptions::add_to(po::options_description& desc) {
  desc.add_options()("journal", po::value(&file),
                     "record every finished work unit in FILE (docs/cluster.md)")(
      "resume", po::bool_switch(&resume),
      "with --journal: take the units the journal holds, compute only the rest");
}

std::unique_ptr<cluster::Journal> JournalOptions::open(const std::string& command,
                                                       const std::vector<std::string>& args) const {
  if (resume && file.empty()) throw UsageError("--resume needs --journal FILE");
  if (file.empty() || !cluster::place().leader()) return nullptr;
  return std::make_unique<cluster::Journal>(file, cluster::job_text(command, args), resume);
}

}  // namespace reversi::cli
