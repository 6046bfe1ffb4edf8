// reversi convert: game records from any format the toolkit reads into a move list, GGF, WTHOR,
// OBF, board strings or JSON. A game the target cannot hold is refused with a one-line error
// naming it; the games that did convert are written all the same (through a temporary file
// renamed at the end, so the output is never half-written).
#include "cli/output/convert.hpp"

#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <iostream>
#include <memory>

#include "cli/batch/output_file.hpp"
#include "cli/batch/pipeline.hpp"
#include "cli/batch/record_input.hpp"
#include "cli/common.hpp"
#include "cli/options/rules.hpp"
#include "cli/options/threads.hpp"
#include "cli/output/solve.hpp"
#include "cli/signals.hpp"
#include "cli/subcommands.hpp"
#include "core/records/write.hpp"

namespace reversi::cli {

namespace {

namespace fs = std::filesystem;
using records::Format;
using records::ParsedGame;

constexpr std::size_t tokens_per_thread = 8;
constexpr const char* players_file_name = "WTHOR.JOU";
constexpr const char* tournaments_file_name = "WTHOR.TRN";
constexpr int years_per_century = 100;

struct ConvertOptions {
  RulesOptions rules;
  ThreadOptions threads;
  std::string to;
  std::string output;  // empty: standard output
  std::string format = "auto";
  std::string separator;
  bool upper = false;
  bool passes = false;
  bool archive = false;
  bool positions = false;
  std::string players;
  std::string tournaments;
  std::vector<std::string> files;
};

struct Totals {
  long games = 0;
  long written = 0;
  long refused = 0;
  UnreadableList unreadable;
  bool interrupted = false;
};

struct Slot {
  ParsedGame game;
  ConvertedGame converted;
};

std::string place_of(const records::SourceLocation& s) {
  std::string out = s.file + ": game " + std::to_string(s.game);
  const std::string place = records::describe_place(s);
  if (!place.empty()) out += ", " + place;
  return out;
}

Format target_format(const std::string& name) {
  const auto f = records::parse_format_name(name);
  if (!f)
    throw UsageError("unknown target format '" + name +
                     "' (moves, ggf, wthor, obf, board or json)");
  return *f;
}

// Today's date as WTHOR headers store it.
records::WthorHeader today() {
  const std::time_t now = std::time(nullptr);
  std::tm parts{};
  gmtime_r(&now, &parts);
  records::WthorHeader h;
  const int year = parts.tm_year + 1900;
  h.century = year / years_per_century;
  h.year = year % years_per_century;
  h.month = parts.tm_mon + 1;
  h.day = parts.tm_mday;
  return h;
}

// The WTHOR output: the game records in input order, the header once their number is known, and
// the name files beside the output when the games need names they do not hold.
class WthorOutput {
 public:
  WthorOutput(const std::string& output, const ConvertOptions& opt)
      : players_(load(output, players_file_name, opt.players, records::wthor_player_bytes),
                 records::wthor_player_bytes),
        tournaments_(
            load(output, tournaments_file_name, opt.tournaments, records::wthor_tournament_bytes),
            records::wthor_tournament_bytes),
        output_(output) {}

  records::WriteResult game(const ParsedGame& g, const Replay& replay) {
    auto written =
        records::write_wthor_game(g.record, replay, records::WthorIds{&players_, &tournaments_});
    if (!written.ok()) return written;
    if (games_ == 0) {
      year_ = records::record_year(g.record).value_or(0);
      if (g.record.meta.wthor) depth_ = g.record.meta.wthor->depth;
    }
    ++games_;
    bytes_ += written.text;
    return written;
  }

  void finish(std::FILE* out) {
    records::WthorHeader h = today();
    h.games = games_;
    h.game_year = static_cast<std::uint16_t>(year_);
    h.depth = depth_;
    const std::string header = records::encode_wthor_header(h);
    std::fwrite(header.data(), 1, header.size(), out);
    std::fwrite(bytes_.data(), 1, bytes_.size(), out);
  }

