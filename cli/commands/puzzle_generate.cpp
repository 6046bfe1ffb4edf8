// reversi puzzle generate: positions from real games with exactly one move that keeps the best
// result (analysis/puzzle/unique.hpp), rated by difficulty, or where the side to move forces a
// wipeout or a corner with one answer (analysis/puzzle/tactic.hpp); written as OBF lines or JSON.
#include "cli/commands/puzzle_generate.hpp"

#include <tbb/enumerable_thread_specific.h>
#include <tbb/global_control.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>
#include <random>
#include <set>
#include <utility>

#include "analysis/parallel_each.hpp"
#include "analysis/puzzle/tactic.hpp"
#include "analysis/puzzle/unique.hpp"
#include "cli/batch/output_file.hpp"
#include "cli/batch/pipeline.hpp"
#include "cli/batch/record_input.hpp"
#include "cli/common.hpp"
#include "cli/options/numeric.hpp"
#include "cli/options/threads.hpp"
#include "cli/output/puzzle_sheet.hpp"
#include "cli/output/puzzles.hpp"
#include "cli/signals.hpp"
#include "core/notation.hpp"
#include "core/records/validate.hpp"

namespace reversi::cli {

namespace {

constexpr int max_empties_limit = 60;
// The exact solver proves unique puzzles: beyond this, one proof takes hours.
constexpr int max_unique_empties = 40;
constexpr std::size_t max_count = 1'000'000;
// Candidates proven per round: enough to keep every thread busy; the puzzles kept are the first
// in candidate order whatever the round size, so the output does not depend on the threads.
constexpr std::size_t candidates_per_thread = 8;
constexpr int rating_bands = 10;
// A tactic needs a move to make: at most 59 empties on 8x8 after the first move.
constexpr int max_tactic_empties = 59;

struct GenerateOptions {
  std::vector<std::string> files;
  std::string output;
  std::size_t count = 20;
  std::string kind = "unique";  // or a TacticKind's name
  int within = 3;               // a tactic's moves at most
  int min_empties = 8;
  int max_empties = 20;
  int margin = 4;
  std::uint64_t seed = 1;
  int per_game = 1;
  std::string rating;  // "A-B"
  std::string level;   // a named rating range
  bool json = false;
  std::string html;  // also write the printable sheet here
  bool calibration = false;
  ThreadOptions threads;
  std::size_t hash_mb = 64;
};

struct RatingRange {
  int low = 0;
  int high = 1000;
};

// Named levels: ranges of the rating (players expected to miss, in percent) that held about a
// sixth to a third of WTHOR's puzzles each (docs/puzzles.md).
RatingRange level_range(const std::string& level) {
  if (level == "beginner") return {lowest_rating, 14};
  if (level == "intermediate") return {15, 29};
  if (level == "advanced") return {30, 44};
  if (level == "master") return {45, highest_rating};
  throw UsageError("--level is beginner, intermediate, advanced or master, not '" + level + "'");
}

RatingRange parse_rating(const std::string& text, const std::string& level) {
  if (!level.empty() && !text.empty()) throw UsageError("give --level or --rating, not both");
  if (!level.empty()) return level_range(level);
  if (text.empty()) return {};
  const auto dash = text.find('-');
  try {
    if (dash == std::string::npos) {
      const int r = std::stoi(text);
      return {r, r};
    }
    return {std::stoi(text.substr(0, dash)), std::stoi(text.substr(dash + 1))};
  } catch (const std::exception&) {
    throw UsageError("--rating takes A-B, two whole numbers, not '" + text + "'");
  }
}

// Positions of one game that may become puzzles: `per_game` of them, drawn with the seed and the
// game's place, among those with empties in range where the game went on with a move.
void add_candidates(const records::ParsedGame& game, const Replay& replayed,
                    const GenerateOptions& opt, std::optional<TacticKind> tactic,
                    std::uint64_t game_index, std::vector<PuzzleCandidate>& out) {
  const Rules& rules = game.record.rules;
  // Puzzles of the standard game, from its start (the rating's estimate is learnt for it).
  if (!(rules == Rules()) || game.record.start != rules.initial()) return;
  const std::vector<Position> positions = replayed.positions(rules);
  std::vector<std::size_t> eligible;
  for (std::size_t k = 0; k < replayed.moves.size(); ++k) {
    const int empties = rules.empties(positions[k]);
    if (empties >= opt.min_empties && empties <= opt.max_empties && !replayed.moves[k].is_pass() &&
        (!tactic || tactic_worth_trying(rules, positions[k], *tactic)))
      eligible.push_back(k);
  }
  std::mt19937_64 rng(opt.seed * 0x9E3779B97F4A7C15ull + game_index);
  std::shuffle(eligible.begin(), eligible.end(), rng);
  eligible.resize(std::min(eligible.size(), static_cast<std::size_t>(opt.per_game)));
  for (const std::size_t k : eligible)
    out.push_back({positions[k], replayed.moves[k].square,
                   game.record.source.file + " game " + std::to_string(game.record.source.game) +
                       ", move " + std::to_string(k + 1)});
}

std::vector<PuzzleCandidate> read_candidates(const GenerateOptions& opt,
                                             std::optional<TacticKind> tactic,
                                             UnreadableList& unreadable,
                                             const InterruptGuard& stop) {
  std::vector<PuzzleCandidate> out;
  std::uint64_t game_index = 0;
  const auto stopped = [&] { return stop.interrupted(); };
  for_each_input("puzzle generate", expand_record_inputs(opt.files), InputOptions{}, stdout,
                 unreadable, stopped, [&](Input& in) {
                   while (!stopped()) {
                     auto game = in.reader->next();
                     if (!game) break;
                     Replay replayed;
                     const auto v = records::validate(*game, {}, replayed);
                     ++game_index;
                     if (v.verdict == records::Verdict::valid)
                       add_candidates(*game, replayed, opt, tactic, game_index, out);
                   }
                 });
  std::mt19937_64 rng(opt.seed);
  std::shuffle(out.begin(), out.end(), rng);
  return out;
}

// The canonical image of a position, so that symmetric puzzles are kept once.
std::pair<Bits, Bits> canonical_of(const Rules& rules, const Position& p) {
  std::pair<Bits, Bits> best{p.player, p.opponent};
  for (int s = 1; s < symmetry_count; ++s) {
    const std::pair<Bits, Bits> image{rules.geometry().transform(p.player, s),
                                      rules.geometry().transform(p.opponent, s)};
    if (rules.geometry().transform(rules.playable(), s) == rules.playable())
      best = std::min(best, image);
  }
  return best;
}

struct Engines {
  explicit Engines(std::size_t hash_mb) : solver(hash_mb) {}
  Solver solver;
  Estimator estimator;
};

template <class Puzzle>
struct Generated {
  std::vector<Puzzle> puzzles;
  std::size_t tried = 0;
  bool stopped = false;
};

// Proves candidates round by round and keeps the first `count` puzzles in candidate order that
// `keep` accepts; `prove(engines, candidate)` gives a Puzzle or nullopt.
template <class Puzzle, class Prove, class Keep>
Generated<Puzzle> generate(const std::vector<PuzzleCandidate>& candidates, std::size_t count,
                           int threads, const InterruptGuard& stop, std::size_t hash_mb,
                           const Prove& prove, const Keep& keep) {
  tbb::enumerable_thread_specific<Engines> engines(hash_mb);
  std::set<std::pair<Bits, Bits>> seen;
  Generated<Puzzle> out;
  const Rules rules;
  std::vector<const PuzzleCandidate*> round;
  std::size_t next = 0;
  while (out.puzzles.size() < count && next < candidates.size() && !stop.interrupted()) {
    round.clear();
    while (round.size() < candidates_per_thread * static_cast<std::size_t>(threads) &&
           next < candidates.size()) {
      const PuzzleCandidate& c = candidates[next++];
      if (seen.insert(canonical_of(rules, c.position)).second) round.push_back(&c);
    }
    std::vector<std::optional<Puzzle>> proven(round.size());
    parallel_each(round.size(),
                  [&](std::size_t i) { proven[i] = prove(engines.local(), *round[i]); });
    for (auto& p : proven) {
      if (stop.interrupted() || out.puzzles.size() >= count) break;
      ++out.tried;
      if (p && keep(*p)) out.puzzles.push_back(std::move(*p));
    }
  }
  out.stopped = stop.interrupted();
  return out;
}

// Ten bands of ratings, as equal in size as the ratings allow: the share of players who found
// the answer in each, easiest first.
void print_calibration(std::ostream& out, std::vector<UniquePuzzle> puzzles) {
  std::stable_sort(puzzles.begin(), puzzles.end(),
                   [](const auto& a, const auto& b) { return a.rating < b.rating; });
  out << "band  ratings  puzzles  found\n";
  const std::size_t n = puzzles.size();
  for (int b = 0; b < rating_bands && n > 0; ++b) {
    const std::size_t from = n * static_cast<std::size_t>(b) / rating_bands;
    const std::size_t to = n * static_cast<std::size_t>(b + 1) / rating_bands;
    if (from == to) continue;
    const auto found = std::count_if(puzzles.begin() + static_cast<std::ptrdiff_t>(from),
                                     puzzles.begin() + static_cast<std::ptrdiff_t>(to),
                                     [](const auto& p) { return p.player_found(); });
    char line[96];
    std::snprintf(line, sizeof line, "%4d  %3d-%-3d  %7zu  %4.0f%%\n", b + 1, puzzles[from].rating,
                  puzzles[to - 1].rating, to - from,
                  100.0 * static_cast<double>(found) / static_cast<double>(to - from));
    out << line;
  }
}

bool parse_generate(const std::vector<std::string>& args, GenerateOptions& opt) {
  po::options_description desc("Options");
  desc.add_options()("files", po::value(&opt.files), "record files, folders or -")(
      "output,o", po::value(&opt.output), "write the puzzles to FILE (default: standard output)")(
      "count", numeric(&opt.count, Range<std::size_t>{1, max_count, "puzzles"})->default_value(20),
      "how many puzzles")(
      "kind", po::value(&opt.kind)->default_value("unique"),
      "unique (one move keeps the best result), wipeout (force a wipeout) or corner (force "
      "taking a corner)")(
      "within", numeric(&opt.within, Range<int>{2, max_tactic_moves, "moves"})->default_value(3),
      "wipeout and corner: the goal forced within this many of the mover's moves")(
      "min-empties",
      numeric(&opt.min_empties, Range<int>{1, max_empties_limit, "empty squares"})
          ->default_value(8),
      "fewest empty squares of a puzzle (wipeout and corner: 1 unless given)")(
      "max-empties",
      numeric(&opt.max_empties, Range<int>{1, max_empties_limit, "empty squares"})
          ->default_value(20),
      "most empty squares of a puzzle (each more costs about twice the proof; wipeout and "
      "corner: 59 unless given)")(
      "margin", numeric(&opt.margin, Range<int>{1, 64, "discs"})->default_value(4),
      "every other move loses at least this many discs")(
      "seed", numeric(&opt.seed, Range<std::uint64_t>{0, ~std::uint64_t{0}, ""})->default_value(1),
      "which positions are tried, in which order")(
      "per-game", numeric(&opt.per_game, Range<int>{1, 60, "positions"})->default_value(1),
      "positions tried from each game")(
      "rating", po::value(&opt.rating),
      "keep puzzles rated A-B (players expected to miss, in percent: 1-99)")(
      "level", po::value(&opt.level),
      "beginner (ratings 1-14), intermediate (15-29), advanced (30-44) or master (45-99)")(
      "json", po::bool_switch(&opt.json), "write JSON instead of OBF lines")(
      "html", po::value(&opt.html),
      "also write a printable sheet to FILE: diagrams six a page, the answers on pages of their "
      "own")("calibration", po::bool_switch(&opt.calibration),
             "print ten rating bands with the share of players who found the answer");
  add_hash_mb_option(desc, &opt.hash_mb, 64, "megabytes for each thread's solver table");
  opt.threads.add_to(desc);
  po::positional_options_description positional;
  positional.add("files", -1);
  po::variables_map vm;
  if (!parse_options("puzzle generate",
                     "--count N [-o FILE] [--min-empties A --max-empties B] [--margin D] "
                     "[--seed S] [--level L | --rating A-B] [--json] [--html SHEET] RECORDS...",
                     desc, args, vm, &positional))
    return false;
  if (opt.files.empty()) throw UsageError("no input: give record files or folders, or -");
  if (opt.kind != "unique") {
    if (!parse_tactic(opt.kind))
      throw UsageError("--kind is unique, wipeout or corner, not '" + opt.kind + "'");
    if (!opt.rating.empty() || !opt.level.empty())
      throw UsageError("--rating and --level rate unique puzzles only");
    if (!vm["margin"].defaulted()) throw UsageError("--margin is for unique puzzles only");
    // Tactics happen at any stage of a game: every position, unless a range was asked for.
    if (vm["min-empties"].defaulted()) opt.min_empties = 1;
    if (vm["max-empties"].defaulted()) opt.max_empties = max_tactic_empties;
  } else if (!vm["within"].defaulted()) {
    throw UsageError("--within is for --kind wipeout or corner");
  }
  if (opt.min_empties > opt.max_empties) throw UsageError("--min-empties is above --max-empties");
  if (opt.kind == "unique" && opt.max_empties > max_unique_empties)
    throw UsageError("--max-empties: unique puzzles are proven by the exact solver, at most " +
                     std::to_string(max_unique_empties) + " empties");
  return true;
}

// Writes the puzzles (OBF or JSON) and the sheet.
template <class Puzzle>
void write_puzzles(const GenerateOptions& opt, const std::vector<Puzzle>& puzzles) {
  const Rules rules;
  OutputFile out(opt.output);
  const std::string text =
      opt.json ? puzzles_json(rules, puzzles).dump(2) + "\n" : puzzles_obf(rules, puzzles);
  std::fwrite(text.data(), 1, text.size(), out.stream());
  if (!out.commit()) throw UnreadableInput("cannot write " + opt.output);
  std::fflush(stdout);  // the puzzles before the summary line, even into one file
  if (!opt.html.empty()) {
    OutputFile sheet(opt.html);
    const std::string page = puzzle_sheet_html(rules, puzzles, "Reversi puzzles");
    std::fwrite(page.data(), 1, page.size(), sheet.stream());
    if (!sheet.commit()) throw UnreadableInput("cannot write " + opt.html);
  }
}

template <class Puzzle>
void print_summary(const Generated<Puzzle>& g, std::size_t candidates,
                   std::chrono::steady_clock::time_point start) {
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::fprintf(stderr,
               "puzzle generate: %zu puzzles from %zu positions tried (%zu candidates), %.1f s\n",
               g.puzzles.size(), g.tried, candidates, seconds);
}

// How many of the players who met the tactics found the answer.
void print_found(std::ostream& out, const std::vector<Tactic>& puzzles) {
  const auto found = std::count_if(puzzles.begin(), puzzles.end(),
                                   [](const Tactic& t) { return t.player_found(); });
  out << "found by the player in the game: " << found << " of " << puzzles.size() << "\n";
}

}  // namespace

int run_puzzle_generate(const std::vector<std::string>& args) {
  GenerateOptions opt;
  if (!parse_generate(args, opt)) return exit_ok;
  const RatingRange range = parse_rating(opt.rating, opt.level);
  const std::optional<TacticKind> tactic = parse_tactic(opt.kind);
  const int threads = opt.threads.resolved();
  check_table_memory(opt.hash_mb, static_cast<std::size_t>(threads));
  const tbb::global_control limit(tbb::global_control::max_allowed_parallelism,
                                  static_cast<std::size_t>(threads));
  const InterruptGuard interrupt;
  const auto start = std::chrono::steady_clock::now();
  UnreadableList unreadable;
  const std::vector<PuzzleCandidate> candidates =
      read_candidates(opt, tactic, unreadable, interrupt);
  const Rules rules;
  if (tactic) {
    const TacticRequest request{*tactic, opt.within, interrupt.flag()};
    const auto g = generate<Tactic>(
        candidates, opt.count, threads, interrupt, opt.hash_mb,
        [&](Engines&, const PuzzleCandidate& c) { return prove_tactic(rules, c, request); },
        [](const Tactic&) { return true; });
    if (g.stopped) return exit_interrupted;
    write_puzzles(opt, g.puzzles);
    print_summary(g, candidates.size(), start);
    if (opt.calibration) print_found(std::cerr, g.puzzles);
  } else {
    UniqueRequest request;
    request.margin = opt.margin;
    request.stop = interrupt.flag();
    const auto g = generate<UniquePuzzle>(
        candidates, opt.count, threads, interrupt, opt.hash_mb,
        [&](Engines& e, const PuzzleCandidate& c) {
          return prove_unique(e.solver, e.estimator, rules, c, request);
        },
        [&](const UniquePuzzle& p) { return p.rating >= range.low && p.rating <= range.high; });
    if (g.stopped) return exit_interrupted;
    write_puzzles(opt, g.puzzles);
    print_summary(g, candidates.size(), start);
    if (opt.calibration) print_calibration(std::cerr, g.puzzles);
  }
  return unreadable.empty() ? exit_ok : exit_usage;
}

}  // namespace reversi::cli
