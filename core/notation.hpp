// Move lists and board strings as players write them.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/rules.hpp"

namespace reversi {

// Why a record cannot be read or replayed; shared by every parser and the replay.
enum class ErrorKind {
  unknown_token,
  off_board,
  occupied,
  flips_nothing,
  missing_pass,     // the side to move had no move but the record does not pass
  pass_with_moves,  // the record passes while the side has a legal move
  wrong_side,       // a record with colours names the side that is not to move
  after_game_end,
  wrong_size,
  bad_board,
  result_mismatch,
  truncated,
  bad_format,
  unfinished,  // the record stops before the game is over, where a complete game is required
};
std::string error_kind_name(ErrorKind k);  // "illegal-move"-style stable identifiers

struct RecordError {
  ErrorKind kind;
  std::string reason;   // one readable sentence, without the location
  int move_number = 0;  // 1-based position in the record; 0 when not about a move
  std::string written;  // the move as written, when about a move
};

// A move as written in a record: a square, or an explicit pass.
struct WrittenMove {
  std::string text;
  Square square = no_square;  // no_square for a pass
  std::optional<Color> side;  // records such as GGF name the mover
  bool is_pass() const { return square == no_square; }
};

// "f5d6c3", "F5 d6 C3", "f5-d6-c3", with optional "pass"/"pa"/"ps"/"@@"; on 8x8 also the
// square numbers 1..64 separated by spaces or commas. Returns the first error instead.
struct MoveListParse {
  std::vector<WrittenMove> moves;
  std::optional<RecordError> error;
};
MoveListParse parse_move_list(std::string_view text, const Geometry& g);

// Board strings: N*N cells (X or * dark, O light, - or . empty) row by row from a1, then the
// side to move (X/* or O), whitespace ignored. Size is taken from `rules`.
struct BoardParse {
  Position position;
  std::optional<RecordError> error;
};
BoardParse parse_board(std::string_view text, const Rules& rules);
std::string board_string(const Position& p, const Rules& rules);

// Compact move list, e.g. "f5d6c3"; passes written as "pa" when `with_passes`.
std::string move_list_string(const std::vector<Square>& moves, const Geometry& g);

}  // namespace reversi
