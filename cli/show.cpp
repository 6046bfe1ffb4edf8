// reversi show: a position as a diagram or JSON.
#include <iostream>

#include "cli/common.hpp"
#include "cli/output/svg.hpp"
#include "cli/output/write_file.hpp"
#include "cli/render.hpp"
#include "core/game.hpp"
#include "core/notation.hpp"

namespace reversi::cli {

struct ShowOptions {
  RulesOptions rules;
  std::string moves;
  std::string board;
  bool json = false;
  bool svg = false;
  bool numbers = false;
  std::string output;
};

int run_show(const std::vector<std::string>& args) {
  ShowOptions opt;
  po::options_description desc("Options");
  opt.rules.add_to(desc);
  // clang-format off
  desc.add_options()
      ("moves", po::value(&opt.moves), "play this move list from the start, e.g. f5d6c3")
      ("board", po::value(&opt.board),
       "a board string: cells (X/* dark, O light, -/. empty) then the side to move")
      ("json", po::bool_switch(&opt.json), "print JSON")
      ("svg", po::bool_switch(&opt.svg), "print an SVG diagram")
      ("numbers", po::bool_switch(&opt.numbers), "SVG: the 1..N*N square numbers (a1 = 1)")
      ("output,o", po::value(&opt.output), "write the SVG diagram to FILE");
  // clang-format on
  po::variables_map vm;
  if (!parse_options(
          "show", "[RULES] [--moves LIST | --board STRING] [--json | --svg [--numbers] [-o FILE]]",
          desc, args, vm))
    return exit_ok;
  if (vm.count("moves") && vm.count("board")) throw UsageError("give --moves or --board, not both");
  if (vm.count("output")) opt.svg = true;
  if (opt.json && opt.svg) throw UsageError("give --json or --svg, not both");
  const Rules rules = opt.rules.rules();

  Position start = rules.initial();
  std::optional<RecordError> error;
  std::optional<ReplayError> replay_error;
  Position shown = start;
  int moves_played = 0;
  Square last_move = no_square;
  if (vm.count("board")) {
    auto parsed = parse_board(opt.board, rules);
    if (parsed.error) error = parsed.error;
    shown = parsed.position;
  } else if (vm.count("moves")) {
    auto parsed = parse_move_list(opt.moves, rules.geometry());
    if (parsed.error) {
      error = parsed.error;
      // Show the position reached before the bad token.
      parsed.moves.clear();
    }
    const Replay r = replay(rules, start, parsed.moves);
    if (!error && r.error) {
      error = r.error->error;
      replay_error = r.error;
    }
    shown = r.error ? r.error->before : r.final_position;
    moves_played = static_cast<int>(r.moves.size());
    for (const PlayedMove& m : r.moves)
      if (!m.is_pass()) last_move = m.square;
  }
  if (!error && !rules.is_valid(shown))
    error = RecordError{ErrorKind::bad_board, "not a valid position", 0, {}};

  if (opt.svg && !error) {
    const std::string svg = svg_document(
        rules, {SvgBoard{shown, true, opt.numbers, last_move, {}, {}}},
        std::to_string(rules.size()) + "x" + std::to_string(rules.size()) + " position");
    if (opt.output.empty()) {
      std::cout << svg;
    } else {
      write_file_atomically(opt.output, svg);
    }
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
    } else {
      const Bits legal = rules.legal_moves(shown);
      std::cout << color_name(shown.to_move) << " to move";
      if (legal == 0) {
        std::cout << ": no legal move, must pass\n";
      } else {
        std::cout << "; legal moves (*): " << rules.geometry().list(legal) << "\n";
      }
    }
  }
  return error ? exit_bad_input : exit_ok;
}

}  // namespace reversi::cli