  // Writes WTHOR.JOU / WTHOR.TRN beside the output when names were added; a warning when the
  // output is standard output and names would be lost.
  void write_names(const std::string& command) const {
    if (!players_.changed() && !tournaments_.changed()) return;
    if (output_.empty()) {
      std::cerr << "reversi " << command
                << ": new player or tournament names are not written without -o FILE\n";
      return;
    }
    const records::WthorHeader date = today();
    if (players_.changed())
      write_file_atomically(
          beside(output_, players_file_name),
          records::wthor_names_file(players_.names(), records::wthor_player_bytes, date));
    if (tournaments_.changed())
      write_file_atomically(
          beside(output_, tournaments_file_name),
          records::wthor_names_file(tournaments_.names(), records::wthor_tournament_bytes, date));
  }

 private:
  static std::string beside(const std::string& path, const char* name) {
    return (fs::path(path).parent_path() / name).string();
  }

  // The names already beside the output (the file a reader will use), else those given.
  static std::vector<std::string> load(const std::string& output, const char* name,
                                       const std::string& given, std::size_t record_bytes) {
    std::string path = output.empty() ? std::string() : beside(output, name);
    if (path.empty() || !fs::exists(path)) path = given;
    if (path.empty()) return {};
    auto parsed = records::parse_wthor_names(read_small_file(path), record_bytes);
    if (parsed.error) throw UnreadableInput(path + ": " + *parsed.error);
    return std::move(parsed.names);
  }

  records::WthorNameTable players_;
  records::WthorNameTable tournaments_;
  std::string output_;
  std::uint32_t games_ = 0;
  int year_ = 0;
  int depth_ = 0;
  std::string bytes_;
};

// Writes the converted games in input order: a line each (several for --positions), GGF
// archive lines grouping the games of one input line, or WTHOR records.
class ConvertWriter {
 public:
  ConvertWriter(std::FILE* out, Format target, bool archive, WthorOutput* wthor)
      : out_(out), target_(target), archive_(archive), wthor_(wthor) {}

  // The game's text, or the reason it was refused.
  records::WriteResult take(const Slot& s) {
    if (!s.converted.written.ok() || target_ != Format::wthor) return s.converted.written;
    return wthor_->game(s.game, s.converted.replay);
  }

  void write(const Slot& s, const std::string& text) {
    if (target_ == Format::wthor) return;
    if (!archive_) {
      line(text);
      return;
    }
    // A record re-read from JSON groups by where it first came from.
    const auto& r = s.game.record;
    const auto& where = r.origin.file.empty() ? r.source : r.origin;
    const bool same_line = where.format == Format::ggf && where.line > 0 &&
                           where.file == group_file_ && where.line == group_line_;
    if (!same_line) flush();
    group_file_ = where.file;
    group_line_ = where.format == Format::ggf ? where.line : 0;
    group_.push_back(text);
  }

  void finish() {
    flush();
    if (target_ == Format::wthor) wthor_->finish(out_);
  }

 private:
  void line(const std::string& text) {
    std::fwrite(text.data(), 1, text.size(), out_);
    std::fputc('\n', out_);
  }
  void flush() {
    if (!group_.empty()) line(records::ggf_archive_line(group_));
    group_.clear();
    group_line_ = 0;
  }

