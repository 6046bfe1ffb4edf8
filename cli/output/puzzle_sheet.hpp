// The printable puzzle sheet of `reversi puzzle generate --html`: one self-contained HTML page
// of SVG diagrams, six a printed page, and the answers with their lines on a page of their own.
#pragma once

#include <string>
#include <vector>

#include "analysis/puzzle/tactic.hpp"
#include "analysis/puzzle/unique.hpp"

namespace reversi::cli {

std::string puzzle_sheet_html(const Rules& rules, const std::vector<UniquePuzzle>& puzzles,
                              const std::string& title);
std::string puzzle_sheet_html(const Rules& rules, const std::vector<Tactic>& puzzles,
                              const std::string& title);

}  // namespace reversi::cli
