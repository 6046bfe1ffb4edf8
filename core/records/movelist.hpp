// Move lists: one game per line, as players and opening books write them.
#pragma once

#include <string_view>

#include "core/records/record.hpp"
#include "core/records/source.hpp"

namespace reversi::records {

// One line: "f5d6c3", "F5 d6 C3", "f5-d6-pass-c3"; an optional trailing name, after a compact
// move list ("F5d6C3d3 No-FAT") or after a gap of two or more spaces or a tab ("f5 d6    Tiger");
// an optional "# comment"; lines starting with "//" are comments too. Returns nullopt for a line
// with no game.
std::optional<ParsedGame> parse_move_list_line(std::string_view line, const Rules& rules,
                                               const SourceLocation& where);

class MoveListReader : public GameReader {
 public:
  MoveListReader(ByteSource& source, Rules rules, std::string file);
  std::optional<ParsedGame> next() override;

 private:
  LineReader lines_;
  Rules rules_;
  std::string file_;
  int games_ = 0;
  std::string line_;
};

}  // namespace reversi::records
