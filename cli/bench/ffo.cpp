// reversi bench ffo: the FFO endgame suite, time and nodes per position, on one thread and on
// more.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <optional>
#include <random>
#include <sstream>

#include "analysis/solver/search.hpp"
#include "analysis/solver/solve_suite.hpp"
#include "cli/bench/modes.hpp"
#include "cli/common.hpp"
#include "cli/data_dir.hpp"
#include "cli/options/eval.hpp"
#include "cli/options/numeric.hpp"
#include "cli/output/render.hpp"
#include "cli/output/solve.hpp"
#include "cli/signals.hpp"
#include "cli/suite_runner.hpp"
#include "core/notation.hpp"

namespace reversi::cli {

namespace {

std::vector<int> parse_thread_list(const std::string& text) {
  std::vector<int> out;
  std::stringstream in(text);
  std::string item;
  while (std::getline(in, item, ',')) {
    try {
      const int t = std::stoi(item);
      if (t < 1) throw std::invalid_argument(item);
      out.push_back(t);
    } catch (const std::exception&) {
      throw UsageError("--threads wants a list like 1,2, not '" + text + "'");
    }
  }
  if (out.empty()) throw UsageError("--threads wants a list like 1,2");
  return out;
}

// Every FFO position from `first` to `last`, from the suite files in `dir`.
std::vector<ObfPosition> load_ffo(const std::string& dir, int first, int last, const Rules& rules) {
  std::vector<ObfPosition> out;
  if (!std::filesystem::is_directory(dir)) throw UsageError("no FFO suite folder at " + dir);
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::directory_iterator(dir))
    if (e.path().extension() == ".obf") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  for (const auto& f : files) {
    std::ifstream in(f);
    for (auto& p : read_obf(in, rules, obf_first_number(f.filename().string())))
      if (p.number >= first && p.number <= last) out.push_back(std::move(p));
  }
  std::sort(out.begin(), out.end(),
            [](const ObfPosition& a, const ObfPosition& b) { return a.number < b.number; });
  return out;
}

struct FfoOptions {
  std::string dir = data_dir("ffo");
  int first = 40;
  int last = 49;
  std::string threads_text = "1,2";
  std::size_t hash_mb = 256;
  bool json = false;
  bool wld = false;
  EvalOptions eval;  // --weights: compare orderings learnt from other data
};

// The options; nullopt after --help.
std::optional<FfoOptions> parse_ffo(const std::vector<std::string>& args) {
  FfoOptions o;
  po::options_description desc("Options");
  // clang-format off
  desc.add_options()
      ("dir", po::value(&o.dir)->default_value(o.dir, "the bundled data/ffo"), "folder of the FFO .obf files")
      ("first", numeric(&o.first, Range<int>{1, 79, "FFO number"})->default_value(o.first),
       "first position number")
      ("last", numeric(&o.last, Range<int>{1, 79, "FFO number"})->default_value(o.last),
       "last position number")
      ("threads", po::value(&o.threads_text)->default_value(o.threads_text),
       "thread counts to run, e.g. 1,2")
      ("wld", po::bool_switch(&o.wld), "win/draw/loss only")
      ("json", po::bool_switch(&o.json), "print JSON");
  // clang-format on
  o.eval.add_to(desc);
  add_hash_mb_option(desc, &o.hash_mb, o.hash_mb, "transposition table size in megabytes");
  po::variables_map vm;
  if (!parse_options("bench ffo", "[--dir D] [--first N] [--last N] [--threads 1,2] [--wld]", desc,
                     args, vm))
    return std::nullopt;
  return o;
}

// One position's figures.
struct FfoRow {
  int number = 0;
  std::string best;  // the first best move, "-" when none
  SolveResult result;
  std::string problem;  // "" when the value agrees with the suite's
};

// One pass over the suite at one thread count.
struct FfoRun {
  int threads = 1;
  std::vector<FfoRow> rows;
  std::uint64_t nodes = 0;
  double seconds = 0;
  bool finished = true;  // false after Ctrl-C
};

FfoRow row_of(const Rules& rules, const SuiteResult& s) {
  const SolveResult& r = s.result;
  return {s.entry.number,
          r.best_moves.empty() ? std::string("-") : rules.geometry().name(r.best_moves.front()), r,
          s.problem};
}

// Solves the suite on `threads` threads; `on_row` (may be empty) gets each row as it is solved.
FfoRun run_suite(Solver& solver, const std::vector<ObfPosition>& suite, const FfoOptions& o,
                 const eval::PatternEvaluator* patterns, int threads,
                 const InterruptGuard& interrupt,
                 const std::function<void(const FfoRow&)>& on_row) {
  FfoRun run;
  run.threads = threads;
  SolveRequest base;
  base.rules = Rules(8);
  base.threads = threads;
  base.wld = o.wld;
  base.want_pv = false;
  base.patterns = patterns;
  run.finished = solve_suite(solver, suite, base, false, interrupt, [&](const SuiteResult& s) {
    if (interrupt.interrupted()) return;
    run.rows.push_back(row_of(base.rules, s));
    run.nodes += s.result.nodes;
    run.seconds += s.result.seconds;
    if (on_row) on_row(run.rows.back());
  });
  return run;
}

void print_header_text(const FfoOptions& o, int threads) {
  std::cout << "FFO " << o.first << "-" << o.last << ", " << threads << " thread"
            << (threads > 1 ? "s" : "") << (o.wld ? ", win/draw/loss" : "") << "\n";
}

void print_row_text(const FfoRow& row, bool wld) {
  const SolveResult& r = row.result;
  char line[160];
  std::snprintf(line, sizeof line, "#%-3d %-3s %4s %14s nodes %9.3f s %8s n/s  %s", row.number,
                row.best.c_str(), value_text(r, wld).c_str(), grouped(r.nodes).c_str(), r.seconds,
                rate(r.nodes, r.seconds).c_str(),
                row.problem.empty() ? "ok" : ("WRONG: " + row.problem).c_str());
  std::cout << line << std::endl;
}

void print_total_text(const FfoRun& run) {
  std::cout << "total " << grouped(run.nodes) << " nodes, " << run.seconds << " s, "
            << rate(run.nodes, run.seconds) << " nodes/s\n";
}

nlohmann::json run_json(const FfoRun& run) {
  nlohmann::json rows = nlohmann::json::array();
  for (const FfoRow& row : run.rows)
    rows.push_back({{"number", row.number},
                    {"best", row.best},
                    {"value", row.result.value},
                    {"nodes", row.result.nodes},
                    {"seconds", row.result.seconds},
                    {"ok", row.problem.empty()}});
  return {{"threads", run.threads},
          {"positions", rows},
          {"nodes", run.nodes},
          {"seconds", run.seconds}};
}

int wrong_count(const FfoRun& run) {
  return static_cast<int>(
      std::ranges::count_if(run.rows, [](const FfoRow& row) { return !row.problem.empty(); }));
}

}  // namespace

