// Named openings (data/openings/openings.txt): each name keyed by the canonical image of the
// position its line reaches, so a line and its symmetric images, and transpositions into the
// same position, find the same name.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/rules.hpp"

namespace reversi {

struct Opening {
  std::string name;
  std::vector<Square> moves;
};

class OpeningBook {
 public:
  // Parses the file's text: "Name: f5 d6 c3" a line, '#' comments and blank lines skipped.
  // Throws std::invalid_argument naming the line of a bad entry (an illegal move).
  static OpeningBook parse(std::string_view text);

  // The name of the position, when an opening line reaches it (8x8 from the standard start).
  std::optional<std::string> name_of(const Position& position) const;
  // The name of the deepest named position along the line from the start.
  std::optional<std::string> name_of_line(const std::vector<Square>& moves) const;
  const std::vector<Opening>& openings() const { return openings_; }

 private:
  std::vector<Opening> openings_;
  // By the canonical image of the position the line reaches (the smallest of its eight).
  std::map<std::pair<Bits, Bits>, std::size_t> by_key_;
};

}  // namespace reversi
