// Shared by `reversi solve` and `reversi bench`: progress lines and figures as text.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "analysis/solver/search.hpp"

namespace reversi::cli {

// "+18", "0", "-4"
std::string signed_value(int v);
// "12,345,678"
std::string grouped(std::uint64_t n);
// "2h41m", "3m05s": a duration of minutes or hours
std::string duration_text(double seconds);
// "23.4 M" nodes per second
std::string rate(std::uint64_t nodes, double seconds);
// "g8 h7 pass a1"
std::string line_string(const Rules& rules, const std::vector<Square>& moves);
// What a result proves, in words: "+18", ">= +4", "win (>= +1)", "draw".
std::string value_text(const SolveResult& r, bool wld);

nlohmann::json result_json(const Rules& rules, const Position& root, const SolveResult& r,
                           bool wld);

// A solver progress report in one line, for ProgressLine.
std::string solve_progress_text(const Rules& rules, const SolveProgress& p);

}  // namespace reversi::cli
