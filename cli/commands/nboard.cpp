// reversi nboard: an engine for the NBoard GUI. Reads the NBoard protocol on standard input and
// answers on standard output, a line at a time (cli/nboard/session.hpp does the protocol).
#include <unistd.h>

#include <climits>
#include <iostream>
#include <string>

#include "analysis/annotate.hpp"
#include "cli/common.hpp"
#include "cli/nboard/session.hpp"
#include "cli/nboard/text.hpp"
#include "cli/subcommands.hpp"

namespace reversi::cli {

namespace {

struct NboardOptions {
  NboardSettings settings;
  std::string hash_mb = std::to_string(default_annotate_hash_mb);
};

// The machine's memory in MB: a table larger than it can only fail or swap.
long long memory_mb() {
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long page_size = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page_size <= 0) return LLONG_MAX;  // unknown: the allocation decides
  return static_cast<long long>(
      static_cast<unsigned long long>(pages) * static_cast<unsigned long long>(page_size) >> 20);
}

std::size_t checked_hash_mb(const std::string& text) {
  const auto n = nboard::whole_number(text);
  if (!n || *n < 1)
    throw UsageError("--hash-mb must be a whole number of megabytes, at least 1, not '" + text +
                     "'");
  const long long limit = memory_mb();
  if (*n > limit)
    throw UsageError("--hash-mb " + text + " is more than this machine's memory (" +
                     std::to_string(limit) + " MB)");
  return static_cast<std::size_t>(*n);
}

bool parse_nboard(const std::vector<std::string>& args, NboardOptions& opt) {
  po::options_description desc("Options");
  auto& s = opt.settings;
  const std::string depth_help = "estimate depth until the GUI sends 'set depth' (1 to " +
                                 std::to_string(max_estimate_depth) + ")";
  desc.add_options()("exact-empties",
                     po::value(&s.exact_empties)->default_value(default_exact_empties),
                     "exact values (the solver) at this many empty squares or fewer")(
      "depth", po::value(&s.depth)->default_value(default_estimate_depth), depth_help.c_str())(
      "hash-mb", po::value(&opt.hash_mb)->default_value(opt.hash_mb),
      "solver table size in MB (at most the machine's memory)")(
      "threads", po::value(&s.threads)->default_value(1), "threads of one exact solve");
  po::variables_map vm;
  if (!parse_options("nboard", "[--exact-empties N] [--depth N] [--hash-mb MB] [--threads N]", desc,
                     args, vm))
    return false;
  if (s.exact_empties < 0) throw UsageError("--exact-empties must be 0 or more");
  if (s.depth < 1 || s.depth > max_estimate_depth)
    throw UsageError("--depth must be from 1 to " + std::to_string(max_estimate_depth));
  if (s.threads < 1) throw UsageError("--threads must be at least 1");
  s.hash_mb = checked_hash_mb(opt.hash_mb);
  return true;
}

// The protocol loop: a line in, its answers out and flushed, until "quit" or the end of input.
void serve(NboardSession& session, std::istream& in, std::ostream& out) {
  std::string line;
  std::vector<std::string> answers;
  while (std::getline(in, line)) {
    answers.clear();
    const bool more = session.handle(line, answers);
    for (const auto& a : answers) out << a << '\n';
    out.flush();
    if (!more) break;
  }
}

}  // namespace

int run_nboard(const std::vector<std::string>& args) {
  NboardOptions opt;
  if (!parse_nboard(args, opt)) return exit_ok;
  NboardSession session(opt.settings);
  serve(session, std::cin, std::cout);
  return exit_ok;
}

}  // namespace reversi::cli
