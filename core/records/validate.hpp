// Validation: replay a record and check what it states against the replay. Pure: no I/O.
#pragma once

#include "core/game.hpp"
#include "core/records/record.hpp"

namespace reversi::records {

enum class Verdict { valid, unfinished, invalid };
std::string verdict_name(Verdict v);  // "valid", "unfinished", "invalid"

struct ValidateOptions {
  // An unfinished game (the record stops before the game is over) is an error.
  bool require_complete = false;
};

struct Validation {
  Verdict verdict = Verdict::valid;
  std::optional<RecordError> error;  // the first problem, when invalid
  // Where the problem shows on the board: the position before the failing move (or the final
  // one for result problems) and its legal moves. Empty for problems outside the moves.
  std::optional<Position> before;
  Bits legal = 0;
  // Moves that placed a disc before any error: the same for a game in every format, whether its
  // record writes the passes or not.
  int moves_replayed = 0;
  int passes = 0;           // passes replayed, written or inferred
  int inferred_passes = 0;  // of those, the forced passes the record did not write
  Position final_position;
  bool finished = false;  // the game is over at the end of the replay
  // Dark's final margin under the record's rules (scoring and anti), when finished.
  std::optional<int> dark_margin;
  bool unfinished() const { return !finished; }
};

Validation validate(const ParsedGame& game, const ValidateOptions& options = {});
// The same, keeping the replay (empty when the record cannot be replayed at all), so a writer
// need not replay the game again.
Validation validate(const ParsedGame& game, const ValidateOptions& options, Replay& replayed);

// Black's discs as WTHOR stores them: the empties go to the winner, split on a draw.
int wthor_black_score(const Tally& t);

}  // namespace reversi::records
