// The records throughput benchmark: parse and fully replay every game of some record files on
// one thread. Files are read into memory first, so the time is parsing and replaying only.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <iostream>

#include "cli/batch/counts.hpp"
#include "cli/batch/record_input.hpp"
#include "cli/bench/games.hpp"
#include "cli/bench/modes.hpp"
#include "cli/common.hpp"
#include "cli/options/numeric.hpp"
#include "cli/options/rules.hpp"
#include "core/records/detect.hpp"
#include "core/records/reader.hpp"
#include "core/records/validate.hpp"

namespace reversi::cli {

namespace {

struct Pass : GameCounts {
  double seconds = 0;      // wall clock
  double cpu_seconds = 0;  // this process's processor time: what a busy machine does not inflate
};

Pass run_pass(const std::vector<LoadedFile>& files, const Rules& rules) {
  Pass pass;
  const auto start = std::chrono::steady_clock::now();
  const std::clock_t cpu_start = std::clock();
  for (const auto& f : files) {
    records::MemorySource source(f.bytes);
    const auto reader = records::make_reader(f.format, source, reader_options(f, rules));
    while (auto game = reader->next()) {
      const auto v = records::validate(*game);
      ++pass.games;
      pass.moves += v.moves_replayed;
      pass.invalid += v.verdict == records::Verdict::invalid ? 1 : 0;
      pass.unfinished += v.verdict == records::Verdict::unfinished ? 1 : 0;
    }
  }
  pass.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  pass.cpu_seconds = static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
  return pass;
}

struct BenchRecordsOptions {
  RulesOptions rules;
  int repeat = 5;
  std::vector<std::string> paths;
};

// Reads the options into `opt`; false after --help.
bool parse_bench_records(const std::vector<std::string>& args, BenchRecordsOptions& opt) {
  po::options_description desc("Options");
  opt.rules.add_to(desc);
  desc.add_options()("repeat", numeric(&opt.repeat, Range<int>{1, 1000, "runs"})->default_value(5),
                     "timed passes; the best is reported")(
      "file", po::value(&opt.paths)->composing(), "record files or directories of them");
  po::positional_options_description positional;
  positional.add("file", -1);
  po::variables_map vm;
  if (!parse_options("bench records", "[--repeat N] FILE|DIR...", desc, args, vm, &positional))
    return false;
  if (opt.paths.empty()) throw UsageError("give record files or a directory of them");
  if (opt.repeat < 1) throw UsageError("--repeat must be at least 1");
  return true;
}

void print_records(std::size_t files, int repeat, const Pass& best) {
  std::cout << "records: " << files << " files, " << best.games << " games, " << best.moves
            << " moves replayed (" << best.unfinished << " unfinished, " << best.invalid
            << " invalid)\n";
  std::printf(
      "parse + replay, 1 thread, best of %d: %.3f s wall, %.3f s cpu (%.0f games/s, %.1f "
      "ns/move)\n",
      repeat, best.seconds, best.cpu_seconds, static_cast<double>(best.games) / best.seconds,
      1e9 * best.seconds / static_cast<double>(std::max(1L, best.moves)));
}

}  // namespace

int run_bench_records(const std::vector<std::string>& args) {
  BenchRecordsOptions opt;
  if (!parse_bench_records(args, opt)) return exit_ok;
  const auto loaded = load_files_or_report("records", opt.paths);
  if (!loaded) return exit_usage;
  const std::vector<LoadedFile>& files = *loaded;
  const Rules r = opt.rules.rules();
  const Pass best = best_of(opt.repeat, [&] { return run_pass(files, r); });
  print_records(files.size(), opt.repeat, best);
  return best.invalid > 0 ? exit_bad_input : exit_ok;
}

}  // namespace reversi::cli
