// reversi bench eval: how close the estimates are to the truth on real games (see
// analysis/accuracy/estimate_accuracy.hpp): at the WTHOR theoretical depth against the stored
// perfect-play score, at other depths of the game against a deeper search; with --mistakes, the
// error margins of the estimated losses against exact ones (cli/bench/eval_mistakes.cpp); with
// --consistency, how far consecutive estimates of annotate differ (cli/bench/eval_consistency.cpp).
#include "cli/options/eval.hpp"

#include <chrono>
#include <cstdio>
#include <sstream>

#include "analysis/accuracy/estimate_accuracy.hpp"
#include "cli/bench/eval_consistency.hpp"
#include "cli/bench/eval_mistakes.hpp"
#include "cli/bench/games.hpp"
#include "cli/bench/modes.hpp"
#include "cli/common.hpp"
#include "cli/options/numeric.hpp"
#include "cli/options/threads.hpp"
#include "cli/output/solve.hpp"
#include "cli/signals.hpp"

namespace reversi::cli {

namespace {

struct EvalBenchOptions {
  std::string file;
  std::string empties = "24,30,36,44";
  int games = 100000;
  int skip = 0;
  bool mistakes = false;
  bool consistency = false;
  int exact_empties = default_exact_empties;
  std::string mistake_empties = "15-23";
  ThreadOptions thread_options;
  int threads = 1;  // resolved from thread_options
  AccuracyRequest request;
  MistakeRequest mistake_request;
  EvalOptions eval;
};

std::vector<int> parse_empties(const std::string& text) {
  std::vector<int> out;
  std::stringstream in(text);
  std::string item;
  while (std::getline(in, item, ',')) {
    try {
      const int e = std::stoi(item);
      if (e < 1 || e > 60) throw UsageError("--empties: " + item + " is not between 1 and 60");
      out.push_back(e);
    } catch (const std::logic_error&) {
      throw UsageError("--empties: '" + item + "' is not a number");
    }
  }
  if (out.empty()) throw UsageError("--empties: give at least one number");
  return out;
}

bool parse_eval_bench(const std::vector<std::string>& args, EvalBenchOptions& opt) {
  po::options_description desc("Options");
  // clang-format off
  desc.add_options()
      ("file", po::value(&opt.file), "a WTHOR file (or folder of records) whose games are compared (required), e.g. WTH_2019.wtb")
      ("games", numeric(&opt.games, Range<int>{1, 10'000'000, "games"})->default_value(opt.games), "at most this many complete games")
      ("empties", po::value(&opt.empties)->default_value(opt.empties), "where to compare, in empty squares")
      ("depth", numeric(&opt.request.depth, Range<int>{1, max_estimate_depth, "plies"})->default_value(opt.request.depth), "the estimate's depth (annotate's default)")
      ("reference-depth", numeric(&opt.request.reference_depth, Range<int>{1, max_estimate_depth, "plies"})->default_value(opt.request.reference_depth),
       "the reference search's depth where no theoretical score exists; where it reaches the "
       "end of the game, the solver's exact value (e.g. --empties 15,18,21 --reference-depth 30)")
      ("selectivity", numeric(&opt.request.selectivity, Range<int>{73, 100, "percent"})->default_value(opt.request.selectivity),
       "the estimate's ProbCut confidence (100: full width)")
      ("skip", numeric(&opt.skip, Range<int>{0, 10'000'000, "games"})->default_value(opt.skip), "leave out the first games (calibrate on some games, check on others)")
      ("mistakes", po::bool_switch(&opt.mistakes), "measure the error margins of estimated losses against exact ones, by bands of 3 empties, and how the shipped margins call mistakes")
      ("mistake-empties", po::value(&opt.mistake_empties)->default_value(opt.mistake_empties), "with --mistakes: the played moves compared, by empties (MIN-MAX, at most 26: two exact solves a move)")
      ("consistency", po::bool_switch(&opt.consistency), "annotate the games and measure how far the value of each played move and the value of the next position differ, where both are estimates")
      ("exact-empties", numeric(&opt.exact_empties, Range<int>{0, max_exact_empties, "empties"})->default_value(opt.exact_empties), "with --consistency and --mistakes: annotate's exact horizon (moves within it are called by their exact loss)");
  // clang-format on
  opt.thread_options.add_to(desc);
  opt.eval.add_to(desc);
  po::variables_map vm;
  if (!parse_options("bench eval", "--file WTHOR_FILE [OPTIONS]", desc, args, vm)) return false;
  if (opt.file.empty()) throw UsageError("give --file WTHOR_FILE");
  opt.threads = opt.thread_options.resolved();
  if (!is_selectivity_level(opt.request.selectivity))
    throw UsageError("--selectivity must be 73, 87, 95, 98, 99 or 100");
  if (opt.request.depth < 1 || opt.request.depth > max_estimate_depth ||
      opt.request.reference_depth < 1 || opt.request.reference_depth > max_estimate_depth)
    throw UsageError("--depth and --reference-depth must be between 1 and " +
                     std::to_string(max_estimate_depth));
  if (opt.mistakes && opt.consistency)
    throw UsageError("give --mistakes or --consistency, not both");
  opt.request.empties = parse_empties(opt.empties);
  parse_mistake_empties(opt.mistake_empties, opt.mistake_request);
  opt.request.threads = opt.threads;
  return true;
}

}  // namespace

int run_bench_eval(const std::vector<std::string>& args) {
  EvalBenchOptions opt;
  if (!parse_eval_bench(args, opt)) return exit_ok;
  opt.request.patterns = opt.eval.load_for(eval::WeightsGame::standard_8x8);
  auto games = complete_games(opt.file, opt.games + opt.skip);
  games.erase(games.begin(), games.begin() + std::min<std::ptrdiff_t>(opt.skip, std::ssize(games)));
  InterruptGuard interrupt;
  opt.request.stop = interrupt.flag();
  if (opt.mistakes) {
    MistakeRequest& m = opt.mistake_request;
    m.depth = opt.request.depth;
    m.selectivity = opt.request.selectivity;
    m.threads = opt.threads;
    m.exact_empties = opt.exact_empties;
    m.patterns = opt.request.patterns;
    m.stop = interrupt.flag();
    print_mistake_bench(opt.file, games, m);
    return interrupt.interrupted() ? exit_interrupted : exit_ok;
  }
  if (opt.consistency) {
    ConsistencyRequest c;
    c.annotate.exact_empties = opt.exact_empties;
    c.annotate.estimate_depth = opt.request.depth;
    c.annotate.estimate_selectivity = opt.request.selectivity;
    c.annotate.theoretical = TheoreticalCheck::never;
    c.annotate.patterns = opt.request.patterns;
    c.annotate.stop = interrupt.flag();
    c.threads = opt.threads;
    print_consistency_bench(opt.file, games, c);
    return interrupt.interrupted() ? exit_interrupted : exit_ok;
  }
  std::printf(
      "estimate accuracy: %zu complete games of %s, estimate depth %d selectivity %d%%, %d "
      "thread%s\n",
      games.size(), opt.file.c_str(), opt.request.depth, opt.request.selectivity, opt.threads,
      opt.threads > 1 ? "s" : "");
  const auto start = std::chrono::steady_clock::now();
  const std::vector<AccuracyPoint> points = measure_accuracy(games, opt.request);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (interrupt.interrupted()) return exit_interrupted;
  std::printf(
      "empties  against            positions  mean error  median   bias  wrong winner  (on "
      "draws)  nodes\n");
  for (const AccuracyPoint& a : points) {
    const std::string against = a.against_theoretical ? "WTHOR theoretical"
                                : reference_is_exact(opt.request, a.empties)
                                    ? "exact (solver)"
                                    : "depth " + std::to_string(opt.request.reference_depth);
    std::printf("%7d  %-17s  %9zu  %10.2f  %6.2f  %+5.2f  %11.1f%%  %10.1f%%  %s\n", a.empties,
                against.c_str(), a.positions, a.mean_error, a.median_error, a.bias,
                100.0 * a.wrong_winner, 100.0 * a.wrong_on_draws, grouped(a.nodes).c_str());
  }
  std::printf("%.1f s\n", seconds);
  return exit_ok;
}

}  // namespace reversi::cli
