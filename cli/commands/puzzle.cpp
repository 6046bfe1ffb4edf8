// reversi puzzle: what can happen by move N (wipeouts, games over, disc counts).
#include "cli/output/puzzle.hpp"

#include <iostream>
#include <memory>

#include "analysis/puzzle/search.hpp"
#include "cli/batch/output_file.hpp"
#include "cli/commands/puzzle_generate.hpp"
#include "cli/common.hpp"
#include "cli/options/numeric.hpp"
#include "cli/options/rules.hpp"
#include "cli/options/threads.hpp"
#include "cli/output/progress.hpp"
#include "cli/output/render.hpp"
#include "cli/output/svg.hpp"
#include "cli/signals.hpp"
#include "cli/subcommands.hpp"

namespace reversi::cli {

namespace {

// More moves than any game on the largest board has.
constexpr int max_puzzle_moves = 100;

struct PuzzleOptions {
  RulesOptions rules;
  ThreadOptions threads;
  std::string goal;
  int by = -1;
  std::string side = "any";
  int at_least = -1;
  std::string mode = "exists";
  std::string placements = "both";
  int beyond = 4;
  bool count = false;
  bool list = false;
  std::size_t limit = 1000;
  std::size_t hash_mb = 64;
  bool json = false;
  bool quiet = false;
  bool svg = false;
  std::string output;
};

// "searching to move 11: 37/64 tasks" on the shared progress line.
std::string progress_text(const PuzzleProgress& p) {
  return std::string(p.phase) + " to move " + std::to_string(p.moves) + ": " +
         std::to_string(p.tasks_done) + "/" + std::to_string(p.tasks_total) + " tasks";
}

PuzzleGoal parse_goal(const PuzzleOptions& opt) {
  PuzzleGoal g;
  if (opt.goal == "wipeout") {
    g.kind = PuzzleGoalKind::wipeout;
  } else if (opt.goal == "end") {
    g.kind = PuzzleGoalKind::end;
  } else if (opt.goal == "discs") {
    g.kind = PuzzleGoalKind::discs;
  } else {
    throw UsageError("the puzzle must be wipeout, end or discs, not '" + opt.goal + "'");
  }
  if (opt.side == "dark") {
    g.side = Color::dark;
  } else if (opt.side == "light") {
    g.side = Color::light;
  } else if (opt.side != "any") {
    throw UsageError("--side must be dark, light or any, not '" + opt.side + "'");
  }
  if (g.kind == PuzzleGoalKind::discs) {
    if (opt.at_least < 0) throw UsageError("'discs' needs --at-least K");
    g.at_least = opt.at_least;
  } else if (opt.at_least >= 0) {
    throw UsageError("--at-least belongs to the 'discs' puzzle");
  }
  if (g.kind == PuzzleGoalKind::end && g.side && opt.mode == "exists")
    throw UsageError("'end' has no side in exists mode; --side names the forcer in forced mode");
  return g;
}

// The readings of "move N" to answer under: one, or both for the free start by default.
std::vector<bool> readings(const PuzzleOptions& opt, const po::variables_map& vm,
                           const Rules& rules) {
  if (rules.start() != Start::free) {
    if (!vm["placements"].defaulted())
      throw UsageError("--placements applies only to the free-centre start (--start free)");
    return {true};
  }
  if (opt.placements == "count") return {true};
  if (opt.placements == "skip") return {false};
  if (opt.placements == "both") return {true, false};
  throw UsageError("--placements must be count, skip or both, not '" + opt.placements + "'");
}

void print_exists(const PuzzleText& text, const PuzzleRequest& req, const ExistsResult& r,
                  bool list) {
  std::cout << text.explanation(r) << "\n";
  if (r.counts) {
    for (const auto& line : text.count_lines(*r.counts)) std::cout << line << "\n";
  }
  if (list) {
    std::cout << "Sequences reaching " << text.goal_noun() << " by move " << req.by << " ("
              << r.listed.size() << (r.list_truncated ? ", more not listed: raise --limit" : "")
              << "):\n";
    for (const auto& seq : r.listed) std::cout << "  " << text.game(seq) << "\n";
  }
}

void print_forced(const PuzzleText& text, const ForcedResult& r) {
  std::cout << text.explanation(r) << "\n";
}

void check_options(const PuzzleOptions& opt) {
  if (opt.by < 0) throw UsageError("--by N is required (N >= 0)");
  if (opt.beyond < 0) throw UsageError("--beyond must be 0 or more");
  if (opt.mode != "exists" && opt.mode != "forced")
    throw UsageError("--mode must be exists or forced, not '" + opt.mode + "'");
  if (opt.mode == "forced" && (opt.count || opt.list))
    throw UsageError("--count and --list belong to exists mode");
}

// Forced mode for one reading: each side that may force the goal; false when a search stopped.
bool run_forced(const PuzzleRequest& req, const PuzzleText& text, const PuzzleOptions& opt,
                ProgressLine& progress, nlohmann::json& out) {
  const std::vector<Color> forcers = req.goal.side ? std::vector<Color>{*req.goal.side}
                                                   : std::vector<Color>{Color::dark, Color::light};
  bool complete = true;
  nlohmann::json by_forcer = nlohmann::json::array();
  for (Color c : forcers) {
    const ForcedResult r = puzzle_forced(req, c);
    progress.clear();
    complete = complete && r.complete;
    if (opt.json) {
      by_forcer.push_back(text.to_json(r));
    } else {
      print_forced(text, r);
    }
  }
  if (opt.json) {
    nlohmann::json reading = text.reading_json();
    reading["forcers"] = by_forcer;
    out["readings"].push_back(reading);
  }
  return complete;
}

// The request every reading starts from; progress on the shared line unless --quiet.
PuzzleRequest base_request(const PuzzleOptions& opt, const Rules& rules, ProgressLine& progress) {
  PuzzleRequest base;
  base.rules = rules;
  base.goal = parse_goal(opt);
  base.by = opt.by;
  base.beyond = opt.beyond;
  base.count = opt.count;
  base.list_limit = opt.list ? opt.limit : 0;
  base.threads = opt.threads.resolved();
  check_table_memory(opt.hash_mb, static_cast<std::size_t>(base.threads));
  base.table_bytes = opt.hash_mb << 20;
  if (!opt.quiet)
    base.on_progress = [&](const PuzzleProgress& p) { progress.update(progress_text(p)); };
  return base;
}

// What the readings found: the JSON document, the SVG of the first witness line, whether every
// search finished. Text is printed as each reading is answered.
// NOLINTNEXTLINE(bugprone-exception-escape): json's default constructor makes a null value
struct PuzzleOutcome {
  nlohmann::json out;
  std::optional<std::string> svg;
  bool complete = true;
};

// Exists mode for one reading: the answer printed now, or kept for --json or --svg.
void run_exists(const PuzzleRequest& req, const PuzzleText& text, const PuzzleOptions& opt,
                ProgressLine& progress, PuzzleOutcome& o) {
  const ExistsResult r = puzzle_exists(req);
  progress.clear();
  o.complete = o.complete && r.complete;
  if (opt.svg) {
    if (!o.svg && !r.witness.empty()) o.svg = line_svg(req.rules, r.witness, text.game(r.witness));
  } else if (opt.json) {
    o.out["readings"].push_back(text.to_json(r));
  } else {
    print_exists(text, req, r, opt.list);
  }
}

PuzzleOutcome run_readings(const PuzzleOptions& opt, const po::variables_map& vm,
                           const PuzzleRequest& base, ProgressLine& progress) {
  PuzzleOutcome o;
  o.out = {{"puzzle", opt.goal},
           {"mode", opt.mode},
           {"rules", rules_json(base.rules)},
           {"by", opt.by},
           {"convention", move_convention()},
           {"readings", nlohmann::json::array()}};
  o.out["goal"] = goal_json(base.goal);
  bool first = true;
  for (const bool placements_are_moves : readings(opt, vm, base.rules)) {
    PuzzleRequest req = base;
    req.placements_are_moves = placements_are_moves;
    const PuzzleText text(req);
    if (!opt.json && !opt.svg) {
      if (first) std::cout << text.header() << "\n";
      if (const auto r = text.reading(); !r.empty()) std::cout << (first ? "" : "\n") << r << "\n";
    }
    first = false;
    if (opt.mode == "forced") {
      o.complete = run_forced(req, text, opt, progress, o.out) && o.complete;
    } else {
      run_exists(req, text, opt, progress, o);
    }
  }
  return o;
}

// The SVG or JSON kept for the end; the exit status.
int print_outcome(const PuzzleOptions& opt, const PuzzleOutcome& o) {
  if (opt.svg) {
    if (!o.svg) {
      std::cerr << "reversi puzzle: no game reaches the goal, so there is no line to draw\n";
      return exit_bad_input;
    }
    if (opt.output.empty()) {
      std::cout << *o.svg;
    } else {
      write_file_atomically(opt.output, *o.svg);
    }
  } else if (opt.json) {
    std::cout << o.out.dump(2) << "\n";
  }
  return o.complete ? exit_ok : exit_bad_input;
}

// Reads the options into `opt` and `vm`; false after --help.
bool parse_puzzle(const std::vector<std::string>& args, PuzzleOptions& opt, po::variables_map& vm) {
  po::options_description desc("Options");
  opt.rules.add_to(desc);
  po::options_description puzzle("Puzzle");
  puzzle.add_options()("goal", po::value(&opt.goal), "wipeout, end or discs")(
      "by", numeric(&opt.by, Range<int>{0, max_puzzle_moves, "moves"}),
      "the goal must hold by this move (required)")(
      "side", po::value(&opt.side)->default_value("any"),
      "dark, light or any: who wipes out / whose discs / who forces")(
      "at-least", numeric(&opt.at_least, Range<int>{0, max_puzzle_moves, "discs"}),
      "discs: the number of discs to reach")(
      "mode", po::value(&opt.mode)->default_value("exists"),
      "exists (some game) or forced (whatever the other side plays)")(
      "placements", po::value(&opt.placements)->default_value("both"),
      "free start: the four placements count as moves (count), do not (skip), or both")(
      "beyond", numeric(&opt.beyond, Range<int>{0, max_puzzle_moves, "moves"})->default_value(4),
      "when the answer is no, look this many moves further for the earliest")(
      "count", po::bool_switch(&opt.count),
      "count the move sequences that reach the goal (per move, per first move, up to symmetry)")(
      "list", po::bool_switch(&opt.list), "list those sequences")(
      "limit",
      numeric(&opt.limit, Range<std::size_t>{0, 100'000'000, "sequences"})->default_value(1000),
      "list at most this many sequences")("json", po::bool_switch(&opt.json),
                                          "print JSON (forced: with the strategy tree)")(
      "quiet", po::bool_switch(&opt.quiet), "no progress line on stderr")(
      "svg", po::bool_switch(&opt.svg),
      "exists mode: draw the witness line as SVG, its start and its final position")(
      "output,o", po::value(&opt.output), "write the SVG to FILE");
  add_hash_mb_option(puzzle, &opt.hash_mb, 64, "megabytes for each transposition table");
  desc.add(puzzle);
  opt.threads.add_to(desc);
  po::positional_options_description positional;
  positional.add("goal", 1);
  if (!parse_options("puzzle",
                     "wipeout|end|discs [RULES] --by N [--side dark|light|any] [--at-least K] "
                     "[--mode exists|forced] [--placements count|skip|both] [--count] [--list] "
                     "[--json | --svg [-o FILE]]\n       reversi puzzle generate|check ... "
                     "(puzzles from real games; see their --help)",
                     desc, args, vm, &positional))
    return false;
  if (opt.goal.empty()) throw UsageError("name the puzzle: wipeout, end or discs");
  if (vm.count("output")) opt.svg = true;
  if (opt.svg && opt.json) throw UsageError("give --json or --svg, not both");
  return true;
}

}  // namespace

int run_puzzle(const std::vector<std::string>& args, const cluster::Context& /*context*/) {
  // Puzzles from real games have commands of their own (cli/commands/puzzle_generate.cpp).
  if (!args.empty() && (args.front() == "generate" || args.front() == "check")) {
    const std::vector<std::string> rest(args.begin() + 1, args.end());
    return args.front() == "generate" ? run_puzzle_generate(rest) : run_puzzle_check(rest);
  }
  PuzzleOptions opt;
  po::variables_map vm;
  if (!parse_puzzle(args, opt, vm)) return exit_ok;
  check_options(opt);
  const Rules rules = opt.rules.rules();
  ProgressLine progress;
  PuzzleRequest base = base_request(opt, rules, progress);
  if (opt.svg && opt.mode == "forced") throw UsageError("--svg draws the witness of exists mode");
  const InterruptGuard interrupt;
  base.stop = interrupt.flag();
  const int status = print_outcome(opt, run_readings(opt, vm, base, progress));
  return interrupt.interrupted() ? exit_interrupted : status;
}

}  // namespace reversi::cli
