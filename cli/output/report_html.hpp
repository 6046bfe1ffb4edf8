// The HTML game report of `reversi report`: one self-contained file (no network, no external
// scripts, fonts or images) with an index of the games and, for each game, a page that is built
// in the browser only when it is opened, from the game's compact data embedded in the file.
#pragma once

#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

namespace reversi::cli {

// A game object that is not what `reversi annotate` writes.
struct NotAnnotateOutput : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A game or line that could not be shown, and why; listed on the page and on stderr.
struct ReportProblem {
  std::string where;   // "games.jsonl line 4" or "data/x.txt game 3 (line 4)"
  std::string reason;  // "invalid: move 11 (a1): a1 flips nothing"
};

// The page's compact form of one annotated game (status valid or unfinished): players, rules,
// start, every move with its flips, counts, legal moves and values, the end and the summary.
// Throws NotAnnotateOutput naming what is missing or malformed.
nlohmann::json compact_game(const nlohmann::json& game);

// Where a game object came from: "file game N (line L)", from its origin when it has one.
std::string game_place(const nlohmann::json& game);

// The reason an invalid game object (status "invalid") could not be annotated.
std::string invalid_reason(const nlohmann::json& game);

// The whole page: the index (one row per game, the problems above it) and the games' data.
std::string report_html(const std::vector<nlohmann::json>& games,
                        const std::vector<ReportProblem>& problems, const std::string& title);

// JSON inside <script>: "</" would end the element, so it is written "<\/" (the same string).
std::string script_json(const nlohmann::json& j);

// The page's style sheet and script (cli/output/report_page.cpp).
const char* report_css();
const char* report_js();

}  // namespace reversi::cli
