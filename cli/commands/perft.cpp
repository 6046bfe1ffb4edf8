// reversi perft: game-tree counts under a named pass convention.
#include "analysis/perft.hpp"

#include <algorithm>
#include <chrono>
#include <functional>
#include <iostream>

#include "analysis/solver/split.hpp"
#include "cli/cluster/units.hpp"
#include "cli/cluster/wire.hpp"
#include "cli/common.hpp"
#include "cli/options/cluster.hpp"
#include "cli/options/numeric.hpp"
#include "cli/options/position.hpp"
#include "cli/options/rules.hpp"
#include "cli/options/threads.hpp"
#include "cli/output/progress.hpp"
#include "cli/output/render.hpp"
#include "cli/output/solve.hpp"
#include "cli/signals.hpp"
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
  UnitOptions cluster;
};

namespace {

// The most squares of any board; the board in use bounds the depth again by its own.
constexpr int max_perft_depth = 100;

// Work units per rank when the split depth is chosen: enough for the dynamic hand-out to even
// out subtrees of very different sizes.
constexpr std::size_t units_per_rank = 64;

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

nlohmann::json row_json(const PerftRow& row) {
  return {{"depth", row.depth},
          {"leaves", row.leaves},
          {"seconds", row.seconds},
          {"leaves_per_second", row.rate()}};
}

void print_json(const Rules& rules, PerftConvention convention, int threads,
                const std::vector<PerftRow>& rows) {
  nlohmann::json counts = nlohmann::json::array();
  double total_seconds = 0;
  for (const PerftRow& row : rows) {
    counts.push_back(row_json(row));
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
    if (!result.complete) break;  // stopped: a partial count is no count
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
      ("depth,d", numeric(&opt.depth, Range<int>{0, max_perft_depth, "plies"})->required(),
       "plies to count")
      ("convention", po::value(&opt.convention)->default_value("oeis"),
       "oeis or bik (how games that end early count)");
  opt.position.add_to(desc, "count from the position after this move list", false);
  add_hash_mb_option(desc, &opt.hash_mb, 0,
                     "upper bound on the memory for tables of repeated subtrees (transpositions; 4 MB a thread at depth 11, twice as much per ply deeper); 0 visits every node",
                     true);
  desc.add_options()
      ("by-ply", po::bool_switch(&opt.by_ply), "print the count for every ply up to the depth")
      ("json", po::bool_switch(&opt.json), "print JSON");
  opt.cluster.add_to(desc);
  // clang-format on
  return parse_options(
      "perft", "[RULES] --depth D [--convention oeis|bik] [--by-ply] [--threads T] [--json]", desc,
      args, vm);
}

// One work unit, on any rank: a frontier position counted to the depth left.
std::string count_unit(const std::string& task, const Rules& rules, PerftConvention convention,
                       int threads, std::size_t hash_mb, const std::atomic<bool>* stop) {
  cluster::WireReader in(task);
  const auto root = cluster::get_position(in);
  const int depth = in.get<int>();
  const PerftResult r = perft(PerftRequest{.rules = rules,
                                           .root = root,
                                           .depth = depth,
                                           .convention = convention,
                                           .threads = threads,
                                           .hash_mb = hash_mb,
                                           .on_progress = {},
                                           .stop = stop});
  // Stopped: the farm sees the flag and drops the unit, so the run ends as interrupted.
  if (!r.complete) return std::string();
  cluster::WireWriter out;
  out.put(r.leaves);
  return out.take();
}

// perft over the split (docs/cluster.md): under mpirun on every rank, or with the journal and
// batch-system options in one process.
int run_perft_units(const cluster::Context& context, const PerftOptions& opt,
                    const std::vector<std::string>& args, const Rules& rules, const Position& root,
                    PerftConvention convention, int threads) {
  if (opt.by_ply) throw UsageError("--by-ply cannot be combined with the cluster options");
  InterruptGuard interrupt;
  const cluster::Work work = [&](const std::string& task) {
    return count_unit(task, rules, convention, threads, opt.hash_mb, interrupt.flag());
  };
  if (!context.place().leader()) {
    cluster::serve(context, work);
    return exit_ok;
  }
  const int ranks = context.place().ranks;
  const int plies =
      opt.cluster.split_depth >= 0
          ? std::min(opt.cluster.split_depth, opt.depth)
          : split_plies_for(rules, root, units_per_rank * static_cast<std::size_t>(ranks),
                            opt.depth);
  const Frontier frontier = split_frontier(rules, root, plies);
  std::vector<cluster::Unit> units;
  for (const SplitUnit& u : frontier.units) {
    cluster::WireWriter task;
    cluster::put_position(task, u.position);
    task.put(opt.depth - plies);
    units.push_back({task.take(),
                     {{"board", board_string(u.position, rules)},
                      {"depth", opt.depth - plies},
                      {"paths", u.paths}}});
  }
  if (!opt.json) {
    std::cout << "perft " << rules.describe() << ", convention " << convention_text(convention)
              << ", " << ranks << (ranks == 1 ? " rank" : " ranks") << " x " << threads
              << (threads == 1 ? " thread" : " threads") << ", split at ply " << plies << " into "
              << units.size() << " units\n";
  }
  const auto start = std::chrono::steady_clock::now();
  int status = exit_ok;
  const auto results = cluster::run_units(context, "perft", args, opt.cluster, units, work,
                                          interrupt.flag(), status);
  if (!results) return status;
  const std::uint64_t leaves = combine_perft(frontier, convention, [&](std::size_t i) {
    return cluster::WireReader((*results)[i]).get<std::uint64_t>();
  });
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const PerftRow row{opt.depth, leaves, seconds};
  const nlohmann::json rows = nlohmann::json::array({row_json(row)});
  if (!opt.json) print_row_text(row);
  if (opt.json) {
    nlohmann::json j = {{"rules", rules_json(rules)},
                        {"convention", convention_name(convention)},
                        {"threads", threads},
                        {"ranks", ranks},
                        {"split_plies", plies},
                        {"units", units.size()},
                        {"counts", rows},
                        {"seconds", seconds}};
    std::cout << j.dump(2) << "\n";
  }
  return exit_ok;
}

}  // namespace

int run_perft(const std::vector<std::string>& args, const cluster::Context& context) {
  PerftOptions opt;
  po::variables_map vm;
  if (!parse_perft(args, opt, vm)) return exit_ok;
  const Rules rules = opt.rules.rules();
  if (opt.depth < 0 || opt.depth > rules.geometry().cells())
    throw UsageError("--depth must be from 0 to " + std::to_string(rules.geometry().cells()) +
                     " on this board");
  const PerftConvention convention = parse_convention(opt.convention);

  const PositionChoice chosen = opt.position.position(rules, vm);
  if (chosen.error) {
    std::cerr << "reversi perft: --moves: " << describe_error(*chosen.error) << "\n";
    return exit_bad_input;
  }

  const int threads = opt.threads.resolved();
  if (opt.cluster.in_use(context.place()))
    return run_perft_units(context, opt, args, rules, chosen.position, convention, threads);
  const InterruptGuard interrupt;
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
                             .stop = interrupt.flag()};
  ProgressLine progress;
  const auto rows = count_depths(request, opt.by_ply ? 1 : opt.depth, progress,
                                 opt.json ? nullptr : print_row_text);
  if (interrupt.interrupted()) {
    std::cerr << "reversi perft: interrupted\n";
    return exit_interrupted;
  }
  if (opt.json) print_json(rules, convention, threads, rows);
  return exit_ok;
}

}  // namespace reversi::cli
