// reversi bench: benchmarks by mode, one file each in cli/bench/.
#include <iostream>

#include "cli/bench/modes.hpp"
#include "cli/common.hpp"
#include "cli/subcommands.hpp"

namespace reversi::cli {

namespace {

void print_bench_help() {
  std::cout
      << "Usage: reversi bench [signature|ffo|perft|records|puzzle|annotate|eval|convert|db] "
         "[OPTIONS]\n\n"
         "  signature  node counts of a fixed set of solves on one thread (default)\n"
         "  ffo        the FFO endgame suite: time and nodes per position per thread count\n"
         "  perft      perft speed (see 'reversi bench perft --help')\n"
         "  records    record parsing speed (see 'reversi bench records --help')\n"
         "  puzzle     the 8x8 wipeout count within 11 moves on 1 and 2 threads\n"
         "  annotate   WTHOR theoretical scores at 24 empties; whole-database annotate speed\n"
         "  eval       estimate accuracy on real games against perfect play and deep search\n"
         "  convert    convert speed: record files to GGF (or --to FORMAT) in memory\n"
         "  db         game database query time at the start, after 10 and 20 moves\n";
}

}  // namespace

int run_bench(const std::vector<std::string>& args, const cluster::Context& /*context*/) {
  if (args.empty() || args.front().rfind("--", 0) == 0) {
    if (!args.empty() && (args.front() == "--help" || args.front() == "-h")) {
      print_bench_help();
      return exit_ok;
    }
    return run_bench_signature(args);
  }
  const std::string& mode = args.front();
  const std::vector<std::string> rest(args.begin() + 1, args.end());
  if (mode == "signature") return run_bench_signature(rest);
  if (mode == "ffo") return run_bench_ffo(rest);
  if (mode == "perft") return run_bench_perft(rest);
  if (mode == "records") return run_bench_records(rest);
  if (mode == "puzzle") return run_bench_puzzle(rest);
  if (mode == "annotate") return run_bench_annotate(rest);
  if (mode == "eval") return run_bench_eval(rest);
  if (mode == "convert") return run_bench_convert(rest);
  if (mode == "db") return run_bench_db(rest);
  if (mode == "help") {
    print_bench_help();
    return exit_ok;
  }
  throw UsageError("unknown bench mode '" + mode +
                   "' (signature, ffo, perft, records, puzzle, annotate, eval, convert, db)");
}

}  // namespace reversi::cli
