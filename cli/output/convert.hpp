// One game into a target format for `reversi convert` and `bench convert`: the record checked by
// the replay, then written by core/records/write.hpp (or json/ for JSON).
#pragma once

#include <string>

#include "core/records/record.hpp"
#include "core/records/validate.hpp"
#include "core/records/write.hpp"

namespace reversi::cli {

struct ConvertStyle {
  records::Format target = records::Format::ggf;
  records::MoveListStyle moves;
  bool positions = false;  // obf, board: a line per move instead of one per record
};

// A game's validation and, for every target but WTHOR (whose name tables are shared and written
// in input order by write_wthor_game), its text. Safe to call from several threads.
struct ConvertedGame {
  records::Validation validation;
  Replay replay;
  records::WriteResult written;
};
ConvertedGame convert_game(const records::ParsedGame& game, const ConvertStyle& style);

// The one-line reason a game was not converted ("invalid: ..." or the target's refusal).
std::string refusal_text(const ConvertedGame& converted, records::Format target);

}  // namespace reversi::cli
