// reversi perft: game-tree counts under a named pass convention.
#include "analysis/perft.hpp"

#include <chrono>
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

// One depth's count: a JSON row, or a text line printed now.
void print_count(int depth, std::uint64_t leaves, double seconds, bool json, nlohmann::json& rows) {
  const double rate = seconds > 0 ? static_cast<double>(leaves) / seconds : 0.0;
  if (json) {
    rows.push_back(
        {{"depth", depth}, {"leaves", leaves}, {"seconds", seconds}, {"leaves_per_second", rate}});
  } else {
    char line[160];
    std::snprintf(line, sizeof line, "ply %2d  %20llu  %9.3f s  %8.1f M leaves/s\n", depth,
                  static_cast<unsigned long long>(leaves), seconds, rate / 1e6);
    std::cout << line;
  }
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
  const Position root = chosen.position;

  const int threads = opt.threads.resolved();
  ProgressLine progress;
  nlohmann::json rows = nlohmann::json::array();
  if (!opt.json) {
    std::cout << "perft " << rules.describe() << ", convention " << convention_text(convention)
              << ", " << threads << " thread" << (threads == 1 ? "" : "s") << "\n";
  }
  const int first = opt.by_ply ? 1 : opt.depth;
  double total_seconds = 0;
  for (int d = first; d <= opt.depth; ++d) {
    PerftRequest request{.rules = rules,
                         .root = root,
                         .depth = d,
                         .convention = convention,
                         .threads = threads,
                         .hash_mb = opt.hash_mb,
                         .on_progress = {},
                         .stop = nullptr};
    request.on_progress = [&](const PerftProgress& p) { progress.update(progress_text(p)); };
    const auto start = std::chrono::steady_clock::now();
    const PerftResult result = perft(request);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    total_seconds += seconds;
    progress.clear();
    print_count(d, result.leaves, seconds, opt.json, rows);
  }
  if (opt.json) {
    nlohmann::json j = {{"rules", rules_json(rules)},
                        {"convention", convention_name(convention)},
                        {"threads", threads},
                        {"counts", rows},
                        {"seconds", total_seconds}};
    std::cout << j.dump(2) << "\n";
  }
  return exit_ok;
}

}  // namespace reversi::cli
