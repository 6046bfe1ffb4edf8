// Text and JSON renderings of positions; only cli/ turns results into text.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "core/game.hpp"
#include "core/rules.hpp"
#include "json/position.hpp"

namespace reversi::cli {

// The JSON record library (json/) reads unqualified in the command line code.
using namespace reversi::json_record;

// The board with coordinates: ● dark, ○ light, · empty, * legal move, # hole.
std::string diagram(const Rules& rules, const Position& p, bool mark_legal = true);

// "move 3 (c4): c4 is already occupied" — the one-line form of a record error.
std::string describe_error(const RecordError& e);

}  // namespace reversi::cli
