// Position lines: OBF (the FFO endgame suite's format, with move scores) and plain board strings.
#pragma once

#include <string_view>

#include "core/records/record.hpp"
#include "core/records/source.hpp"

namespace reversi::records {

// "XO-...-- X; G8:+18; H1:+12;": N*N cells row by row from a1 (X or * dark, O light, - empty),
// the side to move, then `; MOVE:score` for scored moves. Nullopt for blank and comment lines
// ('%' or '#').
std::optional<ParsedGame> parse_obf_line(std::string_view line, const Rules& rules,
                                         const SourceLocation& where);

// A board string: cells then the side to move, whitespace ignored, nothing else.
std::optional<ParsedGame> parse_board_line(std::string_view line, const Rules& rules,
                                           const SourceLocation& where);

// One position per line, for `obf` or `board`.
class PositionReader : public GameReader {
 public:
  PositionReader(ByteSource& source, Format format, Rules rules, std::string file);
  std::optional<ParsedGame> next() override;

 private:
  LineReader lines_;
  Format format_;
  Rules rules_;
  std::string file_;
  int games_ = 0;
  std::string line_;
};

}  // namespace reversi::records
