#include "cli/options/cluster.hpp"

#include "cli/cluster/farm.hpp"
#include "cli/options/numeric.hpp"

namespace reversi::cli {

void JournalOptions::add_to(po::options_description& desc) {
  desc.add_options()("journal", po::value(&file),
                     "record every finished work unit in FILE (docs/cluster.md)")(
      "resume", po::bool_switch(&resume),
      "with --journal: take the units the journal holds, compute only the rest");
}

std::unique_ptr<cluster::Journal> JournalOptions::open(const cluster::Place& place,
                                                       const std::string& command,
                                                       const std::vector<std::string>& args) const {
  if (resume && file.empty()) throw UsageError("--resume needs --journal FILE");
  if (file.empty() || !place.leader()) return nullptr;
  return std::make_unique<cluster::Journal>(file, cluster::job_text(command, args), resume);
}

void UnitOptions::add_to(po::options_description& desc, bool with_split) {
  if (with_split)
    desc.add_options()("split-depth",
                       numeric(&split_depth, Range<int>{-1, 60, "plies"})->default_value(-1),
                       "plies from the root to the work units (-1: chosen; docs/cluster.md)");
  journal.add_to(desc);
  desc.add_options()("emit-jobs", po::value(&emit_jobs),
                     "write the work units to FILE as JSON lines and stop")(
      "units", po::value(&units), "A-B: compute only these units into the --journal")(
      "merge", po::value(&merge)->composing(),
      "take the units' results from this journal (repeat for each) and combine them");
}

bool UnitOptions::in_use(const cluster::Place& place) const {
  return place.distributed() || split_depth >= 0 || !journal.file.empty() || journal.resume ||
         !emit_jobs.empty() || !units.empty() || !merge.empty();
}

}  // namespace reversi::cli
