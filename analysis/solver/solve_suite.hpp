// Endgame test suites in the OBF line form: a position and the exact score of its moves. The
// lines are parsed by core/records (records::parse_obf_line); this file only checks results.
#pragma once

#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/solver/search.hpp"
#include "core/rules.hpp"

namespace reversi {

struct ObfPosition {
  Position position;
  // The listed moves and their scores, best first as the file gives them (maybe none).
  std::vector<MoveValue> scores;
  int number = 0;  // the position's number in its suite (FFO #40 ...), else its line number
  std::string text;
};

// The first number of a suite file named like "fforum-40-59.obf" (40), or 1.
int obf_first_number(std::string_view file_name);

// Every position of a suite (records::parse_obf_line on each line); throws std::runtime_error
// naming the line of the first bad one.
std::vector<ObfPosition> read_obf(std::istream& in, const Rules& rules, int first_number = 1);

// The best listed score, when the line lists any.
std::optional<int> obf_best_score(const ObfPosition& p);

// Checks a result against the listed scores: the value equals the best score, the best move is
// one listed with that score, and (with all_moves) every listed move has its listed score.
// Returns an empty string when everything agrees, else what differs.
std::string check_obf(const Rules& rules, const ObfPosition& p, const SolveResult& r);

// The OBF move list form: "G8:+18; H1:+12;".
std::string obf_scores(const Rules& rules, const std::vector<MoveValue>& values);

}  // namespace reversi
