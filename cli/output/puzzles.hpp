// The files of `reversi puzzle generate`, read back by `reversi puzzle check`: OBF lines each
// after a `%` comment line (which OBF readers skip), and JSON.
//
// Unique puzzles list every move's exact score on the OBF line, as the FFO suites do. A tactic's
// OBF line holds the position alone and its comment states the goal in a fixed form that check
// reads: `% puzzle N: wipeout in 3, answer d3; ...` (or `corner in K`).
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "analysis/puzzle/tactic.hpp"
#include "analysis/puzzle/unique.hpp"

namespace reversi::cli {

std::string puzzles_obf(const Rules& rules, const std::vector<UniquePuzzle>& puzzles);
std::string puzzles_obf(const Rules& rules, const std::vector<Tactic>& puzzles);
nlohmann::json puzzles_json(const Rules& rules, const std::vector<UniquePuzzle>& puzzles);
nlohmann::json puzzles_json(const Rules& rules, const std::vector<Tactic>& puzzles);

// What a tactic's comment line states.
struct TacticStatement {
  TacticKind kind = TacticKind::wipeout;
  int moves = 0;
  Square answer = no_square;
  std::string unreadable;  // why a comment in a tactic's form could not be read; "" when it was
};

// The statement of a comment line written by puzzles_obf (its `unreadable` set when the line has
// a tactic's form but not a known kind, a count or a square), or nullopt for any other line.
std::optional<TacticStatement> parse_tactic_comment(const Geometry& g, const std::string& line);

}  // namespace reversi::cli
