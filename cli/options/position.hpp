// --moves / --board: a position from a move list played from the start, or a board string.
#pragma once

#include <optional>
#include <string>

#include "cli/common.hpp"
#include "core/game.hpp"

namespace reversi::cli {

// The position the options name, or the first error with the position reached before it.
struct PositionChoice {
  Position position;                        // the start when neither option is given
  std::optional<RecordError> error;         // a bad move list, board or replay, or an invalid board
  std::optional<ReplayError> replay_error;  // when a move of the list could not be played
  int moves_played = 0;
  Square last_move = no_square;  // the last disc the move list placed
};

struct PositionOptions {
  std::string moves;
  std::string board;

  // `moves_help` says what the move list is for; `with_board` adds --board.
  void add_to(po::options_description& desc, const char* moves_help, bool with_board = true);
  // How many of --moves and --board were given.
  static int count(const po::variables_map& vm);
  PositionChoice position(const Rules& rules, const po::variables_map& vm) const;
};

}  // namespace reversi::cli
