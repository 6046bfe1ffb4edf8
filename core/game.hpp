// Replaying a record move by move, inferring forced passes.
#pragma once

#include <optional>
#include <vector>

#include "core/notation.hpp"
#include "core/rules.hpp"

namespace reversi {

struct PlayedMove {
  Square square = no_square;  // no_square for a pass
  Color side = Color::dark;
  Bits flipped = 0;
  bool inferred = false;  // a forced pass the record did not write
  int written_index = 0;  // 1-based index in the record; 0 for inferred passes
  bool is_pass() const { return square == no_square; }
};

struct ReplayError {
  RecordError error;
  Position before;  // the position the failing move was tried on
  Bits legal = 0;   // the legal moves there
};

struct Replay {
  Position start;
  std::vector<PlayedMove> moves;  // explicit and inferred passes included
  Position final_position;
  bool finished = false;  // the game is over at the end of the record
  std::optional<ReplayError> error;
  bool ok() const { return !error.has_value(); }
  // Positions before each move, then the final one (size moves.size() + 1).
  std::vector<Position> positions(const Rules& rules) const;
};

struct ReplayOptions {
  // Insert a pass when the side to move has no move but the other side has.
  bool infer_passes = true;
};

Replay replay(const Rules& rules, const Position& start, const std::vector<WrittenMove>& moves,
              ReplayOptions options = {});

}  // namespace reversi
