// The annotate benchmarks:
//   theoretical  the solver's value at the WTHOR header's depth (24 empties) against the stored
//                theoretical score, for the first N complete games of a WTHOR file, in parallel
//                over games: time, nodes, matches and mismatches;
//   throughput   `annotate` over whole WTHOR folders with a given --exact-empties, output
//                discarded: games per second and peak resident memory;
//   estimate     the estimator alone on every position of the first N complete games, one
//                thread: nodes and time at --depth;
//   work         annotate's searches over the first N complete games, one thread, by what they
//                asked (AnnotationWork): searches and nodes, which no machine changes.
#include "analysis/annotate.hpp"

#include <oneapi/tbb/concurrent_queue.h>
#include <oneapi/tbb/task_arena.h>
#include <sys/resource.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <mutex>

#include "analysis/estimate_memo.hpp"
#include "analysis/parallel_each.hpp"
#include "cli/batch/record_input.hpp"
#include "cli/bench/games.hpp"
#include "cli/bench/modes.hpp"
#include "cli/commands/annotate.hpp"
#include "cli/common.hpp"
#include "cli/options/numeric.hpp"
#include "cli/options/threads.hpp"
#include "cli/output/progress.hpp"
#include "cli/output/solve.hpp"
#include "cli/signals.hpp"
#include "core/game.hpp"
#include "core/records/validate.hpp"

