// reversi annotate: every move of every game with exact values near the end and estimates
// before, where the game was decided and who erred by how much; JSON Lines, JSON or text.
//
// Games go through an ordered oneTBB pipeline: read in input order, annotated in parallel (one
// solver and estimator per worker), written in input order, so the output is the same for any
// thread count and memory stays flat however many games there are. Under mpirun, with a
// journal, or for a batch system, games go out in batches instead (annotate_jobs.cpp) and come
// back through the same write stage.
#include "cli/commands/annotate.hpp"

#include <oneapi/tbb/concurrent_queue.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <memory>

#include "cli/batch/output_file.hpp"
#include "cli/batch/pipeline.hpp"
#include "cli/cluster/farm.hpp"
#include "cli/commands/annotate_run.hpp"
#include "cli/common.hpp"
#include "cli/openings.hpp"
#include "cli/options/eval.hpp"
#include "cli/options/numeric.hpp"
#include "cli/options/rules.hpp"
#include "cli/options/threads.hpp"
#include "cli/output/solve.hpp"
#include "cli/signals.hpp"
#include "cli/subcommands.hpp"
#include "db/book.hpp"
#include "db/schema.hpp"
#include "db/sqlite.hpp"
#include "json/game_record.hpp"

namespace reversi::cli::annotate_detail {

using records::Verdict;

// One solver and estimator per worker; a worker takes a free set for each game.
class EnginePool {
 public:
  EnginePool(int count, std::size_t hash_mb) {
    for (int i = 0; i < count; ++i) {
      engines_.push_back(std::make_unique<AnnotateEngines>(hash_mb));
      free_.push(engines_.back().get());
    }
  }
  AnnotateEngines* take() {
    AnnotateEngines* e = nullptr;
    free_.pop(e);
    return e;
  }
  void give_back(AnnotateEngines* e) { free_.push(e); }

 private:
  std::vector<std::unique_ptr<AnnotateEngines>> engines_;
  tbb::concurrent_bounded_queue<AnnotateEngines*> free_;
};

std::string place_of(const records::SourceLocation& s) {
  return s.file + " game " + std::to_string(s.game);
}

void annotate_slot(Slot& s, Run& run) {
  s.validation = records::validate(s.game);
  if (s.validation.verdict == Verdict::invalid) {
    s.text = run.output == Output::text ? invalid_game_text(s.game, s.validation)
                                        : dump_json(invalid_game_json(s.game, s.validation));
    return;
  }
  AnnotateEngines* engines = run.engines->take();
  try {
    s.annotation = annotate(s.game.record, *engines, run.analysis);
  } catch (...) {
    run.engines->give_back(engines);
    throw;
  }
  run.engines->give_back(engines);
  s.complete = s.annotation.complete;
  if (!s.complete) return;
  s.text = run.output == Output::text
               ? annotated_game_text(s.game, s.validation, s.annotation, run.settings)
               : dump_json(annotated_game_json(s.game, s.validation, s.annotation, run.settings));
}

GameCount game_count(const Slot& s) {
  GameCount c;
  c.verdict = s.validation.verdict;
  if (c.verdict == Verdict::invalid) return c;
  const Annotation& a = s.annotation;
  c.moves = a.moves_played;
  c.exact_moves = a.sides[0].exact_moves + a.sides[1].exact_moves;
  c.theoretical_checked = a.theoretical && a.theoretical->checked;
  c.theoretical_differs = c.theoretical_checked && a.theoretical->differs();
  return c;
}

namespace {

void count(Totals& t, const GameCount& c, const std::string& place) {
  ++t.games;
  t.last_place = place;
  if (c.verdict == Verdict::invalid) {
    ++t.invalid;
    return;
  }
  ++t.annotated;
  if (c.verdict == Verdict::unfinished) ++t.unfinished;
  t.moves += c.moves;
  t.exact_moves += c.exact_moves;
  if (c.theoretical_checked) {
    ++t.theoretical_checked;
    if (c.theoretical_differs) ++t.theoretical_differing;
  }
}

void show_progress(Run& run, std::uint64_t input_offset) {
  const double elapsed = run.progress.elapsed_seconds();
  const long games = run.totals.games;
  char line[160];
  const double rate = elapsed > 0 ? static_cast<double>(games) / elapsed : 0.0;
  std::snprintf(line, sizeof line, "annotate: %ld games, %.1f games/s", games, rate);
  std::string text = line;
  if (run.total_bytes > 0) {
    const double done =
        static_cast<double>(run.bytes_before + input_offset) / static_cast<double>(run.total_bytes);
    if (done > 0) {
      std::snprintf(line, sizeof line, ", %.0f%%, %s left", 100.0 * std::min(done, 1.0),
                    duration_text(elapsed * (1.0 - std::min(done, 1.0)) / done).c_str());
      text += line;
    }
  }
  run.progress.update(text);
}

}  // namespace

void write_game(Run& run, bool complete, const std::string& text, const GameCount& c,
                const std::string& place, std::uint64_t input_offset) {
  if (run.cut || !complete) {
    run.cut = true;
    return;
  }
  count(run.totals, c, place);
  run.writer->game(text);
  show_progress(run, input_offset);
}

}  // namespace reversi::cli::annotate_detail

