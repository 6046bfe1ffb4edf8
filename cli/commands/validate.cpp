// reversi validate: replay game records in any format and report the first error of each.
#include "core/records/validate.hpp"

#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>

#include "cli/batch/counts.hpp"
#include "cli/batch/pipeline.hpp"
#include "cli/batch/record_input.hpp"
#include "cli/batch/writer.hpp"
#include "cli/common.hpp"
#include "cli/options/rules.hpp"
#include "cli/options/threads.hpp"
#include "cli/output/render.hpp"
#include "cli/subcommands.hpp"
#include "json/game_record.hpp"

namespace reversi::cli {

namespace {

using records::ParsedGame;
using records::Validation;
using records::Verdict;

using Output = BatchFormat;

struct ValidateOptions {
  RulesOptions rules;
  ThreadOptions threads;
  std::string format = "auto";
  bool require_complete = false;
  bool json = false;
  bool jsonl = false;
  bool quiet = false;
  std::string players;
  std::string tournaments;
  std::vector<std::string> files;
};

// Every record in exactly one of four categories: complete game, unfinished game (GameCounts's
// `unfinished`), valid position (a record holding no game) or invalid.
struct Totals : GameCounts {
  long complete = 0;
  long positions = 0;
  long passes = 0;
  UnreadableList unreadable;
};

// One game on its way through the pipeline.
struct Slot {
  ParsedGame game;
  Validation result;
  std::string text;
};

constexpr std::size_t tokens_per_thread = 8;
constexpr const char* indent = "  ";

std::string place_of(const records::SourceLocation& s) {
  std::string out = s.file + ": game " + std::to_string(s.game);
  const std::string place = records::describe_place(s);
  if (!place.empty()) out += ", " + place;
  return out;
}

std::string indented(const std::string& block) {
  std::string out;
  std::size_t start = 0;
  while (start < block.size()) {
    const std::size_t end = block.find('\n', start);
    out += indent + block.substr(start, end - start) + "\n";
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return out;
}

std::string counted(long n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

// "9 moves", "58 moves and 2 passes": discs placed, the passes apart, whatever the format.
std::string moves_words(const Validation& v) {
  std::string out = counted(v.moves_replayed, "move", "moves");
  if (v.passes > 0) out += " and " + counted(v.passes, "pass", "passes");
  return out;
}

std::string legal_line(const Rules& rules, const Position& p, Bits legal) {
  if (legal != 0) return "legal moves: " + rules.geometry().list(legal);
  if (rules.game_over(p)) return "legal moves: none (the game is over)";
  return "legal moves: none (" + color_name(p.to_move) + " must pass)";
}

// What a finished game's record stated and the replay confirmed.
std::string checked_text(const records::Metadata& m) {
  std::string out;
  if (!m.result.empty()) {
    out += "; RE " + m.result;
    if (m.komi) out += " with komi " + dump_json(*m.komi);
    out += " matches";
  }
  if (m.wthor) out += "; stored score " + std::to_string(m.wthor->black_score) + " matches";
  return out;
}

std::string valid_text(const ParsedGame& g, const Validation& v) {
  const Rules& rules = g.record.rules;
  if (g.record.position_only)
    return "valid position, " + color_name(g.record.start.to_move) + " to move";
  if (v.verdict == Verdict::unfinished)
    return "valid but unfinished after " + moves_words(v) + ", " +
           color_name(v.final_position.to_move) + " to move";
  const Tally t = rules.tally(v.final_position);
  const int m = v.dark_margin.value_or(0);
  return "valid and complete, " + moves_words(v) + ", dark " + std::to_string(t.dark) + " light " +
         std::to_string(t.light) + " (dark " + (m > 0 ? "+" : "") + std::to_string(m) + ", " +
         scoring_name(rules.scoring()) + " scoring)" + checked_text(g.record.meta);
}

// The one-line verdict, and for an invalid game the legal moves and the board where it failed.
std::string game_text(const ParsedGame& g, const Validation& v, bool quiet) {
  if (v.verdict != Verdict::invalid) {
    if (quiet) return {};
    return place_of(g.record.source) + ": " + valid_text(g, v) + "\n";
  }
  const RecordError& e = *v.error;
  std::string out = place_of(g.record.source) + ": invalid: " + describe_error(e) + " [" +
                    error_kind_name(e.kind) + "]\n";
  if (v.before) {
    const Rules& rules = g.record.rules;
    out += indent + legal_line(rules, *v.before, v.legal) + "\n";
    const std::string when =
        e.move_number > 0 ? "before move " + std::to_string(e.move_number) : "at the end";
    out += indent + ("board " + when + ", " + color_name(v.before->to_move) + " to move:\n");
    out += indented(diagram(rules, *v.before));
  }
  return out;
}

std::string format_game(const Slot& s, Output output, bool quiet) {
  switch (output) {
    case Output::text:
      return game_text(s.game, s.result, quiet);
    case Output::json:
    case Output::jsonl:
      return dump_json(game_json(s.game, s.result));
  }
  return {};
}

void count(Totals& totals, const ParsedGame& g, const Validation& v) {
  ++totals.games;
  totals.moves += v.moves_replayed;
  totals.passes += v.passes;
  if (v.verdict == Verdict::invalid) {
    ++totals.invalid;  // --require-complete's unfinished games too: an error is an error
  } else if (v.verdict == Verdict::unfinished) {
    ++totals.unfinished;
  } else if (g.record.position_only) {
    ++totals.positions;
  } else {
    ++totals.complete;
  }
}

// Reads, validates and writes one input's games: reading and writing in input order, the
// validation of different games in parallel, so the output is the same for any thread count.
void validate_input(records::GameReader& reader, int threads,
                    const records::ValidateOptions& checks, Output output, bool quiet,
                    BatchWriter& writer, Totals& totals) {
  ordered_pipeline<Slot>(
      threads, tokens_per_thread,
      [&]() -> std::unique_ptr<Slot> {
        auto game = reader.next();
        if (!game) return nullptr;
        return std::make_unique<Slot>(Slot{std::move(*game), {}, {}});
      },
      [&](Slot& s) {
        s.result = records::validate(s.game, checks);
        s.text = format_game(s, output, quiet);
      },
      [&](Slot& s) {
        count(totals, s.game, s.result);
        if (!s.text.empty()) writer.game(s.text);
      });
}

// "3 games read: 1 complete, 1 unfinished, 1 invalid; 28 moves replayed": the categories add up
// to the records read (positions named only when there are some).
std::string summary_text(const Totals& t, double seconds) {
  std::string out = "summary: " + counted(t.games, t.positions > 0 ? "record" : "game",
                                          t.positions > 0 ? "records" : "games");
  out += " read: " + std::to_string(t.complete) + " complete, " + std::to_string(t.unfinished) +
         " unfinished, ";
  if (t.positions > 0) out += counted(t.positions, "position", "positions") + ", ";
  out += std::to_string(t.invalid) + " invalid; " + counted(t.moves, "move", "moves") + " replayed";
  if (t.passes > 0) out += ", " + counted(t.passes, "pass", "passes");
  char time[32];
  std::snprintf(time, sizeof time, ", %.3f s\n", seconds);
  return out + time;
}

void write_summary(BatchWriter& writer, const Totals& t, double seconds) {
  if (writer.format() == Output::text) {
    writer.summary_text(summary_text(t, seconds));
    return;
  }
  writer.summary_json({{"games", t.games},
                       {"complete", t.complete},
                       {"unfinished", t.unfinished},
                       {"positions", t.positions},
                       {"invalid", t.invalid},
                       {"moves_replayed", t.moves},
                       {"passes", t.passes},
                       {"elapsed_seconds", seconds},
                       {"unreadable", unreadable_json(t.unreadable)}});
}

// Reads the options into `opt`; false after --help.
bool parse_validate(const std::vector<std::string>& args, ValidateOptions& opt) {
  po::options_description desc("Options");
  opt.rules.add_to(desc);
  opt.threads.add_to(desc);
  desc.add_options()("format", po::value(&opt.format)->default_value("auto"),
                     "auto, moves, ggf, wthor, obf, board or json (auto: from the extension, "
                     "then the content)")(
      "require-complete", po::bool_switch(&opt.require_complete),
      "a record that stops before the game is over is an error")(
      "json", po::bool_switch(&opt.json), "print one JSON document: games and summary")(
      "jsonl", po::bool_switch(&opt.jsonl), "print JSON Lines: a game a line, then the summary")(
      "quiet,q", po::bool_switch(&opt.quiet), "text: print only invalid games and the summary")(
      "players", po::value(&opt.players),
      "WTHOR player names (default: WTHOR.JOU beside the file)")(
      "tournaments", po::value(&opt.tournaments),
      "WTHOR tournament names (default: WTHOR.TRN beside the file)")(
      "file", po::value(&opt.files)->composing(), "input files and folders; - for standard input");
  po::positional_options_description positional;
  positional.add("file", -1);
  po::variables_map vm;
  if (!parse_options("validate",
                     "[RULES] [--format F] [--require-complete] [--json | --jsonl] FILE... | -",
                     desc, args, vm, &positional))
    return false;
  if (opt.files.empty()) throw UsageError("no input: give files, or - for standard input");
  if (opt.json && opt.jsonl) throw UsageError("give --json or --jsonl, not both");
  return true;
}

// Validates every input, writing each game as it goes and the summary at the end; the totals.
Totals validate_all(const ValidateOptions& opt) {
  const Output output = opt.json ? Output::json : opt.jsonl ? Output::jsonl : Output::text;
  InputOptions inputs;
  inputs.format = chosen_format(opt.format);
  inputs.rules = opt.rules.rules();
  inputs.players_file = opt.players;
  inputs.tournaments_file = opt.tournaments;
  const int threads = opt.threads.resolved();
  const records::ValidateOptions checks{opt.require_complete};

  const auto started = std::chrono::steady_clock::now();
  Totals totals;
  BatchWriter writer(stdout, output, false);
  for_each_input("validate", opt.files, inputs, stdout, totals.unreadable, nullptr, [&](Input& in) {
    validate_input(*in.reader, threads, checks, output, opt.quiet, writer, totals);
  });
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  write_summary(writer, totals, seconds);
  std::fflush(stdout);
  return totals;
}

int exit_status(const Totals& totals) {
  if (!totals.unreadable.empty()) return exit_usage;
  return totals.invalid > 0 ? exit_bad_input : exit_ok;
}

}  // namespace

int run_validate(const std::vector<std::string>& args, const cluster::Context& /*context*/) {
  ValidateOptions opt;
  if (!parse_validate(args, opt)) return exit_ok;
  return exit_status(validate_all(opt));
}

}  // namespace reversi::cli
