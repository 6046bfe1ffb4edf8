// reversi bench puzzle: the 8x8 wipeout count within N moves, timed on each thread count.
#include <chrono>
#include <ctime>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "analysis/puzzle/search.hpp"
#include "cli/bench/modes.hpp"
#include "cli/common.hpp"
#include "cli/options/numeric.hpp"

namespace reversi::cli {

namespace {

struct BenchPuzzleOptions {
  int by = 11;
  std::string threads = "1,2";
  std::size_t hash_mb = 64;
  int repeat = 1;
};

std::vector<int> thread_counts(const std::string& list) {
  std::vector<int> out;
  std::stringstream in(list);
  std::string item;
  while (std::getline(in, item, ',')) {
    try {
      const int n = std::stoi(item);
      if (n < 1) throw std::invalid_argument("");
      out.push_back(n);
    } catch (const std::exception&) {
      throw UsageError("--threads takes a list of counts such as 1,2, not '" + list + "'");
    }
  }
  if (out.empty()) throw UsageError("--threads needs at least one count");
  return out;
}

// The best of the repeated runs on one thread count.
struct PuzzleTiming {
  std::uint64_t sequences = 0;
  double best = 0;      // wall clock
  double best_cpu = 0;  // all threads
};

// Reads the options into `opt`; false after --help.
bool parse_bench_puzzle(const std::vector<std::string>& args, BenchPuzzleOptions& opt) {
  po::options_description desc("Options");
  desc.add_options()("by", numeric(&opt.by, Range<int>{0, 100, "moves"})->default_value(11),
                     "count wipeouts within N moves")(
      "threads", po::value(&opt.threads)->default_value("1,2"), "thread counts to time, e.g. 1,2")(
      "repeat", numeric(&opt.repeat, Range<int>{1, 1000, "runs"})->default_value(1),
      "runs per thread count; the best counts");
  add_hash_mb_option(desc, &opt.hash_mb, 64, "megabytes for each table");
  po::variables_map vm;
  if (!parse_options("bench puzzle", "[--by N] [--threads 1,2] [--repeat R]", desc, args, vm))
    return false;
  if (opt.by < 0) throw UsageError("--by must be 0 or more");
  if (opt.repeat < 1) throw UsageError("--repeat must be 1 or more");
  return true;
}

PuzzleRequest wipeout_request(const BenchPuzzleOptions& opt) {
  PuzzleRequest req;
  req.rules = Rules(8);
  req.goal.kind = PuzzleGoalKind::wipeout;
  req.by = opt.by;
  req.count = true;
  req.table_bytes = opt.hash_mb << 20;
  return req;
}

PuzzleTiming time_count(const PuzzleRequest& req, int repeat) {
  PuzzleTiming t;
  for (int i = 0; i < repeat; ++i) {
    // CPU time (all threads) as well: on a shared machine it moves less than the wall clock.
    const std::clock_t cpu_start = std::clock();
    const auto start = std::chrono::steady_clock::now();
    const ExistsResult r = puzzle_exists(req);
    const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
    const double cpu = static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
    t.sequences = r.counts ? r.counts->sequences : 0;
    if (i == 0 || took.count() < t.best) t.best = took.count();
    if (i == 0 || cpu < t.best_cpu) t.best_cpu = cpu;
  }
  return t;
}

void print_header(int by) {
  std::cout << "8x8 standard: move sequences ending in a wipeout within " << by
            << " moves (reversi puzzle wipeout --by " << by << " --count)\n";
}

void print_timing(int threads, const PuzzleTiming& t) {
  std::cout << "  threads " << threads << ": " << t.sequences << " sequences in " << std::fixed
            << std::setprecision(3) << t.best << " s (cpu " << t.best_cpu << " s)\n";
}

}  // namespace

int run_bench_puzzle(const std::vector<std::string>& args) {
  BenchPuzzleOptions opt;
  if (!parse_bench_puzzle(args, opt)) return exit_ok;
  PuzzleRequest req = wipeout_request(opt);
  print_header(opt.by);
  std::optional<std::uint64_t> reference;
  bool agree = true;
  for (const int threads : thread_counts(opt.threads)) {
    req.threads = threads;
    const PuzzleTiming t = time_count(req, opt.repeat);
    if (reference && *reference != t.sequences) agree = false;
    if (!reference) reference = t.sequences;
    print_timing(threads, t);
  }
  if (!agree) {
    std::cout << "MISMATCH: the counts differ between thread counts\n";
    return exit_bad_input;
  }
  return exit_ok;
}

}  // namespace reversi::cli
