#include "cli/options/position.hpp"

#include "core/notation.hpp"

namespace reversi::cli {

void PositionOptions::add_to(po::options_description& desc, const char* moves_help,
                             bool with_board) {
  desc.add_options()("moves", po::value(&moves), moves_help);
  if (with_board)
    desc.add_options()(
        "board", po::value(&board),
        "a board string: cells (X/* dark, O light, -/. empty) then the side to move");
}

int PositionOptions::count(const po::variables_map& vm) {
  return static_cast<int>(vm.count("moves") + vm.count("board"));
}

PositionChoice PositionOptions::position(const Rules& rules, const po::variables_map& vm) const {
  PositionChoice out;
  out.position = rules.initial();
  if (vm.count("board")) {
    const BoardParse parsed = parse_board(board, rules);
    if (parsed.error) out.error = parsed.error;
    out.position = parsed.position;
  } else if (vm.count("moves")) {
    MoveListParse parsed = parse_move_list(moves, rules.geometry());
    if (parsed.error) {
      out.error = parsed.error;
      parsed.moves.clear();  // the position shown is the one before the bad token
    }
    const Replay r = replay(rules, out.position, parsed.moves);
    if (!out.error && r.error) {
      out.error = r.error->error;
      out.replay_error = r.error;
    }
    out.position = r.error ? r.error->before : r.final_position;
    out.moves_played = static_cast<int>(r.moves.size());
    for (const PlayedMove& m : r.moves)
      if (!m.is_pass()) out.last_move = m.square;
  }
  if (!out.error && !rules.is_valid(out.position))
    out.error = RecordError{ErrorKind::bad_board, "not a valid position", 0, {}};
  return out;
}

}  // namespace reversi::cli
