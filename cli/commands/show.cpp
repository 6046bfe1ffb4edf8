// reversi show: a position as a diagram or JSON.
#include <iostream>

#include "cli/batch/output_file.hpp"
#include "cli/common.hpp"
#include "cli/options/position.hpp"
#include "cli/options/rules.hpp"
#include "cli/output/render.hpp"
#include "cli/output/svg.hpp"
#include "cli/subcommands.hpp"
#include "core/game.hpp"
#include "core/notation.hpp"

namespace reversi::cli {

struct ShowOptions {
  RulesOptions rules;
  PositionOptions position;
  bool json = false;
  bool svg = false;
  bool numbers = false;
  std::string output;
};

namespace {

// Reads the options into `opt` and `vm`; false after --help.
bool parse_show(const std::vector<std::string>& args, ShowOptions& opt, po::variables_map& vm) {
  po::options_description desc("Options");
  opt.rules.add_to(desc);
  opt.position.add_to(desc, "play this move list from the start, e.g. f5d6c3");
  // clang-format off
  desc.add_options()
      ("json", po::bool_switch(&opt.json), "print JSON")
      ("svg", po::bool_switch(&opt.svg), "print an SVG diagram")
      ("numbers", po::bool_switch(&opt.numbers), "SVG: the 1..N*N square numbers (a1 = 1)")
      ("output,o", po::value(&opt.output), "write the SVG diagram to FILE");
  // clang-format on
  if (!parse_options(
          "show", "[RULES] [--moves LIST | --board STRING] [--json | --svg [--numbers] [-o FILE]]",
          desc, args, vm))
    return false;
  if (PositionOptions::count(vm) > 1) throw UsageError("give --moves or --board, not both");
  if (vm.count("output")) opt.svg = true;
  if (opt.json && opt.svg) throw UsageError("give --json or --svg, not both");
  return true;
}

// The diagram, disc counts and what comes next.
void print_position(const Rules& rules, const Position& shown) {
  const Tally t = rules.tally(shown);
  std::cout << diagram(rules, shown);
  std::cout << "dark ● " << t.dark << "  light ○ " << t.light << "  empty " << t.empty << "\n";
  if (rules.game_over(shown)) {
    const int v = rules.value(t, Color::dark);
    std::cout << "game over: "
              << (v > 0   ? "dark wins"
                  : v < 0 ? "light wins"
                          : "draw")
              << " (" << scoring_name(rules.scoring()) << " scoring: dark " << (v > 0 ? "+" : "")
              << v << ")\n";
    return;
  }
  const Bits legal = rules.legal_moves(shown);
  std::cout << color_name(shown.to_move) << " to move";
  if (legal == 0) {
    std::cout << ": no legal move, must pass\n";
  } else {
    std::cout << "; legal moves (*): " << rules.geometry().list(legal) << "\n";
  }
}

// The diagram as a standalone SVG, on stdout or through a temporary file into -o.
void write_svg(const ShowOptions& opt, const Rules& rules, const PositionChoice& chosen) {
  const std::string svg =
      svg_document(rules, {SvgBoard{chosen.position, true, opt.numbers, chosen.last_move, {}, {}}},
                   std::to_string(rules.size()) + "x" + std::to_string(rules.size()) + " position");
  if (opt.output.empty()) {
    std::cout << svg;
  } else {
    write_file_atomically(opt.output, svg);
  }
}

}  // namespace

int run_show(const std::vector<std::string>& args, const cluster::Context& /*context*/) {
  ShowOptions opt;
  po::variables_map vm;
  if (!parse_show(args, opt, vm)) return exit_ok;
  const Rules rules = opt.rules.rules();

  const PositionChoice chosen = opt.position.position(rules, vm);
  const Position& shown = chosen.position;
  const std::optional<RecordError>& error = chosen.error;
  const std::optional<ReplayError>& replay_error = chosen.replay_error;
  const int moves_played = chosen.moves_played;

  if (opt.svg && !error) {
    write_svg(opt, rules, chosen);
  } else if (opt.json) {
    nlohmann::json j = position_json(rules, shown);
    j["rules"] = rules_json(rules);
    j["moves_played"] = moves_played;
    if (error) j["error"] = error_json(*error);
    std::cout << j.dump(2) << "\n";
  } else if (error) {
    std::cerr << "reversi show: " << describe_error(*error) << "\n";
    if (replay_error)
      std::cerr << "legal moves: " << rules.geometry().list(replay_error->legal) << "\n";
  } else {
    print_position(rules, shown);
  }
  return error ? exit_bad_input : exit_ok;
}

}  // namespace reversi::cli
