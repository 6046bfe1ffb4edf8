// reversi puzzle check: re-proves every puzzle of an OBF file (every listed score exact, the best
// move unique by the margin; a tactic's goal forced by its answer alone, as its comment states),
// naming each line that does not hold.
#include <iostream>
#include <sstream>

#include "analysis/puzzle/tactic.hpp"
#include "analysis/puzzle/unique.hpp"
#include "cli/batch/record_input.hpp"
#include "cli/commands/puzzle_generate.hpp"
#include "cli/common.hpp"
#include "cli/options/numeric.hpp"
#include "cli/output/puzzles.hpp"
#include "cli/signals.hpp"
#include "core/records/position.hpp"
#include "core/records/record.hpp"

namespace reversi::cli {

namespace {

struct CheckOptions {
  std::string file;
  int margin = 4;
  std::size_t hash_mb = 64;
};

bool parse_check(const std::vector<std::string>& args, CheckOptions& opt) {
  po::options_description desc("Options");
  desc.add_options()("file", po::value(&opt.file), "an OBF file of puzzles, or -")(
      "margin", numeric(&opt.margin, Range<int>{1, 64, "discs"})->default_value(4),
      "the best move must be this many discs ahead of the next");
  add_hash_mb_option(desc, &opt.hash_mb, 64, "megabytes for the solver table");
  po::positional_options_description positional;
  positional.add("file", 1);
  po::variables_map vm;
  if (!parse_options("puzzle check", "FILE [--margin D]", desc, args, vm, &positional))
    return false;
  if (opt.file.empty()) throw UsageError("name the puzzle file (or -)");
  return true;
}

// The listed scores as move values; an empty string, or why they cannot be read.
std::string listed_values(const records::GameRecord& record, std::vector<MoveValue>& out) {
  const Geometry& g = record.rules.geometry();
  for (const auto& s : record.meta.move_scores) {
    const auto sq = g.parse(s.move);
    if (!sq) return "'" + s.move + "' is not a move";
    out.push_back({*sq, s.score, s.score, s.score});
  }
  return out.empty() ? "no moves listed" : "";
}

}  // namespace

int run_puzzle_check(const std::vector<std::string>& args) {
  CheckOptions opt;
  if (!parse_check(args, opt)) return exit_ok;
  check_table_memory(opt.hash_mb, 1);
  std::istringstream in(read_whole_input(opt.file));
  const InterruptGuard interrupt;
  Solver solver(opt.hash_mb);
  const Rules rules;
  int line_number = 0;
  int checked = 0;
  int wrong = 0;
  // The statement of the tactic whose comment came last, for the OBF line that follows it.
  std::optional<TacticStatement> tactic;
  for (std::string line; std::getline(in, line) && !interrupt.interrupted();) {
    ++line_number;
    const auto game =
        records::parse_obf_line(line, rules, {opt.file, records::Format::obf, 0, line_number, 0});
    if (!game) {
      tactic = parse_tactic_comment(rules.geometry(), line);
      continue;
    }
    std::string problem;
    std::vector<MoveValue> given;
    if (game->error) {
      problem = game->error->reason;
    } else if (tactic && !tactic->unreadable.empty()) {
      problem = tactic->unreadable;
    } else if (tactic) {
      problem = check_tactic(rules, game->record.start, tactic->kind, tactic->moves, tactic->answer,
                             interrupt.flag());
    } else if (problem = listed_values(game->record, given); problem.empty()) {
      problem =
          check_unique(solver, rules, game->record.start, given, opt.margin, interrupt.flag());
    }
    tactic.reset();
    if (interrupt.interrupted()) break;
    ++checked;
    if (!problem.empty()) {
      ++wrong;
      std::cerr << "reversi puzzle check: " << opt.file << " line " << line_number << ": "
                << problem << "\n";
    }
  }
  if (interrupt.interrupted()) return exit_interrupted;
  std::cout << "puzzle check: " << opt.file << ": " << checked << " puzzles, " << checked - wrong
            << " proven, " << wrong << " wrong\n";
  return wrong == 0 ? exit_ok : exit_bad_input;
}

}  // namespace reversi::cli