namespace reversi::cli {

using namespace annotate_detail;

namespace {

namespace fs = std::filesystem;

// Games per work unit of a cluster run: enough to keep a rank's threads busy on one message.
constexpr int default_batch_games = 8;

// Presets of the three settings that trade speed for accuracy (docs/commands.md gives their
// measured speed and accuracy); an option given on its own takes precedence.
struct AnnotateLevel {
  const char* name;
  int exact_empties;
  int depth;
  int selectivity;
};
constexpr std::array<AnnotateLevel, 3> annotate_levels = {{
    {"quick", 12, 4, 73},
    {"normal", default_exact_empties, default_estimate_depth, default_selectivity},
    {"deep", 20, 8, 95},
}};

struct AnnotateCommandOptions {
  RulesOptions rules;
  ThreadOptions threads;
  EvalOptions eval;
  int exact_empties = default_exact_empties;
  int depth = default_estimate_depth;
  int selectivity = default_selectivity;
  std::string level = "normal";
  std::string theoretical = "when-exact";
  std::size_t hash_mb = default_annotate_hash_mb;
  std::string format = "auto";
  bool jsonl = false;
  bool json = false;
  bool text = false;
  std::string output_file;
  std::string players;
  std::string tournaments;
  std::string database;  // --db: values of opening positions from its book
  std::vector<std::string> files;
  int batch = default_batch_games;
  UnitOptions cluster;  // --journal, --resume, --emit-jobs, --units, --merge
};

void write_summary(BatchWriter& writer, const Totals& t) {
  if (writer.format() == Output::text) {
    char line[512];
    std::snprintf(line, sizeof line,
                  "summary: %ld games, %ld annotated, %ld invalid, %ld unfinished, %ld moves, "
                  "%ld analysed exactly; WTHOR theoretical scores: %ld checked, %ld differ\n",
                  t.games, t.annotated, t.invalid, t.unfinished, t.moves, t.exact_moves,
                  t.theoretical_checked, t.theoretical_differing);
    writer.summary_text(line);
    return;
  }
  writer.summary_json({{"games", t.games},
                       {"annotated", t.annotated},
                       {"invalid", t.invalid},
                       {"unfinished", t.unfinished},
                       {"moves", t.moves},
                       {"exact_moves", t.exact_moves},
                       {"theoretical_checked", t.theoretical_checked},
                       {"theoretical_differing", t.theoretical_differing},
                       {"unreadable", unreadable_json(t.unreadable)}});
}

// Reads, annotates and writes one input's games.
void annotate_input(Input& in, Run& run, const InterruptGuard& interrupt) {
  ordered_pipeline<Slot>(
      run.threads, tokens_per_thread,
      [&]() -> std::unique_ptr<Slot> {
        if (interrupt.interrupted() || run.cut) return nullptr;
        auto game = in.reader->next();
        if (!game) return nullptr;
        auto slot = std::make_unique<Slot>();
        slot->game = std::move(*game);
        slot->input_offset = in.source->bytes_read();
        return slot;
      },
      [&](Slot& s) { annotate_slot(s, run); },
      [&](Slot& s) {
        write_game(run, s.complete, s.text, game_count(s), place_of(s.game.record.source),
                   s.input_offset);
      });
}

TheoreticalCheck chosen_check(const std::string& name) {
  if (name == "when-exact") return TheoreticalCheck::when_exact;
  if (name == "always") return TheoreticalCheck::always;
  if (name == "never") return TheoreticalCheck::never;
  throw UsageError("--theoretical must be when-exact, always or never, not '" + name + "'");
}

std::uint64_t total_size(const std::vector<std::string>& files) {
  std::uint64_t total = 0;
  for (const auto& f : files) {
    std::error_code ec;
    if (f == "-") return 0;
    const auto size = fs::file_size(f, ec);
    if (!ec) total += size;
  }
  return total;
}

// The level of that name, or nullptr.
const AnnotateLevel* level_named(const std::string& name) {
  for (const AnnotateLevel& l : annotate_levels)
    if (name == l.name) return &l;
  return nullptr;
}

// Sets the level's values of the settings not given on their own.
void apply_level(AnnotateCommandOptions& opt, const po::variables_map& vm) {
  const AnnotateLevel* level = level_named(opt.level);
  if (level == nullptr)
    throw UsageError("--level is quick, normal or deep, not '" + opt.level + "'");
  if (vm["exact-empties"].defaulted()) opt.exact_empties = level->exact_empties;
  if (vm["depth"].defaulted()) opt.depth = level->depth;
  if (vm["selectivity"].defaulted()) opt.selectivity = level->selectivity;
}

void check_ranges(const AnnotateCommandOptions& opt) {
  if (!is_selectivity_level(opt.selectivity))
    throw UsageError("--selectivity must be 73, 87, 95, 98, 99 or 100");
  if (static_cast<int>(opt.json) + static_cast<int>(opt.jsonl) + static_cast<int>(opt.text) > 1)
    throw UsageError("give one of --jsonl, --json and --text");
}

// The levels as --help names them, from the table itself.
std::string level_help() {
  std::string out;
  for (std::size_t i = 0; i < annotate_levels.size(); ++i) {
    const AnnotateLevel& l = annotate_levels[i];
    const bool first = i == 0;  // names the settings; the others give their values in that order
    if (!first) out += i + 1 == annotate_levels.size() ? " or " : ", ";
    out += std::string(l.name) + (first ? " (exact from " : " (") +
           std::to_string(l.exact_empties) + (first ? " empties, depth " : ", ") +
           std::to_string(l.depth) + (first ? ", ProbCut " : ", ") + std::to_string(l.selectivity) +
           "%)";
  }
  return out + "; --exact-empties, --depth and --selectivity given on their own take precedence";
}

// The options, checked; nullopt after --help.
std::optional<AnnotateCommandOptions> parse_annotate(const std::vector<std::string>& args) {
  AnnotateCommandOptions opt;
  po::options_description desc("Options");
  opt.rules.add_to(desc);
  opt.threads.add_to(desc);
  opt.eval.add_to(desc);
  // clang-format off
  desc.add_options()
      ("level", po::value(&opt.level)->default_value("normal"), level_help().c_str())
      ("exact-empties", numeric(&opt.exact_empties, Range<int>{0, max_exact_empties, "empty squares"})
                            ->default_value(default_exact_empties),
       "solve exactly the positions with at most this many empty squares")
      ("depth", numeric(&opt.depth, Range<int>{1, max_estimate_depth, "plies"})
                    ->default_value(default_estimate_depth),
       "plies of the depth-limited search that estimates the other positions")
      ("selectivity", numeric(&opt.selectivity, Range<int>{73, 100, "percent"})
                          ->default_value(default_selectivity),
       "ProbCut confidence in percent for 8x8 estimates: 73, 87, 95, 98, 99 or 100 (full width)")
      ("theoretical", po::value(&opt.theoretical)->default_value("when-exact"),
       "WTHOR theoretical score check: when-exact (when its depth is within --exact-empties), "
       "always (solve that position if need be; slow) or never")
      ("format", po::value(&opt.format)->default_value("auto"),
       "auto, moves, ggf, wthor, obf, board or json")
      ("jsonl", po::bool_switch(&opt.jsonl), "JSON Lines: a game a line, then the summary (default)")
      ("json", po::bool_switch(&opt.json), "one JSON document: games and summary")
      ("text", po::bool_switch(&opt.text), "a readable report")
      ("output,o", po::value(&opt.output_file),
       "write to FILE (through a temporary file renamed at the end)")
      ("players", po::value(&opt.players), "WTHOR player names (default: WTHOR.JOU beside the file)")
      ("tournaments", po::value(&opt.tournaments),
       "WTHOR tournament names (default: WTHOR.TRN beside the file)")
      ("db", po::value(&opt.database),
       "take the values of opening positions from this game database's book (reversi db book) "
       "instead of searching them")
      ("file", po::value(&opt.files)->composing(),
       "input files or directories; - for standard input")
      ("batch", numeric(&opt.batch, Range<int>{1, 1'000'000, "games"})
                    ->default_value(default_batch_games),
       "games per work unit under mpirun or with --journal (docs/cluster.md)");
  opt.cluster.add_to(desc, false);
  // clang-format on
  add_hash_mb_option(desc, &opt.hash_mb, default_annotate_hash_mb,
                     "solver table per thread, in megabytes (an upper bound)");
  po::positional_options_description positional;
  positional.add("file", -1);
  po::variables_map vm;
  if (!parse_options("annotate",
                     "[RULES] [--exact-empties N] [--depth D] [--threads T] [--jsonl | --json | "
                     "--text] [-o FILE] FILE... | -",
                     desc, args, vm, &positional))
    return std::nullopt;
  if (opt.files.empty()) throw UsageError("no input: give files, or - for standard input");
  apply_level(opt, vm);
  check_ranges(opt);
  return opt;
}

// The interrupted run's message: what was done, and what became of the output.
int print_interrupted(const Run& run, OutputFile& out, const std::string& output_file) {
  std::string where = std::to_string(run.totals.games) + " games done";
  if (!run.totals.last_place.empty()) where += " (the last: " + run.totals.last_place + ")";
  if (out.to_file()) {
    out.discard();
    std::cerr << "reversi annotate: interrupted after " << where << "; " << output_file
              << " not written\n";
  } else {
    std::fflush(stdout);
    std::cerr << "reversi annotate: interrupted after " << where
              << "; the output holds those games and no summary\n";
  }
  return exit_interrupted;
}

// The summary, the output moved into place, and the exit status.
int print_finished(const Run& run, OutputFile& out, BatchWriter& writer,
                   const std::string& output_file, AnnotateFigures* figures) {
  const Totals& t = run.totals;
  if (figures != nullptr) *figures = static_cast<const AnnotateFigures&>(t);
  write_summary(writer, t);
  if (!out.commit()) {
    std::cerr << "reversi annotate: cannot write "
              << (output_file.empty() ? "the output" : output_file) << ": " << std::strerror(errno)
              << "\n";
    return exit_usage;
  }
  if (!t.unreadable.empty()) return exit_usage;
  return t.invalid > 0 ? exit_bad_input : exit_ok;
}

// The book of a game database, read whole so that every worker can look positions up; a file
// that is not a database of a version this reads is a usage error naming it (exit 2).
void use_book(Run& run, const std::string& path) {
  try {
    if (!std::filesystem::exists(path)) throw db::DbError("no such file");
    db::Connection conn(path, db::OpenMode::read_only);
    db::check_schema(conn);
    run.book = std::make_shared<const db::BookTable>(conn);
  } catch (const db::DbError& e) {
    throw UsageError("--db: " + path + ": " + e.what());
  }
  run.stored = [book = run.book](const Position& p) -> std::optional<StoredEstimate> {
    const auto entry = book->find(p);
    if (!entry || entry->depth == 0) return std::nullopt;
    StoredEstimate out{entry->depth, {}};
    for (const auto& m : entry->moves) out.moves.emplace_back(m.move, m.value);
    return out;
  };
  run.analysis.stored = &run.stored;
}

void configure(Run& run, const AnnotateCommandOptions& opt) {
  run.output = opt.json ? Output::json : opt.text ? Output::text : Output::jsonl;
  run.threads = opt.threads.resolved();
  check_table_memory(opt.hash_mb, static_cast<std::size_t>(run.threads));
  run.analysis.exact_empties = opt.exact_empties;
  run.analysis.estimate_depth = opt.depth;
  run.analysis.estimate_selectivity = opt.selectivity;
  run.analysis.patterns = opt.eval.load();
  run.openings = shipped_openings();
  run.analysis.openings = &run.openings;
  run.analysis.memo = &run.memo;
  run.analysis.solver_threads = run.threads;
  run.analysis.theoretical = chosen_check(opt.theoretical);
  run.settings = AnnotateSettings{opt.exact_empties, opt.depth, opt.selectivity};
  if (!opt.database.empty()) use_book(run, opt.database);
}

}  // namespace

int run_annotate_with_figures(const std::vector<std::string>& args, const cluster::Context& context,
                              AnnotateFigures* figures) {
  const auto parsed = parse_annotate(args);
  if (!parsed) return exit_ok;
  const AnnotateCommandOptions& opt = *parsed;
  InputOptions inputs;
  inputs.format = chosen_format(opt.format);
  inputs.rules = opt.rules.rules();
  inputs.players_file = opt.players;
  inputs.tournaments_file = opt.tournaments;
  const std::vector<std::string> files = expand_record_inputs(opt.files);

  Run run;
  configure(run, opt);
  run.cluster = context;
  run.total_bytes = total_size(files);

  InterruptGuard interrupt;
  run.analysis.stop = interrupt.flag();
  EnginePool engines(run.threads, opt.hash_mb);
  run.engines = &engines;
  if (!context.place().leader()) {
    cluster::serve(context, [&](const std::string& task) { return annotate_batch(task, run); });
    return exit_ok;
  }
  const auto journal = opt.cluster.journal.open(context.place(), "annotate", args);
  std::optional<BatchJobs> jobs = batch_jobs(opt.cluster, args, journal.get());
  const bool farmed = context.place().distributed() || journal != nullptr;
  // --emit-jobs and --units write no output: the output file is not even created.
  const bool writes = !jobs || jobs->mode == BatchJobs::Mode::merge;
  OutputFile out(writes ? opt.output_file : std::string());
  // Nothing is written without output, not even the opening of a JSON document.
  BatchWriter writer(out.stream(), writes ? run.output : Output::jsonl, true);
  run.writer = &writer;

  for_each_input(
      "annotate", files, inputs, out.stream(), run.totals.unreadable,
      [&] { return interrupt.interrupted() || run.cut; },
      [&](Input& in) {
        if (jobs) {
          annotate_input_jobs(in, run, interrupt, *jobs, opt.batch);
        } else if (farmed) {
          annotate_input_farmed(in, run, interrupt, journal.get(), opt.batch);
        } else {
          annotate_input(in, run, interrupt);
        }
        run.bytes_before += in.source->bytes_read();
      });
  run.progress.clear();

  if (jobs && !writes) return finish_batch_jobs(*jobs, opt.cluster, args, interrupt);
  if (interrupt.interrupted() || run.cut) return print_interrupted(run, out, opt.output_file);
  return print_finished(run, out, writer, opt.output_file, figures);
}

int run_annotate(const std::vector<std::string>& args, const cluster::Context& context) {
  return run_annotate_with_figures(args, context, nullptr);
}

}  // namespace reversi::cli