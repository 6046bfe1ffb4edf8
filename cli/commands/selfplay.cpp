// reversi selfplay: training positions from games the engine plays against itself, labelled by
// search (analysis/training/self_play.hpp), written as a positions file for `train --positions`.
// The games are cut into work units of consecutive games: under mpirun every rank plays some,
// and --journal/--resume, --emit-jobs/--units/--merge work as for perft and solve
// (docs/cluster.md). Game i is the same wherever it is played, so the file is that of one run.
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <limits>
#include <mutex>

#include "analysis/estimate/estimate.hpp"
#include "analysis/eval/weights.hpp"
#include "analysis/training/position_file.hpp"
#include "analysis/training/self_play.hpp"
#include "cli/batch/record_input.hpp"
#include "cli/cluster/units.hpp"
#include "cli/cluster/wire.hpp"
#include "cli/common.hpp"
#include "cli/options/cluster.hpp"
#include "cli/options/eval.hpp"
#include "cli/options/numeric.hpp"
#include "cli/options/threads.hpp"
#include "cli/output/render.hpp"
#include "cli/signals.hpp"
#include "cli/subcommands.hpp"
#include "core/game.hpp"
#include "core/notation.hpp"

namespace reversi::cli {

namespace {

constexpr int default_unit_games = 100;
constexpr int max_games = 1'000'000'000;

struct SelfPlayOptions {
  int games = 0;
  int unit_games = default_unit_games;
  std::string openings;  // file of opening lines; empty: random openings only
  std::string output;
  eval::SelfPlayRequest request;
  EvalOptions eval;
  ThreadOptions threads;
  UnitOptions cluster;
};

bool parse_selfplay(const std::vector<std::string>& args, SelfPlayOptions& o) {
  auto& r = o.request;
  po::options_description desc("Options");
  desc.add_options()("games", numeric(&o.games, Range<int>{1, max_games, "games"}),
                     "games to play (required)")(
      "seed",
      numeric(&r.seed, Range<std::uint64_t>{0, std::numeric_limits<std::uint64_t>::max()})
          ->default_value(r.seed),
      "seed of the random choices: the same seed and options give the same file")(
      "openings", po::value(&o.openings),
      "file of opening lines (one 8x8 move list a line, e.g. XOT's); each game starts with one")(
      "random-plies",
      numeric(&r.random_plies, Range<int>{0, 60, "plies"})->default_value(r.random_plies),
      "uniformly random moves after the opening line; positions before them are not kept")(
      "random-moves",
      numeric(&r.random_move_percent, Range<int>{0, 100, "percent"})
          ->default_value(r.random_move_percent),
      "after them, the chance of a random move instead of a best one")(
      "label-depth",
      numeric(&r.label_depth, Range<int>{1, max_estimate_depth, "plies"})
          ->default_value(r.label_depth),
      "depth of the estimate that labels the positions above --exact-empties (annotate's search)")(
      "selectivity",
      numeric(&r.selectivity, Range<int>{73, 100, "percent"})->default_value(r.selectivity),
      "ProbCut confidence of that estimate: 73, 87, 95, 98, 99 or 100 (full width)")(
      "exact-empties",
      numeric(&r.exact_empties, Range<int>{0, 24, "empty squares"})->default_value(r.exact_empties),
      "positions with at most N empties are labelled by the exact solver")(
      "move-depth",
      numeric(&r.move_depth, Range<int>{1, max_estimate_depth, "plies"})
          ->default_value(r.move_depth),
      "depth of the estimate that picks the moves within --exact-empties")(
      "unit-games",
      numeric(&o.unit_games, Range<int>{1, max_games, "games"})->default_value(o.unit_games),
      "games per work unit (the journal records finished units)")(
      "output,o", po::value(&o.output), "positions file to write (required)");
  o.eval.add_to(desc);
  o.threads.add_to(desc);
  o.cluster.add_to(desc, false);
  po::variables_map vm;
  if (!parse_options("selfplay", "--games N -o FILE [OPTIONS]", desc, args, vm)) return false;
  if (o.games == 0) throw UsageError("give --games N");
  if (o.output.empty() && o.cluster.emit_jobs.empty() && o.cluster.units.empty())
    throw UsageError("give -o FILE (the positions file to write)");
  if (!is_selectivity_level(r.selectivity))
    throw UsageError("--selectivity must be 73, 87, 95, 98, 99 or 100");
  return true;
}

// Opening lines, one a line (blank lines and lines starting with # skipped), each checked by
// playing it from the start; a bad line is a usage error naming the file, line and reason.
std::vector<std::vector<Square>> read_openings(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw UnreadableInput("cannot read " + path);
  const Rules rules(8);
  std::vector<std::vector<Square>> out;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    const auto text = line.find_first_not_of(" \t\r");
    if (text == std::string::npos || line[text] == '#') continue;
    const MoveListParse parsed = parse_move_list(line, rules.geometry());
    std::optional<RecordError> error = parsed.error;
    Replay r;
    if (!error) {
      r = replay(rules, rules.initial(), parsed.moves);
      if (!r.ok()) error = r.error->error;
    }
    if (error)
      throw UsageError(path + ":" + std::to_string(number) + ": " + describe_error(*error));
    std::vector<Square> moves;
    for (const PlayedMove& m : r.moves)
      if (!m.is_pass()) moves.push_back(m.square);
    out.push_back(std::move(moves));
  }
  if (out.empty()) throw UsageError(path + ": no opening lines in it");
  return out;
}

// What made the file, for its second line.
std::string about(const SelfPlayOptions& o) {
  const auto& r = o.request;
  return "reversi selfplay: " + std::to_string(o.games) + " games, seed " + std::to_string(r.seed) +
         ", openings " + (o.openings.empty() ? "random" : o.openings) + ", random plies " +
         std::to_string(r.random_plies) + ", random moves " +
         std::to_string(r.random_move_percent) + "%, labels: exact to " +
         std::to_string(r.exact_empties) + " empties, depth " + std::to_string(r.label_depth) +
         " at " + std::to_string(r.selectivity) + "% above, weights " +
         (o.eval.weights.empty() ? "built in" : o.eval.weights);
}

// A unit's result: its positions, how many are exact, and the nodes spent.
std::string encode_unit(const eval::PlayedGames& g) {
  cluster::WireWriter w;
  w.put(static_cast<std::uint64_t>(g.exact));
  w.put(g.search_nodes);
  w.put(g.solver_nodes);
  w.put_string(eval::encode_positions(g.positions));
  return w.take();
}

eval::PlayedGames decode_unit(const std::string& bytes) {
  cluster::WireReader r(bytes);
  eval::PlayedGames g;
  g.exact = static_cast<std::size_t>(r.get<std::uint64_t>());
  g.search_nodes = r.get<std::uint64_t>();
  g.solver_nodes = r.get<std::uint64_t>();
  g.positions = eval::decode_positions(r.get_string(), "a work unit's result");
  return g;
}

void print_summary(const SelfPlayOptions& o, const eval::PlayedGames& all, double seconds) {
  const double n = static_cast<double>(all.positions.size());
  std::printf(
      "selfplay: %d games, %zu positions (%zu exact, %zu by search), %.2f G search nodes, "
      "%.2f G solver nodes, %.1f s (%.1f min per million positions)\n",
      o.games, all.positions.size(), all.exact, all.positions.size() - all.exact,
      static_cast<double>(all.search_nodes) / 1e9, static_cast<double>(all.solver_nodes) / 1e9,
      seconds, n > 0 ? seconds / 60.0 / (n / 1e6) : 0.0);
}

}  // namespace

