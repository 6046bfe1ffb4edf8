// The convert benchmark: record files read into memory, then converted to a target (GGF by
// default) through the same ordered pipeline and writers as `reversi convert`, the output kept in
// memory. Reports games/s and a checksum of the output, which must not depend on the threads.
#include "cli/output/convert.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <functional>
#include <iostream>
#include <string_view>

#include "cli/batch/pipeline.hpp"
#include "cli/batch/record_input.hpp"
#include "cli/bench/games.hpp"
#include "cli/bench/modes.hpp"
#include "cli/common.hpp"
#include "cli/options/numeric.hpp"
#include "cli/options/threads.hpp"
#include "core/records/detect.hpp"
#include "core/records/reader.hpp"

namespace reversi::cli {

namespace {

constexpr std::size_t tokens_per_thread = 8;
constexpr std::uint64_t fnv_offset = 1469598103934665603ULL;
constexpr std::uint64_t fnv_prime = 1099511628211ULL;

struct BenchConvertOptions {
  ThreadOptions threads;
  std::string to = "ggf";
  int repeat = 3;
  std::vector<std::string> paths;
};

struct Pass {
  long games = 0;
  long refused = 0;
  std::uint64_t bytes = 0;
  std::uint64_t checksum = fnv_offset;
  double seconds = 0;
  double cpu_seconds = 0;  // the process's processor time: what a busy machine does not inflate
};

struct Slot {
  records::ParsedGame game;
  ConvertedGame converted;
};

// Order-dependent: the games must come out in input order.
void add_to_checksum(Pass& pass, const std::string& text) {
  pass.checksum = (pass.checksum ^ std::hash<std::string_view>{}(text)) * fnv_prime;
  pass.bytes += text.size() + 1;
}

Pass run_pass(const std::vector<LoadedFile>& files, const ConvertStyle& style, int threads) {
  Pass pass;
  const auto start = std::chrono::steady_clock::now();
  const std::clock_t cpu_start = std::clock();
  for (const auto& f : files) {
    records::MemorySource source(f.bytes);
    // The default rules: this benchmark has no rule options.
    const auto reader = records::make_reader(f.format, source, reader_options(f, Rules()));
    ordered_pipeline<Slot>(
        threads, tokens_per_thread,
        [&]() -> std::unique_ptr<Slot> {
          auto game = reader->next();
          if (!game) return nullptr;
          return std::make_unique<Slot>(Slot{std::move(*game), {}});
        },
        [&](Slot& s) { s.converted = convert_game(s.game, style); },
        [&](Slot& s) {
          ++pass.games;
          if (!s.converted.written.ok()) {
            ++pass.refused;
            return;
          }
          add_to_checksum(pass, s.converted.written.text);
        });
  }
  pass.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  pass.cpu_seconds = static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
  return pass;
}

bool parse_bench_convert(const std::vector<std::string>& args, BenchConvertOptions& opt) {
  po::options_description desc("Options");
  opt.threads.add_to(desc);
  desc.add_options()("to", po::value(&opt.to)->default_value("ggf"),
                     "target: moves, ggf, obf, board or json")(
      "repeat", numeric(&opt.repeat, Range<int>{1, 1000, "runs"})->default_value(3),
      "timed passes; the best is reported")("file", po::value(&opt.paths)->composing(),
                                            "record files or directories of them");
  po::positional_options_description positional;
  positional.add("file", -1);
  po::variables_map vm;
  if (!parse_options("bench convert", "[--threads N] [--to FORMAT] [--repeat N] FILE|DIR...", desc,
                     args, vm, &positional))
    return false;
  if (opt.paths.empty()) throw UsageError("give record files or a directory of them");
  if (opt.repeat < 1) throw UsageError("--repeat must be at least 1");
  return true;
}

}  // namespace

int run_bench_convert(const std::vector<std::string>& args) {
  BenchConvertOptions opt;
  if (!parse_bench_convert(args, opt)) return exit_ok;
  ConvertStyle style;
  const auto target = records::parse_format_name(opt.to);
  if (!target || *target == records::Format::wthor)
    throw UsageError("bench convert writes moves, ggf, obf, board or json, not '" + opt.to + "'");
  style.target = *target;
  const auto loaded = load_files_or_report("convert", opt.paths);
  if (!loaded) return exit_usage;
  const std::vector<LoadedFile>& files = *loaded;
  const int threads = opt.threads.resolved();
  const Pass best = best_of(opt.repeat, [&] { return run_pass(files, style, threads); });
  std::printf(
      "convert to %s: %zu files, %ld games (%ld refused), %llu bytes written, checksum "
      "%016llx\n",
      opt.to.c_str(), files.size(), best.games, best.refused,
      static_cast<unsigned long long>(best.bytes), static_cast<unsigned long long>(best.checksum));
  std::printf(
      "read + validate + write, %d thread%s, best of %d: %.3f s wall, %.3f s cpu (%.0f games/s)\n",
      threads, threads == 1 ? "" : "s", opt.repeat, best.seconds, best.cpu_seconds,
      static_cast<double>(best.games) / best.seconds);
  return best.refused > 0 ? exit_bad_input : exit_ok;
}

}  // namespace reversi::cli
