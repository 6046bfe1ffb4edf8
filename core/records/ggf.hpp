// GGF, the Generic Game Format of the GGS server: "(;GM[Othello]PB[..]TY[8]BO[..]B[d3]W[c5];)".
#pragma once

#include <string_view>

#include "core/records/record.hpp"
#include "core/records/source.hpp"

namespace reversi::records {

// TY: [s]SIZE then any of k (komi), a (anti), r<n> (random start with n discs). The size is
// read, not checked: "12" gives size 12.
struct GgfType {
  int size = 8;
  bool synchro = false;
  bool komi = false;
  bool anti = false;
  std::optional<int> random_discs;
};
std::optional<GgfType> parse_ggf_type(std::string_view text);

// RE: dark's margin, e.g. "+0.000" or "-22.87", optionally with a suffix such as ":r"
// (resigned) or ":t" (time): such games were not played out, so there is nothing to check.
struct GgfResult {
  double margin = 0;
  int decimals = 0;
  std::string suffix;
};
std::optional<GgfResult> parse_ggf_result(std::string_view text);

// One game from "(;" to ";)". `where` locates it for messages.
ParsedGame parse_ggf_game(std::string_view text, const SourceLocation& where);

// Games one after another, on one line or many; archive lines may start with a count
// ("2 (;..;)(;..;)"), which is checked; synchro pairs are simply two games on a line.
class GgfReader : public GameReader {
 public:
  GgfReader(ByteSource& source, std::string file);
  std::optional<ParsedGame> next() override;

 private:
  ParsedGame error_item(int line, ErrorKind kind, std::string reason);
  std::optional<ParsedGame> end_of_line();
  ParsedGame read_game();

  ByteCursor in_;
  std::string file_;
  int games_ = 0;
  // The archive count that opened the current line, and the games started after it.
  std::optional<int> declared_;
  int declared_line_ = 0;
  int games_after_count_ = 0;
  bool line_has_content_ = false;
  bool opened_ = false;  // the next game's '(' is already read
};

}  // namespace reversi::records
