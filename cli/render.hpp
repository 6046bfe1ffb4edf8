// Text and JSON renderings of positions; only cli/ turns results into text.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "core/game.hpp"
#include "core/rules.hpp"

namespace reversi::cli {

// The board with coordinates: ● dark, ○ light, · empty, * legal move, # hole.
std::string diagram(const Rules& rules, const Position& p, bool mark_legal = true);

// One string per row: X dark, O light, - empty, # hole.
nlohmann::json rows_json(const Rules& rules, const Position& p);

// size, to_move, rows, legal, discs, empty, game_over (the `show --json` object).
nlohmann::json position_json(const Rules& rules, const Position& p);

nlohmann::json rules_json(const Rules& rules);

nlohmann::json squares_json(const Geometry& g, Bits set);

// "move 3 (c4): c4 is already occupied" — the one-line form of a record error.
std::string describe_error(const RecordError& e);
nlohmann::json error_json(const RecordError& e);

}  // namespace reversi::cli