int run_bench_ffo(const std::vector<std::string>& args) {
  const auto parsed = parse_ffo(args);
  if (!parsed) return exit_ok;
  const FfoOptions& o = *parsed;
  // Loaded before the suite is read, so that a bad --weights file stops the run at once.
  const eval::PatternEvaluator* patterns = o.eval.load_for(eval::WeightsGame::standard_8x8);
  const auto thread_counts = parse_thread_list(o.threads_text);
  const auto suite = load_ffo(o.dir, o.first, o.last, Rules(8));
  if (suite.empty())
    throw UsageError("no FFO position numbered " + std::to_string(o.first) + "-" +
                     std::to_string(o.last) + " in " + o.dir);
  InterruptGuard interrupt;
  Solver solver(o.hash_mb);
  int wrong = 0;
  nlohmann::json runs = nlohmann::json::array();
  for (int threads : thread_counts) {
    if (!o.json) print_header_text(o, threads);
    std::function<void(const FfoRow&)> on_row;
    if (!o.json) on_row = [&](const FfoRow& row) { print_row_text(row, o.wld); };
    const FfoRun run = run_suite(solver, suite, o, patterns, threads, interrupt, on_row);
    if (!run.finished) return exit_interrupted;
    wrong += wrong_count(run);
    if (o.json) {
      runs.push_back(run_json(run));
    } else {
      print_total_text(run);
    }
  }
  if (o.json) std::cout << nlohmann::json{{"runs", runs}, {"wrong", wrong}}.dump(2) << "\n";
  return wrong > 0 ? exit_bad_input : exit_ok;
}

}  // namespace reversi::cli