  std::FILE* out_;
  Format target_;
  bool archive_;
  WthorOutput* wthor_;
  std::vector<std::string> group_;
  std::string group_file_;
  int group_line_ = 0;
};

bool parse_convert(const std::vector<std::string>& args, ConvertOptions& opt) {
  po::options_description desc("Options");
  opt.rules.add_to(desc);
  opt.threads.add_to(desc);
  desc.add_options()("to", po::value(&opt.to),
                     "target: moves, ggf, wthor (.wtb, 8x8), obf, board or json")(
      "output,o", po::value(&opt.output), "output file (default: standard output)")(
      "format", po::value(&opt.format)->default_value("auto"),
      "input format: auto, moves, ggf, wthor, obf, board or json")(
      "separator", po::value(&opt.separator), "moves: text between moves (default none: f5d6c3)")(
      "upper", po::bool_switch(&opt.upper), "moves: upper-case squares (F5D6C3)")(
      "passes", po::bool_switch(&opt.passes), "moves: write forced passes as pa")(
      "archive", po::bool_switch(&opt.archive),
      "ggf: archive lines with a leading count (the games of one input line together)")(
      "positions", po::bool_switch(&opt.positions),
      "obf, board: a line for the position before each move instead of the last position")(
      "players", po::value(&opt.players),
      "WTHOR player names (reading: default WTHOR.JOU beside the file; writing: the names to "
      "start from when none are beside the output)")("tournaments", po::value(&opt.tournaments),
                                                     "WTHOR tournament names, as --players")(
      "file", po::value(&opt.files)->composing(), "input files and folders; - for standard input");
  po::positional_options_description positional;
  positional.add("file", -1);
  po::variables_map vm;
  if (!parse_options("convert", "--to FORMAT [-o FILE] [OPTIONS] INPUT... | -", desc, args, vm,
                     &positional))
    return false;
  if (opt.to.empty()) throw UsageError("no target: give --to moves|ggf|wthor|obf|board|json");
  if (opt.files.empty()) throw UsageError("no input: give files, or - for standard input");
  return true;
}

Totals convert_all(const ConvertOptions& opt) {
  ConvertStyle style;
  style.target = target_format(opt.to);
  style.moves = records::MoveListStyle{opt.separator, opt.upper, opt.passes};
  style.positions = opt.positions;
  InputOptions inputs;
  inputs.format = chosen_format(opt.format);
  inputs.rules = opt.rules.rules();
  inputs.players_file = opt.players;
  inputs.tournaments_file = opt.tournaments;
  const int threads = opt.threads.resolved();

  const InterruptGuard interrupt;
  OutputFile out(opt.output);  // fails now, before any work, when the folder does not exist
  std::unique_ptr<WthorOutput> wthor;
  if (style.target == Format::wthor) wthor = std::make_unique<WthorOutput>(opt.output, opt);
  ConvertWriter writer(out.stream(), style.target, opt.archive, wthor.get());
  Totals totals;
  const auto stop = [&] { return interrupt.interrupted(); };
  for_each_input("convert", opt.files, inputs, out.stream(), totals.unreadable, stop,
                 [&](Input& in) {
                   ordered_pipeline<Slot>(
                       threads, tokens_per_thread,
                       [&]() -> std::unique_ptr<Slot> {
                         if (stop()) return nullptr;
                         auto game = in.reader->next();
                         if (!game) return nullptr;
                         return std::make_unique<Slot>(Slot{std::move(*game), {}});
                       },
                       [&](Slot& s) { s.converted = convert_game(s.game, style); },
                       [&](Slot& s) {
                         ++totals.games;
                         const auto result = writer.take(s);
                         if (result.ok()) {
                           ++totals.written;
                           writer.write(s, result.text);
                           return;
                         }
                         ++totals.refused;
                         std::fflush(out.stream());
                         ConvertedGame shown{s.converted.validation, {}, result};
                         std::cerr << "reversi convert: " << place_of(s.game.record.source) << ": "
                                   << refusal_text(shown, style.target) << "\n";
                       });
                 });
  if (stop()) {
    // Nothing half-written: a file output is dropped; standard output has the games so far.
    out.discard();
    std::cerr << "reversi convert: interrupted after " << totals.games << " games"
              << (opt.output.empty() ? "" : "; " + opt.output + " not written") << "\n";
    totals.interrupted = true;
    return totals;
  }
  if (totals.games == 0 && !totals.unreadable.empty()) {
    out.discard();  // nothing could be read: no empty file to mistake for a conversion
    return totals;
  }
  writer.finish();
  if (!out.commit()) throw std::runtime_error("cannot write " + opt.output);
  if (wthor) wthor->write_names("convert");
  return totals;
}

int exit_status(const Totals& totals) {
  if (totals.interrupted) return exit_interrupted;
  if (!totals.unreadable.empty()) return exit_usage;
  return totals.refused > 0 ? exit_bad_input : exit_ok;
}

}  // namespace

int run_convert(const std::vector<std::string>& args, const cluster::Context& /*context*/) {
  ConvertOptions opt;
  if (!parse_convert(args, opt)) return exit_ok;
  return exit_status(convert_all(opt));
}

}  // namespace reversi::cli
