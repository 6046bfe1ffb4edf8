// reversi bench perft: perft speed on one thread, on every thread, and through transpositions.
#include "analysis/perft.hpp"

#include <chrono>
#include <cstdio>
#include <iostream>
#include <span>

#include "cli/bench/modes.hpp"
#include "cli/common.hpp"
#include "cli/options/numeric.hpp"
#include "cli/options/threads.hpp"

namespace reversi::cli {

struct BenchPerftOptions {
  ThreadOptions threads;
  std::size_t hash_mb = 256;
  bool quick = false;
};

namespace {

struct PerftCase {
  int size;
  int depth;
};

// The yardsticks: 8x8 ply 11 (Edax 4.6: 0.68 s plain, 0.18 s hashed) and 6x6 ply 12.
constexpr PerftCase full_cases[] = {{8, 11}, {6, 12}};
constexpr PerftCase quick_cases[] = {{8, 9}, {6, 9}};

struct Timing {
  std::uint64_t leaves = 0;
  double seconds = 0;
  double rate() const { return static_cast<double>(leaves) / seconds / 1e6; }
};

Timing time_perft(const Rules& rules, int depth, int threads, std::size_t hash_mb) {
  const auto start = std::chrono::steady_clock::now();
  Timing t;
  t.leaves = perft(PerftRequest{.rules = rules,
                                .root = rules.initial(),
                                .depth = depth,
                                .threads = threads,
                                .hash_mb = hash_mb,
                                .on_progress = {},
                                .stop = nullptr})
                 .leaves;
  t.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return t;
}

// One case timed three ways: one thread, every thread, one thread through the table.
struct PerftRow {
  Timing one;
  Timing many;
  Timing hashed;
};

// Reads the options into `opt`; false after --help.
bool parse_bench_perft(const std::vector<std::string>& args, BenchPerftOptions& opt) {
  po::options_description desc("Options");
  opt.threads.add_to(desc);
  desc.add_options()("hash-mb", numeric(&opt.hash_mb, hash_mb_range())->default_value(256),
                     "memory for the hashed runs")("quick", po::bool_switch(&opt.quick),
                                                   "small depths, for a smoke test");
  po::variables_map vm;
  return parse_options("bench perft", "[--threads T] [--hash-mb M] [--quick]", desc, args, vm);
}

PerftRow time_case(const PerftCase& c, int all, std::size_t hash_mb) {
  const Rules rules(c.size);
  PerftRow row;
  row.one = time_perft(rules, c.depth, 1, 0);
  row.many = time_perft(rules, c.depth, all, 0);
  row.hashed = time_perft(rules, c.depth, 1, hash_mb);
  return row;
}

void print_header(int all, std::size_t hash_mb) {
  std::cout << "perft from the standard start, convention oeis; M leaves/s (compare ratios within "
               "one run)\n";
  std::printf("%-6s %4s %14s | %-20s | %-20s | %-20s\n", "board", "ply", "leaves", "1 thread",
              (std::to_string(all) + " threads").c_str(),
              ("1 thread, hash " + std::to_string(hash_mb) + " MB").c_str());
}

void print_row(const PerftCase& c, const PerftRow& r) {
  const std::string board = std::to_string(c.size) + "x" + std::to_string(c.size);
  std::printf("%-6s %4d %14llu | %7.3f s %7.1f M/s | %7.3f s %7.1f M/s | %7.3f s %7.1f M/s\n",
              board.c_str(), c.depth, static_cast<unsigned long long>(r.one.leaves), r.one.seconds,
              r.one.rate(), r.many.seconds, r.many.rate(), r.hashed.seconds, r.hashed.rate());
}

}  // namespace

int run_bench_perft(const std::vector<std::string>& args) {
  BenchPerftOptions opt;
  if (!parse_bench_perft(args, opt)) return exit_ok;
  const int all = opt.threads.resolved();
  print_header(all, opt.hash_mb);
  const auto cases =
      opt.quick ? std::span<const PerftCase>(quick_cases) : std::span<const PerftCase>(full_cases);
  for (const auto& c : cases) {
    const PerftRow row = time_case(c, all, opt.hash_mb);
    if (row.one.leaves != row.many.leaves || row.one.leaves != row.hashed.leaves) {
      std::cerr << "reversi bench perft: counts differ between runs\n";
      return exit_bad_input;
    }
    print_row(c, row);
  }
  return exit_ok;
}

}  // namespace reversi::cli
