// The opening explorer of `reversi db report`: one self-contained HTML file (no network, inline
// style and script) holding the opening tree as JSON; the script draws the board and the table
// of a node and moves through the tree on clicks and keys.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "cli/output/db.hpp"

namespace reversi::cli {

struct ExplorerNode {
  Position position;
  int parent = -1;
  Square via = no_square;  // the move from the parent (no_square: a pass, or the root)
  long games = 0;
  long ended_here = 0;
  std::vector<QueryLine> lines;
  std::vector<int> children;  // per line: the node it leads to, or -1
  std::optional<EngineView> engine;
  std::optional<std::string> opening;
};

struct Explorer {
  std::string title;
  std::string database;
  std::string root;     // how the root was given: "start", the move list, a board
  std::string filters;  // the filters as the user gave them, for the page's heading
  int depth = 0;
  long min_games = 0;
  int engine_depth = 0;  // 0: no engine values
  bool complete = true;
  std::vector<ExplorerNode> nodes;  // nodes[0] is the root
};

// The page's data: {"title", "database", "root", "filters", "depth", "min_games",
// "engine_depth", "complete", "nodes": [{"b": board, "p": parent, "v": move from it, "g": games,
// "e": games ending here, "o": opening, "x": engine (depth, 0 exact, null none), "s": "book" or
// "search", "m": [[move, games, wins, draws, losses, average disc difference, average theoretical,
// engine value, engine's best (0/1), child node or -1, opening], ...]}, ...]} (docs/db.md).
nlohmann::json explorer_json(const Explorer& explorer);

std::string explorer_html(const Explorer& explorer);

// The page's style sheet and script (cli/output/explorer_page.cpp).
const char* explorer_css();
const char* explorer_js();

}  // namespace reversi::cli