namespace reversi::cli {

namespace {

using Clock = std::chrono::steady_clock;

struct BenchOptions {
  std::string mode = "all";
  std::string file;    // a WTHOR file, e.g. WTH_2019.wtb: required by theoretical and estimate
  std::string folder;  // a folder (or file) of records: required by throughput
  int games = 300;
  ThreadOptions thread_options;
  int threads = 1;  // resolved from thread_options
  int exact_empties = default_exact_empties;
  int depth = default_estimate_depth;
  std::size_t hash_mb = default_annotate_hash_mb;
};

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// Processor time of the whole process so far (user and system), in seconds: on a shared machine
// it says what the work cost when the wall clock says what it felt like.
double cpu_seconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  const auto seconds = [](const timeval& t) {
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6;
  };
  return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

double load_average() {
  double load[1] = {0};
  return getloadavg(load, 1) == 1 ? load[0] : 0.0;
}

long peak_rss_mb() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss / 1024;  // kilobytes on Linux
}

// One solver a thread, each with its own table, handed out to the games in turn.
struct SolverPool {
  SolverPool(int threads, std::size_t hash_mb) {
    for (int i = 0; i < threads; ++i) {
      owned.push_back(std::make_unique<Solver>(hash_mb));
      idle.push(owned.back().get());
    }
  }
  tbb::concurrent_bounded_queue<Solver*> idle;
  std::vector<std::unique_ptr<Solver>> owned;
};

// What the theoretical run measured.
struct TheoreticalRun {
  std::vector<std::optional<TheoreticalComparison>> results;
  std::uint64_t nodes = 0;
  double seconds = 0;
  double cpu = 0;
  double load_start = 0;
};

// Checks every game's theoretical score, in parallel over games.
TheoreticalRun check_games(const std::vector<records::GameRecord>& games, int threads,
                           SolverPool& solvers, const AnnotateOptions& analysis) {
  TheoreticalRun run;
  run.results.resize(games.size());
  std::atomic<int> done{0};
  std::atomic<std::uint64_t> nodes{0};
  std::mutex progress_mutex;
  ProgressLine progress;
  const auto start = Clock::now();
  const double cpu_start = cpu_seconds();
  run.load_start = load_average();
  tbb::task_arena arena(threads);
  arena.execute([&] {
    parallel_each(games.size(), [&](std::size_t i) {
      Solver* solver = nullptr;
      solvers.idle.pop(solver);
      run.results[i] = check_theoretical(games[i], *solver, analysis);
      solvers.idle.push(solver);
      if (run.results[i]) nodes += run.results[i]->nodes;
      const int n = ++done;
      const std::lock_guard lock(progress_mutex);
      progress.update(std::to_string(n) + "/" + std::to_string(games.size()) + " games, " +
                      std::to_string(static_cast<int>(seconds_since(start))) + " s");
    });
  });
  progress.clear();
  run.seconds = seconds_since(start);
  run.cpu = cpu_seconds() - cpu_start;
  run.nodes = nodes.load();
  return run;
}

void print_theoretical_header(const BenchOptions& opt, std::size_t games) {
  std::cout << "WTHOR theoretical scores: the first " << games << " complete games of " << opt.file
            << ", " << opt.threads << " thread" << (opt.threads > 1 ? "s" : "")
            << ", parallel over games\n";
}

// The mismatches, then the summary line; true when every game was checked and matched.
bool print_theoretical(const std::vector<records::GameRecord>& games, const TheoreticalRun& run) {
  int matches = 0;
  int mismatches = 0;
  int unchecked = 0;
  for (std::size_t i = 0; i < run.results.size(); ++i) {
    const auto& r = run.results[i];
    if (!r || !r->checked) {
      ++unchecked;
      continue;
    }
    if (r->differs()) {
      ++mismatches;
      std::cout << "  mismatch: game " << games[i].source.game << ": stored " << r->stored
                << ", solver " << *r->solver << "\n";
    } else {
      ++matches;
    }
  }
  std::printf(
      "  %d match, %d differ, %d not checked; %.1f s wall (%.2f s a game), %.1f s processor, "
      "%s nodes, depth %d; load average %.1f at the start, %.1f at the end\n",
      matches, mismatches, unchecked, run.seconds,
      games.empty() ? 0.0 : run.seconds / static_cast<double>(games.size()), run.cpu,
      grouped(run.nodes).c_str(),
      run.results.empty() || !run.results[0] ? 0 : run.results[0]->depth, run.load_start,
      load_average());
  return mismatches == 0 && unchecked == 0;
}

int bench_theoretical(const BenchOptions& opt) {
  const std::vector<records::GameRecord> games = complete_games(opt.file, opt.games);
  print_theoretical_header(opt, games.size());
  SolverPool solvers(opt.threads, opt.hash_mb);
  InterruptGuard interrupt;
  AnnotateOptions analysis;
  analysis.theoretical = TheoreticalCheck::always;
  analysis.stop = interrupt.flag();
  const TheoreticalRun run = check_games(games, opt.threads, solvers, analysis);
  const bool all_match = print_theoretical(games, run);
  if (interrupt.interrupted()) return exit_interrupted;
  return all_match ? exit_ok : exit_bad_input;
}

int bench_estimate(const BenchOptions& opt) {
  const std::vector<records::GameRecord> games = complete_games(opt.file, opt.games);
  Estimator estimator;
  std::uint64_t nodes = 0;
  long positions = 0;
  long value_sum = 0;  // a checksum: changes to the search must leave it alone
  const auto start = Clock::now();
  for (const auto& g : games) {
    const Replay r = replay(g.rules, g.start, g.moves, ReplayOptions{!g.explicit_passes});
    const std::vector<Position> all = r.positions(g.rules);
    for (std::size_t k = 0; k < r.moves.size(); ++k) {
      EstimateRequest req;
      req.rules = g.rules;
      req.root = all[k];
      req.depth = opt.depth;
      req.wanted = r.moves[k].square;
      const EstimateResult e = estimator.estimate(req);
      nodes += e.nodes;
      value_sum += e.value + e.wanted_value.value_or(0);
      ++positions;
    }
  }
  const double seconds = seconds_since(start);
  std::printf(
      "estimates at depth %d: %zu games, %ld positions, %s nodes, %.2f s, %s nodes/s, "
      "%.2f ms a position; checksum %ld\n",
      opt.depth, games.size(), positions, grouped(nodes).c_str(), seconds,
      rate(nodes, seconds).c_str(),
      positions > 0 ? 1000.0 * seconds / static_cast<double>(positions) : 0.0, value_sum);
  return exit_ok;
}

void print_work_part(const char* name, const AnnotationWork::Part& part, std::uint64_t total) {
  std::printf(
      "  %-42s %9ld searches %16s nodes %5.1f%%\n", name, part.searches,
      grouped(part.nodes).c_str(),
      total > 0 ? 100.0 * static_cast<double>(part.nodes) / static_cast<double>(total) : 0.0);
}

// Annotate's default settings but the horizon, on one thread and one table, game after game.
int bench_work(const BenchOptions& opt) {
  const std::vector<records::GameRecord> games = complete_games(opt.file, opt.games);
  AnnotateEngines engines(opt.hash_mb);
  AnnotateOptions options;
  options.exact_empties = opt.exact_empties;
  EstimateMemo memo;
  options.memo = &memo;
  AnnotationWork sum;
  const auto start = Clock::now();
  for (const auto& g : games) sum += annotate(g, engines, options).work;
  const double seconds = seconds_since(start);
  const std::uint64_t total = sum.nodes();
  std::printf("annotate's searches, %zu game%s, --exact-empties %d, one thread:\n", games.size(),
              games.size() == 1 ? "" : "s", opt.exact_empties);
  print_work_part("exact: value given the move played", sum.given_played, total);
  print_work_part("exact: value and ties after a better one", sum.after_better, total);
  print_work_part("exact: proof above the horizon", sum.proof, total);
  print_work_part("exact: last position of a record", sum.final_position, total);
  print_work_part("estimates above the horizon", sum.estimates, total);
  print_work_part("estimates read from an earlier game", sum.reused, total);
  std::printf("  total %s nodes, %.2f s, %.2f ms a game\n", grouped(total).c_str(), seconds,
              games.empty() ? 0.0 : 1000.0 * seconds / static_cast<double>(games.size()));
  return exit_ok;
}

int bench_throughput(const BenchOptions& opt) {
  std::cout << "annotate " << opt.folder << " --exact-empties " << opt.exact_empties << ", "
            << opt.threads << " thread" << (opt.threads > 1 ? "s" : "") << ", output discarded\n";
  AnnotateFigures figures;
  const auto start = Clock::now();
  const double cpu_start = cpu_seconds();
  const double load_start = load_average();
  // The benchmark measures this process alone: under mpirun the games are not farmed out.
  const int status =
      run_annotate_with_figures({"--exact-empties", std::to_string(opt.exact_empties), "--threads",
                                 std::to_string(opt.threads), "--hash-mb",
                                 std::to_string(opt.hash_mb), "-o", "/dev/null", opt.folder},
                                cluster::Context{}, &figures);
  const double seconds = seconds_since(start);
  const double cpu = cpu_seconds() - cpu_start;
  std::printf(
      "  %ld games (%ld annotated, %ld invalid), %ld moves, %ld exact; %.1f s wall, %.1f games/s; "
      "%.1f s processor (%.1f games per processor second); peak RSS %ld MB; load average %.1f "
      "at the start, %.1f at the end; status %d\n",
      figures.games, figures.annotated, figures.invalid, figures.moves, figures.exact_moves,
      seconds, seconds > 0 ? static_cast<double>(figures.games) / seconds : 0.0, cpu,
      cpu > 0 ? static_cast<double>(figures.games) / cpu : 0.0, peak_rss_mb(), load_start,
      load_average(), status);
  return status;
}

// Reads the options into `opt`; false after --help.
bool parse_bench_annotate(const std::vector<std::string>& args, BenchOptions& opt) {
  po::options_description desc("Options");
  // clang-format off
  desc.add_options()
      ("mode", po::value(&opt.mode)->default_value("all"), "theoretical, throughput, estimate, work or all (theoretical and throughput)")
      ("file", po::value(&opt.file), "theoretical, estimate, work: the WTHOR file, or a folder of records (required)")
      ("games", numeric(&opt.games, Range<int>{1, 10'000'000, "games"})->default_value(opt.games),
       "theoretical, estimate, work: how many complete games")
      ("folder", po::value(&opt.folder), "throughput: the folder (or file) to annotate (required)")
      ("exact-empties", numeric(&opt.exact_empties, Range<int>{0, max_exact_empties, "empty squares"})
                            ->default_value(opt.exact_empties),
       "throughput, work: annotate's --exact-empties")
      ("depth", numeric(&opt.depth, Range<int>{1, max_estimate_depth, "plies"})->default_value(opt.depth),
       "estimate: the depth");
  // clang-format on
  opt.thread_options.add_to(desc);
  add_hash_mb_option(desc, &opt.hash_mb, opt.hash_mb, "solver table per thread, in megabytes");
  po::positional_options_description positional;
  positional.add("mode", 1);
  po::variables_map vm;
  if (!parse_options("bench annotate",
                     "[theoretical | throughput | estimate | work | all] [OPTIONS]", desc, args, vm,
                     &positional))
    return false;
  opt.threads = opt.thread_options.resolved();
  check_table_memory(opt.hash_mb, static_cast<std::size_t>(opt.threads));
  if (opt.file.empty() && opt.mode != "throughput") throw UsageError("give --file WTHOR_FILE");
  if (opt.folder.empty() && (opt.mode == "throughput" || opt.mode == "all"))
    throw UsageError("give --folder DIR (records to annotate)");
  if (opt.mode != "theoretical" && opt.mode != "throughput" && opt.mode != "all" &&
      opt.mode != "estimate" && opt.mode != "work")
    throw UsageError("the mode must be theoretical, throughput, estimate, work or all");
  return true;
}

}  // namespace

int run_bench_annotate(const std::vector<std::string>& args) {
  BenchOptions opt;
  if (!parse_bench_annotate(args, opt)) return exit_ok;
  if (opt.mode == "estimate") return bench_estimate(opt);
  if (opt.mode == "work") return bench_work(opt);
  int status = exit_ok;
  // Throughput first: its peak memory is then its own.
  if (opt.mode != "theoretical") status = std::max(status, bench_throughput(opt));
  if (opt.mode != "throughput") status = std::max(status, bench_theoretical(opt));
  return status;
}

}  // namespace reversi::cli
