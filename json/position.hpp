// JSON forms of rules, positions and record errors, shared by the game record and the CLI.
#pragma once

#include <nlohmann/json.hpp>

#include "core/game.hpp"
#include "core/rules.hpp"

namespace reversi::json_record {

// One string per row: X dark, O light, - empty, # hole.
nlohmann::json rows_json(const Rules& rules, const Position& p);

// size, to_move, rows, legal, discs, empty, game_over (the `show --json` object).
nlohmann::json position_json(const Rules& rules, const Position& p);

nlohmann::json rules_json(const Rules& rules);

nlohmann::json squares_json(const Geometry& g, Bits set);

nlohmann::json error_json(const RecordError& e);

}  // namespace reversi::json_record