int run_selfplay(const std::vector<std::string>& args, const cluster::Context& context) {
  SelfPlayOptions o;
  if (!parse_selfplay(args, o)) return exit_ok;
  auto& request = o.request;
  if (!o.openings.empty()) request.openings = read_openings(o.openings);
  request.patterns = o.eval.load_for(eval::WeightsGame::standard_8x8);
  request.threads = o.threads.resolved();
  const InterruptGuard interrupt;
  request.stop = interrupt.flag();

  std::mutex progress;
  std::size_t games_done = 0;
  const cluster::Work work = [&](const std::string& task) {
    cluster::WireReader in(task);
    const auto first = in.get<std::uint64_t>();
    const int count = in.get<int>();
    const eval::PlayedGames g = eval::play_games(request, first, count);
    // Stopped: the farm sees the flag and drops the unit, so the run ends as interrupted.
    if (!g.complete) return std::string();
    if (context.place().leader()) {
      const std::lock_guard lock(progress);
      games_done += g.games;
      std::cerr << "selfplay: games " << first << "-" << first + g.games - 1 << " played ("
                << games_done << " here)\n";
    }
    return encode_unit(g);
  };
  if (!context.place().leader()) {
    cluster::serve(context, work);
    return exit_ok;
  }
  std::vector<cluster::Unit> units;
  for (int first = 0; first < o.games; first += o.unit_games) {
    const int count = std::min(o.unit_games, o.games - first);
    cluster::WireWriter task;
    task.put(static_cast<std::uint64_t>(first));
    task.put(count);
    units.push_back({task.take(), {{"first_game", first}, {"games", count}}});
  }
  const auto start = std::chrono::steady_clock::now();
  int status = exit_ok;
  const auto results = cluster::run_units(context, "selfplay", args, o.cluster, units, work,
                                          interrupt.flag(), status);
  if (!results) {
    if (status == exit_interrupted)
      std::cerr << "reversi selfplay: interrupted; no positions file written"
                << (o.cluster.journal.file.empty() ? ""
                                                   : " (the finished units are in the journal)")
                << "\n";
    return status;
  }
  eval::PlayedGames all;
  for (const std::string& bytes : *results) all.append(decode_unit(bytes));
  eval::write_positions_file(o.output, {about(o), all.positions});
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  print_summary(o, all, seconds);
  std::printf("wrote %s\n", o.output.c_str());
  return exit_ok;
}

}  // namespace reversi::cli
