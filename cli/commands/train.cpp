// reversi train: learns the 8x8 pattern evaluation's weights from WTHOR game files, or the 6x6
// ones (standard or anti-reversi) from games it plays itself.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <limits>
#include <optional>

#include "analysis/estimate/estimate.hpp"
#include "analysis/eval/pattern_eval.hpp"
#include "analysis/eval/patterns.hpp"
#include "analysis/training/backed_up_labels.hpp"
#include "analysis/training/exact_labels.hpp"
#include "analysis/training/position_file.hpp"
#include "analysis/training/probcut_fit.hpp"
#include "analysis/training/small_training.hpp"
#include "analysis/training/training.hpp"
#include "cli/batch/record_input.hpp"
#include "cli/common.hpp"
#include "cli/options/eval.hpp"
#include "cli/options/numeric.hpp"
#include "cli/options/threads.hpp"
#include "cli/signals.hpp"
#include "cli/subcommands.hpp"
#include "core/game.hpp"

namespace reversi::cli {

namespace {

namespace fs = std::filesystem;

// The shipped weights' labels: solving every training position up to 20 empties takes about two
// hours on 2 cores (18: 25 minutes, 16: 7), kept and resumable in --label-cache.
constexpr int default_solve_empties = 20;
// Beyond this a game position takes seconds to solve: far too long for 60,000 games.
constexpr int max_solve_empties = 24;
// WTHOR's theoretical scores are taken at 24 empties (a few games at 22 or 26, some none): the
// positions between them and the exact labels are labelled by searches up to here.
constexpr int default_backed_up_empties = 24;

struct TrainOptions {
  std::string folder;
  std::string holdout = "WTH_2019.wtb";
  std::string output;
  eval::TrainRequest request;
  // --fit-probcut: measure ProbCut's margins instead of training, on one game in this many.
  int fit_probcut_every = 0;
  ThreadOptions thread_options;
  int threads = 1;  // resolved from thread_options
  // Positions with at most this many empties are labelled by the exact solver.
  int solve_empties = default_solve_empties;
  std::string label_cache;  // solved values kept between runs; empty: none
  // Positions files of `reversi selfplay`, learnt from as labelled (never held out).
  std::vector<std::string> positions;
  // Positions above solve_empties and up to this many, without a theoretical score, are
  // labelled by searches backed up from the phases below; the deepest such search.
  int backed_up_empties = default_backed_up_empties;
  int backup_depth = eval::SmallTrainRequest{}.backup_depth;
  EvalOptions eval;
  // --size 6: self-played 6x6 training instead of WTHOR games.
  int size = 8;
  bool anti = false;
  eval::SmallTrainRequest small;
};

struct LoadedSamples {
  std::vector<eval::Sample> train;
  std::vector<eval::Sample> valid;
  // Held-out positions at the theoretical score's depth: their labels are exact.
  std::vector<eval::Sample> exact_valid;
  // Per game, its positions left for the solver: training games, then held-out ones.
  std::vector<std::vector<eval::Sample>> train_to_solve;
  std::vector<std::vector<eval::Sample>> valid_to_solve;
  // Positions for back_up_phase, game after game.
  std::vector<eval::Sample> train_to_back_up;
  std::vector<eval::Sample> valid_to_back_up;
  std::size_t final_results = 0;  // positions labelled by their game's final result
  std::size_t exact_labels = 0;
  std::size_t backed_up_labels = 0;
  std::size_t played_labels = 0;  // from positions files (selfplay)
  long games = 0;
  long skipped = 0;  // invalid or unfinished records
};

// The WTHOR inputs of --wthor through the one input expansion: a file or "-" as given, a folder's
// 8x8 WTHOR files (.wtb) by name.
std::vector<std::string> wthor_files(const std::string& path) {
  std::vector<std::string> out;
  for (const auto& file : expand_record_inputs({path}))
    if (file == path || fs::path(file).extension() == ".wtb") out.push_back(file);
  std::error_code ec;
  if (out.size() == 1 && out[0] == path && fs::is_directory(path, ec))
    throw unreadable_folder(path);
  if (out.empty()) throw UnreadableInput("cannot read " + path + ": no WTHOR .wtb files in it");
  return out;
}

// The position where the theoretical score was taken, with that score as its exact label.
void add_exact_sample(const Replay& r, const eval::GameLabels& labels,
                      std::vector<eval::Sample>& out) {
  const Rules rules(8);
  for (const Position& pos : r.positions(rules)) {
    if (rules.empties(pos) != labels.theoretical_empties || !rules.has_move(pos)) continue;
    const int dark = *labels.theoretical_margin;
    out.push_back({static_cast<Bits64>(pos.player), static_cast<Bits64>(pos.opponent),
                   static_cast<std::int8_t>(pos.to_move == Color::dark ? dark : -dark)});
    return;
  }
}

void report_exact(const eval::Weights& weights, const std::vector<eval::Sample>& samples) {
  const eval::PatternEvaluator evaluator(weights);
  double abs_sum = 0;
  int wrong = 0;
  for (const auto& s : samples) {
    const double est = evaluator.evaluate(s.player, s.opponent) / 100.0;
    abs_sum += std::abs(est - s.target);
    const int predicted = est > 0.5 ? 1 : (est < -0.5 ? -1 : 0);
    const int actual = s.target > 0 ? 1 : (s.target < 0 ? -1 : 0);
    if (predicted != actual) ++wrong;
  }
  const double n = std::max<double>(1, static_cast<double>(samples.size()));
  std::printf(
      "held-out positions at the theoretical depth (%zu): static MAE %.2f discs, "
      "wrong winner %.1f%%\n",
      samples.size(), abs_sum / n, 100.0 * wrong / n);
}

void load_file(const std::string& path, bool held_out, const TrainOptions& o,
               LoadedSamples& totals) {
  std::vector<eval::Sample>& out = held_out ? totals.valid : totals.train;
  InputOptions in;
  in.format = records::Format::wthor;
  Input input = open_input(path, in);
  while (auto game = input.reader->next()) {
    if (game->error || !game->record.meta.wthor || game->record.rules.size() != 8) {
      ++totals.skipped;
      continue;
    }
    const auto& rec = game->record;
    const Replay r = replay(rec.rules, rec.start, rec.moves);
    if (!r.ok() || !r.finished) {
      ++totals.skipped;
      continue;
    }
    eval::GameLabels labels;
    labels.solved_empties = o.solve_empties;
    labels.backed_up_empties = o.backed_up_empties;
    labels.final_margin = rec.rules.value(r.final_position, Color::dark);
    const auto& w = *rec.meta.wthor;
    if (w.depth > 0) {
      labels.theoretical_margin = 2 * w.theoretical_score - 64;
      labels.theoretical_empties = w.depth;
    }
    eval::GameSamples samples = eval::game_samples(r, labels);
    out.insert(out.end(), samples.labelled.begin(), samples.labelled.end());
    totals.final_results += samples.final_results;
    if (!samples.to_solve.empty())
      (held_out ? totals.valid_to_solve : totals.train_to_solve)
          .push_back(std::move(samples.to_solve));
    auto& to_back_up = held_out ? totals.valid_to_back_up : totals.train_to_back_up;
    to_back_up.insert(to_back_up.end(), samples.to_back_up.begin(), samples.to_back_up.end());
    if (held_out && labels.theoretical_margin) add_exact_sample(r, labels, totals.exact_valid);
    ++totals.games;
  }
}

// Reads the options into `o`; false after --help.
bool parse_train(const std::vector<std::string>& args, TrainOptions& o) {
  po::options_description desc("Options");
  desc.add_options()("wthor", po::value(&o.folder),
                     "WTHOR games (8x8): a .wtb file, a folder of them, or - for standard input")(
      "size", numeric(&o.size, Range<int>{6, 8, "squares a side"})->default_value(o.size),
      "8: learn from WTHOR games; 6: from random 6x6 games labelled by the solver")(
      "anti", po::bool_switch(&o.anti), "with --size 6: anti-reversi weights")(
      "games",
      numeric(&o.small.games, Range<int>{1, 100'000'000, "games"})->default_value(o.small.games),
      "with --size 6: random games to learn from")(
      "seed",
      numeric(&o.small.seed,
              Range<decltype(o.small.seed)>{0, std::numeric_limits<decltype(o.small.seed)>::max()})
          ->default_value(o.small.seed),
      "with --size 6: seed of the random games")(
      "backup-depth",
      numeric(&o.backup_depth, Range<int>{4, max_estimate_depth, "plies"})
          ->default_value(o.backup_depth),
      "deepest search backing up the labels beyond --solve-empties (a phase that needs more to "
      "reach the phases below gets more)")(
      "backup-empties",
      numeric(&o.backed_up_empties, Range<int>{0, 60, "empty squares"})
          ->default_value(o.backed_up_empties),
      "8x8: label positions above --solve-empties and up to N empties, where the record has no "
      "theoretical score, by searches backed up from the phases below (at most --solve-empties: "
      "by the game's result)")("holdout", po::value(&o.holdout)->default_value(o.holdout),
                               "file name kept out of training, for validation")(
      "output,o", po::value(&o.output), "weights file to write")(
      "iterations",
      numeric(&o.request.iterations, Range<int>{1, 1'000'000, "steps"})
          ->default_value(o.request.iterations),
      "conjugate-gradient steps per phase")(
      "ridge", numeric(&o.request.ridge, Range<double>{0, 1e12})->default_value(o.request.ridge),
      "penalty on the size of each weight")(
      "fit-probcut", numeric(&o.fit_probcut_every, Range<int>{1, 1'000'000, "games"}),
      "instead of training: fit ProbCut's margins on one training game in N, print the table")(
      "solve-empties",
      numeric(&o.solve_empties, Range<int>{0, max_solve_empties, "empty squares"})
          ->default_value(o.solve_empties),
      "label positions with at most N empties by their exact value (0: by the game's result)")(
      "label-cache", po::value(&o.label_cache),
      "file of solved values: read if present; the new ones are added game by game, so an "
      "interrupted run resumes")(
      "positions", po::value(&o.positions)->composing(),
      "8x8: a positions file of `reversi selfplay` to learn from as well, labels as they are "
      "(repeatable)");
  o.eval.add_to(desc);
  o.thread_options.add_to(desc);
  po::variables_map vm;
  if (!parse_options("train",
                     "--wthor FILE|DIR|- (-o FILE | --fit-probcut N) [OPTIONS]\n"
                     "       reversi train --size 6 [--anti] -o FILE [OPTIONS]",
                     desc, args, vm))
    return false;
  if (o.size != 8 && o.size != 6) throw UsageError("--size must be 8 or 6");
  if (o.size == 8 && o.folder.empty()) throw UsageError("give --wthor FILE|DIR (or --size 6)");
  if (o.size == 6 && (!o.folder.empty() || o.fit_probcut_every != 0 || !o.positions.empty()))
    throw UsageError(
        "--size 6 learns from its own games: no --wthor, no --fit-probcut, no --positions");
  if (o.anti && o.size != 6) throw UsageError("--anti needs --size 6");
  if (o.size == 6 && vm["solve-empties"].defaulted()) o.solve_empties = o.small.solve_empties;
  if (o.fit_probcut_every == 0 && o.output.empty())
    throw UsageError("give -o FILE (the weights to write) or --fit-probcut N");
  o.threads = o.thread_options.resolved();
  return true;
}

// Positions of one training game in `every`: every fourth position with a move and 11 to 58
// empties, so that the bands of empties are evenly filled.
std::vector<Position> probcut_positions(const TrainOptions& o) {
  std::vector<Position> out;
  long game_number = 0;
  const Rules rules(8);
  for (const auto& file : wthor_files(o.folder)) {
    if (fs::path(file).filename() == o.holdout) continue;
    InputOptions options;
    Input input = open_input(file, options);
    while (auto game = input.reader->next()) {
      if (game->error || game_number++ % o.fit_probcut_every != 0) continue;
      const auto& rec = game->record;
      const Replay r = replay(rec.rules, rec.start, rec.moves);
      if (!r.ok()) continue;
      const std::vector<Position> all = r.positions(rules);
      for (std::size_t k = 0; k < all.size(); k += 4)
        if (rules.empties(all[k]) >= 11 && rules.empties(all[k]) <= 58 &&
            rules.legal_moves(all[k]) != 0)
          out.push_back(all[k]);
    }
  }
  return out;
}

// The fit as the C++ table analysis/estimate/estimate.cpp holds, with the sample counts beside it.
int run_fit_probcut(const TrainOptions& o) {
  eval::ProbCutFitRequest request;
  request.patterns = o.eval.load_for(eval::WeightsGame::standard_8x8);
  request.threads = o.threads;
  const std::vector<Position> positions = probcut_positions(o);
  const auto start = std::chrono::steady_clock::now();
  const eval::ProbCutFit fit = eval::fit_probcut(positions, request);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf(
      "ProbCut fit: %zu positions, %llu nodes, %.1f s; sigma in units per depth %d-%d, "
      "bands of %d empties\n",
      positions.size(), static_cast<unsigned long long>(fit.nodes), seconds, request.min_depth,
      request.max_depth, request.band_empties);
  for (std::size_t d = 0; d < fit.sigma.size(); ++d) {
    std::printf("    {{");
    for (std::size_t b = 0; b < fit.sigma[d].size(); ++b)
      std::printf("%s%4d", b == 0 ? " " : ", ", fit.sigma[d][b]);
    std::printf(" }},  // depth %zu, positions:", d + static_cast<std::size_t>(request.min_depth));
    for (const std::size_t n : fit.count[d]) std::printf(" %zu", n);
    std::printf("\n");
  }
  return exit_ok;
}

// The samples of every WTHOR file in the folder, the hold-out file's kept for validation.
LoadedSamples load_samples(const TrainOptions& o) {
  LoadedSamples data;
  for (const auto& file : wthor_files(o.folder)) {
    const bool held_out = fs::path(file).filename() == o.holdout;
    load_file(file, held_out, o, data);
  }
  return data;
}

// The positions files' samples, added to the training set (their games are not WTHOR's, so
// none is held out).
void load_positions(const TrainOptions& o, LoadedSamples& data) {
  for (const auto& path : o.positions) {
    const eval::PositionsFile file = eval::read_positions_file(path);
    for (const eval::PlayedPosition& p : file.positions)
      data.train.push_back({p.player, p.opponent, p.label});
    data.played_labels += file.positions.size();
    std::cerr << "train: " << path << ": " << file.positions.size() << " positions (" << file.about
              << ")\n";
  }
}

// Moves every game's solved positions into its set, game by game in input order.
void append_solved(std::vector<std::vector<eval::Sample>>& games, std::vector<eval::Sample>& out) {
  for (auto& game : games) out.insert(out.end(), game.begin(), game.end());
  games.clear();
}

// Labels the positions near the end by the solver, with the cache when one is given: its new
// values are appended game by game, so an interrupted run resumes where it stopped. False when
// interrupted.
bool solve_labels(const TrainOptions& o, LoadedSamples& data, const std::atomic<bool>* stop) {
  if (data.train_to_solve.empty() && data.valid_to_solve.empty()) return true;
  eval::LabelCache cache;
  std::optional<eval::LabelJournal> journal;
  if (!o.label_cache.empty()) {
    cache = eval::LabelCache::read(o.label_cache);
    journal.emplace(o.label_cache);
  }
  eval::ExactLabelRequest request;
  request.threads = o.threads;
  request.stop = stop;
  request.journal = journal ? &*journal : nullptr;
  request.on_progress = [](std::size_t done, std::size_t total) {
    std::cerr << "train: solved the ends of " << done << " of " << total << " games\n";
  };
  const auto start = std::chrono::steady_clock::now();
  eval::ExactLabelStats stats = eval::label_exactly(data.train_to_solve, cache, request);
  const eval::ExactLabelStats valid = eval::label_exactly(data.valid_to_solve, cache, request);
  stats.solved += valid.solved;
  stats.cached += valid.cached;
  stats.nodes += valid.nodes;
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::cerr << "train: exact labels up to " << o.solve_empties << " empties: " << stats.solved
            << " positions solved (" << stats.nodes << " nodes, " << seconds << " s), "
            << stats.cached << " from the cache\n";
  if (!stats.complete || !valid.complete) {
    if (journal)
      std::cerr << "train: the " << stats.solved << " positions solved are kept in "
                << o.label_cache << "; the same command resumes\n";
    return false;
  }
  journal.reset();
  // Rewritten in a fixed order, so the same games give the same file.
  if (!o.label_cache.empty() && stats.solved > 0) cache.write(o.label_cache);
  const std::size_t before = data.train.size() + data.valid.size();
  append_solved(data.train_to_solve, data.train);
  append_solved(data.valid_to_solve, data.valid);
  data.exact_labels = data.train.size() + data.valid.size() - before;
  return true;
}

// The fit with the positions between the exact labels and the theoretical scores labelled by
// searches into the phases already fitted, phase after phase from the end of the game back;
// nullopt when stopped.
std::optional<eval::TrainResult> fit_backing_up(const TrainOptions& o, LoadedSamples& data,
                                                const std::atomic<bool>* stop) {
  eval::TrainResult result = eval::train(data.train, data.valid, o.request);
  if (data.train_to_back_up.empty() && data.valid_to_back_up.empty()) return result;
  const eval::PatternSet& set = eval::PatternSet::of_size(8);
  const eval::BackUpRequest request{.rules = Rules(8),
                                    .solve_empties = o.solve_empties,
                                    .max_depth = o.backup_depth,
                                    .threads = o.threads,
                                    .stop = stop};
  for (int phase = set.phase(o.solve_empties + 1); phase <= set.phase(o.backed_up_empties);
       ++phase) {
    const auto start = std::chrono::steady_clock::now();
    const eval::PatternEvaluator fitted(result.weights);
    const eval::BackedUp t = eval::back_up_phase(data.train_to_back_up, phase, fitted, request);
    const eval::BackedUp v = eval::back_up_phase(data.valid_to_back_up, phase, fitted, request);
    if (stop != nullptr && stop->load()) return std::nullopt;
    data.train.insert(data.train.end(), t.samples.begin(), t.samples.end());
    data.valid.insert(data.valid.end(), v.samples.begin(), v.samples.end());
    data.backed_up_labels += t.samples.size() + v.samples.size();
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::cerr << "train: phase " << phase << ": " << t.samples.size() + v.samples.size()
              << " labels backed up by search (" << t.nodes + v.nodes << " nodes, " << seconds
              << " s)\n";
    result = eval::train(data.train, data.valid, o.request);
  }
  return result;
}

void print_loaded(const LoadedSamples& data) {
  std::cerr << "train: " << data.games << " games (" << data.skipped << " skipped), "
            << data.train.size() << " training and " << data.valid.size()
            << " validation positions; labels: " << data.exact_labels << " exact, "
            << data.backed_up_labels << " backed up by search, "
            << data.train.size() + data.valid.size() - data.exact_labels - data.backed_up_labels -
                   data.final_results - data.played_labels
            << " theoretical scores, " << data.final_results << " final results, "
            << data.played_labels << " from positions files\n";
}

void print_phases(const eval::TrainResult& result) {
  std::printf("phase  empties   train n  train MAE  train RMSE   valid n  valid MAE  valid RMSE\n");
  for (const auto& p : result.phases)
    std::printf("%5d  %2d-%-2d    %8zu  %9.2f  %10.2f  %8zu  %9.2f  %10.2f\n", p.phase,
                4 * p.phase + 1, 4 * p.phase + 4, p.train_count, p.train_mae, p.train_rmse,
                p.valid_count, p.valid_mae, p.valid_rmse);
}

void print_written(const TrainOptions& o, const eval::TrainResult& result, double seconds) {
  std::printf("wrote %s (%zu weights) in %.1f s\n", o.output.c_str(), result.weights.values.size(),
              seconds);
}

// --size 6: random games, exact and backed-up labels, the fit, the file.
int run_train_small(TrainOptions& o) {
  const auto start = std::chrono::steady_clock::now();
  o.small.game = o.anti ? eval::WeightsGame::anti_6x6 : eval::WeightsGame::standard_6x6;
  o.small.solve_empties = o.solve_empties;
  o.small.backup_depth = o.backup_depth;
  o.small.threads = o.threads;
  o.small.fit = o.request;
  o.small.on_progress = [](const std::string& line) { std::cerr << "train: " << line << "\n"; };
  const eval::SmallTrainResult result = eval::train_small(o.small);
  if (!result.complete) {
    std::cerr << "reversi train: interrupted; no weights written\n";
    return exit_interrupted;
  }
  print_phases(result.fit);
  eval::write_weights_file(result.fit.weights, o.output);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  print_written(o, result.fit, seconds);
  return exit_ok;
}

}  // namespace

int run_train(const std::vector<std::string>& args, const cluster::Context& /*context*/) {
  TrainOptions o;
  if (!parse_train(args, o)) return exit_ok;
  // A stop between stages, or the guard's forced stop within its grace inside one.
  const InterruptGuard interrupt;
  o.small.stop = interrupt.flag();
  if (o.size == 6) return run_train_small(o);
  if (o.fit_probcut_every > 0) return run_fit_probcut(o);
  const auto start = std::chrono::steady_clock::now();
  LoadedSamples data = load_samples(o);
  load_positions(o, data);  // a bad file is found before the long solves
  const bool labelled = solve_labels(o, data, interrupt.flag());
  const std::optional<eval::TrainResult> fit =
      labelled ? fit_backing_up(o, data, interrupt.flag()) : std::nullopt;
  if (!fit) {
    std::cerr << "reversi train: interrupted; no weights written\n";
    return exit_interrupted;
  }
  const eval::TrainResult& result = *fit;
  print_loaded(data);
  print_phases(result);
  report_exact(result.weights, data.exact_valid);
  eval::write_weights_file(result.weights, o.output);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  print_written(o, result, seconds);
  return exit_ok;
}

}  // namespace reversi::cli
