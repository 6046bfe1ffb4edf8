// db query's answer as text, JSON and JSON Lines; db games' list.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "core/rules.hpp"
#include "db/query.hpp"

namespace reversi::cli {

// The engine's word on one move: exact (the solver's) or an estimate at a depth.
struct EngineValue {
  Square move = no_square;
  double value = 0;  // discs, for the mover
  bool exact = false;
};

struct EngineView {
  std::vector<EngineValue> moves;
  Square best = no_square;
  int depth = 0;  // the estimate's depth; 0 when exact
  bool exact = false;
  bool from_book = false;  // read from the database's book (reversi db book), not searched now
};

// One line of the answer: a move the games played, the engine's best, or both.
struct QueryLine {
  db::MoveStats stats;
  std::optional<EngineValue> engine;
  bool engine_best = false;
  std::optional<std::string> opening;  // the named opening the move reaches
};

struct QueryView {
  std::string database;
  Position position;
  db::Answer answer;
  std::vector<QueryLine> lines;
  std::optional<EngineView> engine;
  std::optional<std::string> opening;  // the position's name, else the deepest on the way to it
};

// The games' moves with the engine's values beside them (moves equivalent under the position's
// symmetry share a line), and the engine's best move even when no game played it.
std::vector<QueryLine> query_lines(const Position& position, const db::Answer& answer,
                                   const std::optional<EngineView>& e);

void print_query_text(std::ostream& out, const QueryView& view);
nlohmann::json query_json(const QueryView& view);
// One object per line of the answer, each with the position's totals.
void print_query_jsonl(std::ostream& out, const QueryView& view);

void print_games_text(std::ostream& out, const std::vector<db::GameRow>& games);
nlohmann::json game_json(const db::GameRow& game);

}  // namespace reversi::cli
