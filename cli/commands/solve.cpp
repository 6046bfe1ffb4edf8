// reversi solve: the exact value of a position with perfect play, or of every line of a suite.
#include "cli/output/solve.hpp"

#include <algorithm>
#include <chrono>
#include <fstream>
#include <iostream>
#include <sstream>

#include "analysis/solver/search.hpp"
#include "analysis/solver/solve_suite.hpp"
#include "cli/cluster/farm.hpp"
#include "cli/cluster/split_solve.hpp"
#include "cli/common.hpp"
#include "cli/options/cluster.hpp"
#include "cli/options/numeric.hpp"
#include "cli/options/position.hpp"
#include "cli/options/rules.hpp"
#include "cli/options/threads.hpp"
#include "cli/output/progress.hpp"
#include "cli/output/render.hpp"
#include "cli/signals.hpp"
#include "cli/subcommands.hpp"
#include "cli/suite_runner.hpp"
#include "core/game.hpp"
#include "core/notation.hpp"

namespace reversi::cli {

namespace {

constexpr std::size_t default_hash_mb = 256;

struct SolveOptions {
  RulesOptions rules;
  ThreadOptions threads;
  PositionOptions position;
  std::string obf;
  std::string input;  // "-": OBF lines or board strings on standard input
  bool all_moves = false;
  bool wld = false;
  std::size_t hash_mb = default_hash_mb;
  bool json = false;
  bool progress = false;
  UnitOptions cluster;
};

std::string scoring_words(const Rules& rules) {
  return rules.scoring() == Scoring::winner_takes_empties ? "winner takes empties"
                                                          : "count: empties belong to no one";
}

// The outcome in words from the mover's side.
std::string outcome(const Rules& rules, const Position& root, const SolveResult& r, bool wld) {
  const std::string mover = color_name(root.to_move);
  const std::string other = color_name(opposite(root.to_move));
  const int v = r.value;
  if (wld || !r.exact()) {
    if (!r.complete) return "not finished";
    return v > 0 ? mover + " wins" : v < 0 ? other + " wins" : "draw";
  }
  const std::string how = rules.anti() ? " (anti: fewer discs wins)" : "";
  if (v == 0) return "draw" + how;
  return (v > 0 ? mover : other) + " wins by " + std::to_string(v > 0 ? v : -v) + how;
}

void print_result(const Rules& rules, const Position& root, const SolveResult& r,
                  const SolveOptions& opt, int threads) {
  const int empties = rules.empties(root);
  std::cout << rules.describe() << "; " << color_name(root.to_move) << " to move, " << empties
            << " empties\n";
  std::cout << (opt.wld ? "outcome: " : "value: ") << value_text(r, opt.wld) << " for "
            << color_name(root.to_move) << " — " << outcome(rules, root, r, opt.wld) << " (scoring "
            << scoring_name(rules.scoring()) << ": " << scoring_words(rules) << ")\n";
  if (!r.complete) {
    std::cout << "stopped before the end: the value above is what was proven";
    if (!r.best_moves.empty())
      std::cout << "; best move so far " << rules.geometry().name(r.best_moves.front());
    std::cout << "\n";
  }
  if (r.passed) std::cout << "no legal move: " << color_name(root.to_move) << " passes\n";
  if (!r.best_moves.empty() && r.complete)
    std::cout << (r.best_moves.size() > 1 ? "best moves: " : "best move: ")
              << line_string(rules, r.best_moves) << "\n";
  if (!r.move_values.empty()) std::cout << "moves: " << obf_scores(rules, r.move_values) << "\n";
  if (!r.pv.empty()) std::cout << "principal variation: " << line_string(rules, r.pv) << "\n";
  std::cout << "nodes " << grouped(r.nodes) << ", time " << r.seconds << " s, "
            << rate(r.nodes, r.seconds) << " nodes/s, " << threads << " thread"
            << (threads > 1 ? "s" : "") << "\n";
}

SolveRequest make_request(const Rules& rules, const Position& p, const SolveOptions& opt,
                          int threads, const InterruptGuard& interrupt) {
  SolveRequest req;
  req.rules = rules;
  req.root = p;
  req.wld = opt.wld;
  req.all_moves = opt.all_moves;
  req.threads = threads;
  req.stop = interrupt.flag();
  return req;
}

// Solves every position of a suite and checks the listed scores; a mismatch is an error.
int run_suite(const Rules& rules, const std::vector<ObfPosition>& suite, const SolveOptions& opt,
              int threads) {
  Solver solver(opt.hash_mb);
  InterruptGuard interrupt;
  int wrong = 0;
  int checked = 0;
  std::uint64_t nodes = 0;
  double seconds = 0;
  nlohmann::json rows = nlohmann::json::array();
  SolveRequest base = make_request(rules, rules.initial(), opt, threads, interrupt);
  base.want_pv = opt.json;
  solve_suite(solver, suite, base, opt.progress, interrupt, [&](const SuiteResult& s) {
    const ObfPosition& entry = s.entry;
    const SolveResult& r = s.result;
    const std::string& problem = s.problem;
    nodes += r.nodes;
    seconds += r.seconds;
    const auto listed = obf_best_score(entry);
    if (listed && !opt.wld) ++checked;
    if (!problem.empty()) ++wrong;
    const int empties = rules.empties(entry.position);
    if (opt.json) {
      nlohmann::json j = result_json(rules, entry.position, r, opt.wld);
      j["number"] = entry.number;
      if (listed) j["listed"] = *listed;
      j["ok"] = problem.empty();
      if (!problem.empty()) j["problem"] = problem;
      rows.push_back(j);
    } else {
      char line[160];
      const std::string best =
          r.best_moves.empty() ? std::string("-") : rules.geometry().name(r.best_moves.front());
      std::snprintf(line, sizeof line, "#%-3d %2d empties  %-4s %-6s %14s nodes %9.3f s %9s n/s",
                    entry.number, empties, best.c_str(), value_text(r, opt.wld).c_str(),
                    grouped(r.nodes).c_str(), r.seconds, rate(r.nodes, r.seconds).c_str());
      std::cout << line;
      if (listed && !opt.wld) std::cout << (problem.empty() ? "  ok" : "  WRONG: " + problem);
      if (opt.all_moves) std::cout << "\n     " << obf_scores(rules, r.move_values);
      std::cout << std::endl;
    }
  });
  if (opt.json) {
    nlohmann::json j;
    j["rules"] = rules_json(rules);
    j["positions"] = rows;
    j["checked"] = checked;
    j["wrong"] = wrong;
    j["nodes"] = nodes;
    j["seconds"] = seconds;
    j["threads"] = threads;
    std::cout << j.dump(2) << "\n";
  } else {
    std::cout << "total: " << suite.size() << " positions, " << checked << " checked, " << wrong
              << " wrong; nodes " << grouped(nodes) << ", time " << seconds << " s, "
              << rate(nodes, seconds) << " nodes/s, " << threads << " thread"
              << (threads > 1 ? "s" : "") << "\n";
  }
  if (interrupt.interrupted()) return exit_interrupted;
  return wrong > 0 ? exit_bad_input : exit_ok;
}

// Reads and checks the options into `opt` and `vm`; false after --help.
bool parse_solve(const std::vector<std::string>& args, SolveOptions& opt, po::variables_map& vm) {
  po::options_description desc("Options");
  opt.rules.add_to(desc);
  opt.threads.add_to(desc);
  opt.position.add_to(desc, "play this move list from the start");
  desc.add_options()("obf", po::value(&opt.obf),
                     "solve every line of an OBF suite file and check the scores it lists")(
      "input", po::value(&opt.input), "'-': OBF lines or board strings on standard input")(
      "all-moves", po::bool_switch(&opt.all_moves), "the exact value of every legal move")(
      "wld", po::bool_switch(&opt.wld), "prove only win, draw or loss (faster)")(
      "json", po::bool_switch(&opt.json), "print JSON")(
      "progress", po::bool_switch(&opt.progress),
      "progress lines on stderr even when it is not a terminal");
  add_hash_mb_option(desc, &opt.hash_mb, default_hash_mb,
                     "transposition table size in megabytes (an upper bound)");
  opt.cluster.add_to(desc);
  po::positional_options_description positional;
  positional.add("input", 1);
  if (!parse_options("solve",
                     "[RULES] [--moves LIST | --board STRING | --obf FILE | -] [--threads T] "
                     "[--all-moves] [--wld] [--hash-mb M] [--json]",
                     desc, args, vm, &positional))
    return false;
  const int sources =
      PositionOptions::count(vm) + static_cast<int>(vm.count("obf") + vm.count("input"));
  if (sources > 1) throw UsageError("give one of --moves, --board, --obf or -");
  if (vm.count("input") && opt.input != "-")
    throw UsageError("unexpected argument '" + opt.input + "' (use - for standard input)");
  return true;
}

// --obf FILE or -: every line solved and checked.
int solve_obf_input(const Rules& rules, const SolveOptions& opt, const po::variables_map& vm,
                    int threads) {
  std::vector<ObfPosition> suite;
  try {
    if (vm.count("obf")) {
      std::ifstream in(opt.obf);
      if (!in) throw UsageError("cannot read " + opt.obf);
      suite = read_obf(in, rules, obf_first_number(opt.obf));
    } else {
      suite = read_obf(std::cin, rules);
    }
  } catch (const std::runtime_error& e) {
    if (dynamic_cast<const UsageError*>(&e) != nullptr) throw;
    std::cerr << "reversi solve: " << (vm.count("obf") ? opt.obf + ": " : "") << e.what() << "\n";
    return exit_bad_input;
  }
  return run_suite(rules, suite, opt, threads);
}

// solve over the split (docs/cluster.md): under mpirun on every rank, or with the journal and
// batch-system options in one process.
int run_solve_units(const cluster::Context& context, const SolveOptions& opt,
                    const std::vector<std::string>& args, const Rules& rules, const Position& root,
                    int threads) {
  InterruptGuard interrupt;
  const cluster::SplitSolveJob job{rules, root, opt.wld, opt.all_moves, threads, opt.hash_mb};
  const cluster::SplitSolveOutcome out =
      cluster::split_solve(context, job, opt.cluster, args, interrupt.flag());
  if (!out.result) return out.status;
  const SolveResult& r = *out.result;
  const int ranks = context.place().ranks;
  if (opt.json) {
    nlohmann::json j = result_json(rules, root, r, opt.wld);
    j["rules"] = rules_json(rules);
    j["threads"] = threads;
    j["ranks"] = ranks;
    j["split_plies"] = out.plies;
    j["units"] = out.units;
    j["unit_solves"] = out.solves;
    j["rounds"] = out.rounds;
    std::cout << j.dump(2) << "\n";
  } else {
    print_result(rules, root, r, opt, threads);
    std::cout << "cluster: " << ranks << (ranks == 1 ? " rank" : " ranks") << ", split at ply "
              << out.plies << " into " << out.units << " units, " << out.solves
              << " unit solves in " << out.rounds << " rounds\n";
  }
  return exit_ok;
}

}  // namespace

int run_solve(const std::vector<std::string>& args, const cluster::Context& context) {
  SolveOptions opt;
  po::variables_map vm;
  if (!parse_solve(args, opt, vm)) return exit_ok;
  const Rules rules = opt.rules.rules();
  const int threads = opt.threads.resolved();
  if (opt.cluster.in_use(context.place()) && (vm.count("obf") || vm.count("input")))
    throw UsageError("the cluster options take one position (--moves or --board), not a suite");
  if (vm.count("obf") || vm.count("input")) return solve_obf_input(rules, opt, vm, threads);

  const PositionChoice chosen = opt.position.position(rules, vm);
  if (chosen.error) {
    std::cerr << "reversi solve: " << describe_error(*chosen.error) << "\n";
    return exit_bad_input;
  }
  const Position& root = chosen.position;
  if (opt.cluster.in_use(context.place()))
    return run_solve_units(context, opt, args, rules, root, threads);

  InterruptGuard interrupt;
  Solver solver(opt.hash_mb);
  SolveRequest req = make_request(rules, root, opt, threads, interrupt);
  ProgressLine progress(std::chrono::milliseconds(1000), opt.progress);
  req.on_progress = [&](const SolveProgress& p) {
    if (progress.due()) progress.update(solve_progress_text(rules, p));
  };
  const SolveResult r = solver.solve(req);
  progress.clear();
  if (opt.json) {
    nlohmann::json j = result_json(rules, root, r, opt.wld);
    j["rules"] = rules_json(rules);
    j["threads"] = threads;
    std::cout << j.dump(2) << "\n";
  } else {
    print_result(rules, root, r, opt, threads);
  }
  return r.complete ? exit_ok : exit_interrupted;
}

}  // namespace reversi::cli
