// reversi nboard: an engine for the NBoard GUI. Reads the NBoard protocol on standard input and
// answers on standard output, a line at a time (cli/nboard/session.hpp does the protocol).
#include <iostream>
#include <string>

#include "analysis/annotate.hpp"
#include "cli/common.hpp"
#include "cli/nboard/session.hpp"
#include "cli/options/numeric.hpp"
#include "cli/options/threads.hpp"
#include "cli/subcommands.hpp"

namespace reversi::cli {

namespace {

struct NboardOptions {
  NboardSettings settings;
};

bool parse_nboard(const std::vector<std::string>& args, NboardOptions& opt) {
  po::options_description desc("Options");
  auto& s = opt.settings;
  desc.add_options()("exact-empties",
                     numeric(&s.exact_empties, Range<int>{0, max_exact_empties, "empty squares"})
                         ->default_value(default_exact_empties),
                     "exact values (the solver) at this many empty squares or fewer")(
      "depth",
      numeric(&s.depth, Range<int>{1, max_estimate_depth, "plies"})
          ->default_value(default_estimate_depth),
      "estimate depth until the GUI sends 'set depth'")(
      "threads", numeric(&s.threads, Range<int>{1, max_threads, "threads"})->default_value(1),
      "threads of one exact solve");
  add_hash_mb_option(desc, &s.hash_mb, default_annotate_hash_mb, "solver table size in MB");
  po::variables_map vm;
  return parse_options("nboard", "[--exact-empties N] [--depth N] [--hash-mb MB] [--threads N]",
                       desc, args, vm);
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

int run_nboard(const std::vector<std::string>& args, const cluster::Context& /*context*/) {
  NboardOptions opt;
  if (!parse_nboard(args, opt)) return exit_ok;
  NboardSession session(opt.settings);
  serve(session, std::cin, std::cout);
  return exit_ok;
}

}  // namespace reversi::cli
