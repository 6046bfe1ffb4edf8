// reversi perft: game-tree counts under a named pass convention.
#include "analysis/perft.hpp"

#include <chrono>
#include <functional>
#include <iostream>

#include "cli/common.hpp"
#include "cli/options/position.hpp"
#include "cli/options/rules.hpp"
#include "cli/options/threads.hpp"
#include "cli/output/progress.hpp"
#include "cli/output/render.hpp"
#include "cli/subcommands.hpp"
#include "core/game.hpp"

namespace reversi::cli {

struct PerftOptions {
  RulesOptions rules;
  ThreadOptions threads;
  int depth = 0;
  std::string convention = "oeis";
  PositionOptions position;
  bool by_ply = false;
  bool json = false;
  std::size_t hash_mb = 0;
};

namespace {

PerftConvention parse_convention(const std::string& name) {
  if (name == "oeis") return PerftConvention::oeis;
  if (name == "bik") return PerftConvention::bik;
  throw UsageError("--convention must be oeis or bik, not '" + name + "'");
}

std::string convention_text(PerftConvention c) {
  return c == PerftConvention::oeis
             ? "oeis (a pass is a ply; games finished before the depth are not counted)"
             : "bik (a pass is a ply; a game finished early counts as one leaf)";
}

std::string progress_text(const PerftProgress& p) {
  return "perft " + std::to_string(p.depth) + ": " + std::to_string(p.tasks_done) + "/" +
         std::to_string(p.tasks_total) + " subtrees, " + std::to_string(p.leaves_so_far) +
         " leaves so far";
}

// One depth's count and how long it took.
struct PerftRow {
  int depth = 0;
  std::uint64_t leaves = 0;
  double seconds = 0;
  double rate() const { return seconds > 0 ? static_cast<double>(leaves) / seconds : 0.0; }
};

void print_row_text(const PerftRow& row) {
  char line[160];
  std::snprintf(line, sizeof line, "ply %2d  %20llu  %9.3f s  %8.1f M leaves/s\n", row.depth,
                static_cast<unsigned long long>(row.leaves), row.seconds, row.rate() / 1e6);
  std::cout << line;
}

void print_json(const Rules& rules, PerftConvention convention, int threads,
                const std::vector<PerftRow>& rows) {
  nlohmann::json counts = nlohmann::json::array();
  double total_seconds = 0;
  for (const PerftRow& row : rows) {
    counts.push_back({{"depth", row.depth},
                      {"leaves", row.leaves},
                      {"seconds", row.seconds},
                      {"leaves_per_second", row.rate()}});
    total_seconds += row.seconds;
  }
  const nlohmann::json j = {{"rules", rules_json(rules)},
                            {"convention", convention_name(convention)},
                            {"threads", threads},
                            {"counts", counts},
                            {"seconds", total_seconds}};
  std::cout << j.dump(2) << "\n";
}

// Counts every depth from `first` to `request.depth`, the progress on `progress`; `on_row` (may
// be empty) gets each row as soon as it is counted, so a long --by-ply run shows them as they come.
std::vector<PerftRow> count_depths(PerftRequest request, int first, ProgressLine& progress,
                                   const std::function<void(const PerftRow&)>& on_row) {
  std::vector<PerftRow> rows;
  const int last = request.depth;
  request.on_progress = [&](const PerftProgress& p) { progress.update(progress_text(p)); };
  for (int d = first; d <= last; ++d) {
    request.depth = d;
    const auto start = std::chrono::steady_clock::now();
    const PerftResult result = perft(request);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    progress.clear();
    rows.push_back({d, result.leaves, seconds});
    if (on_row) on_row(rows.back());
  }
  return rows;
}

// Reads the options into `opt` and `vm`; false after --help.
bool parse_perft(const std::vector<std::string>& args, PerftOptions& opt, po::variables_map& vm) {
  po::options_description desc("Options");
  opt.rules.add_to(desc);
  opt.threads.add_to(desc);
  // clang-format off
  desc.add_options()
      ("depth,d", po::value(&opt.depth)->required(), "plies to count")
      ("convention", po::value(&opt.convention)->default_value("oeis"),
       "oeis or bik (how games that end early count)");
  opt.position.add_to(desc, "count from the position after this move list", false);
  desc.add_options()
      ("hash-mb", po::value(&opt.hash_mb)->default_value(0),
       "memory for a table of repeated subtrees (transpositions); 0 visits every node")
      ("by-ply", po::bool_switch(&opt.by_ply), "print the count for every ply up to the depth")
      ("json", po::bool_switch(&opt.json), "print JSON");
  // clang-format on
  return parse_options(
      "perft", "[RULES] --depth D [--convention oeis|bik] [--by-ply] [--threads T] [--json]", desc,
      args, vm);
}

}  // namespace

int run_perft(const std::vector<std::string>& args) {
  PerftOptions opt;
  po::variables_map vm;
  if (!parse_perft(args, opt, vm)) return exit_ok;
  const Rules rules = opt.rules.rules();
  if (opt.depth < 0 || opt.depth > rules.geometry().cells())
    throw UsageError("--depth out of range");
  const PerftConvention convention = parse_convention(opt.convention);

  const PositionChoice chosen = opt.position.position(rules, vm);
  if (chosen.error) {
    std::cerr << "reversi perft: --moves: " << describe_error(*chosen.error) << "\n";
    return exit_bad_input;
  }

  const int threads = opt.threads.resolved();
  if (!opt.json) {
    std::cout << "perft " << rules.describe() << ", convention " << convention_text(convention)
              << ", " << threads << " thread" << (threads == 1 ? "" : "s") << "\n";
  }
  const PerftRequest request{.rules = rules,
                             .root = chosen.position,
                             .depth = opt.depth,
                             .convention = convention,
                             .threads = threads,
                             .hash_mb = opt.hash_mb,
                             .on_progress = {},
                             .stop = nullptr};
  ProgressLine progress;
  const auto rows = count_depths(request, opt.by_ply ? 1 : opt.depth, progress,
                                 opt.json ? nullptr : print_row_text);
  if (opt.json) print_json(rules, convention, threads, rows);
  return exit_ok;
}

}  // namespace reversi::cli
