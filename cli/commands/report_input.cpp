#include "cli/commands/report_input.hpp"

#include <sstream>

namespace reversi::cli {

namespace {

using nlohmann::json;

// One JSON value of annotate output: a game, an invalid game or the summary.
void take(const json& j, const std::string& where, ReportInput& c) {
  if (j.is_object() && j.size() == 1 && j.contains("summary")) return;
  if (j.is_object() && j.contains("status") && j["status"] == "invalid" && j.contains("error")) {
    c.problems.push_back({where + ": " + game_place(j), invalid_reason(j)});
    return;
  }
  if (!j.is_object() || !j.contains("annotation")) {
    ++c.not_annotate;
    c.problems.push_back(
        {where, j.is_object() && j.contains("moves")
                    ? "not annotate output: a game record without an 'annotation' (give "
                      "records to report with --annotate, or run reversi annotate first)"
                    : "not annotate output: neither an annotated game nor a summary"});
    return;
  }
  try {
    json g = compact_game(j);
    g["i"] = static_cast<int>(c.games.size()) + 1;
    c.games.push_back(std::move(g));
  } catch (const NotAnnotateOutput& e) {
    ++c.not_annotate;
    c.problems.push_back({game_place(j) == "?" ? where : where + ": " + game_place(j),
                          std::string("not annotate output: ") + e.what()});
  }
}

}  // namespace

void read_annotate_output(const std::string& text, const std::string& name, ReportInput& c) {
  // One --json document {"games": [...], "summary": ...} (possibly over many lines)?
  const auto first = text.find_first_not_of(" \t\r\n");
  if (first != std::string::npos && text[first] == '[') {  // an array of game objects
    json doc = json::parse(text, nullptr, false);
    if (!doc.is_discarded() && doc.is_array()) {
      int i = 0;
      for (const auto& g : doc) take(g, name + " [" + std::to_string(i++) + "]", c);
      return;
    }
  }
  if (first != std::string::npos && text[first] == '{') {
    const auto eol = text.find('\n', first);
    const std::string line = text.substr(first, eol == std::string::npos ? eol : eol - first);
    if (!json::accept(line)) {
      json doc = json::parse(text, nullptr, false);
      if (!doc.is_discarded() && doc.is_object() && doc.contains("games") &&
          doc["games"].is_array()) {
        int i = 0;
        for (const auto& g : doc["games"]) take(g, name + " games[" + std::to_string(i++) + "]", c);
        return;
      }
    }
  }
  std::istringstream in(text);
  long number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    const std::string where = name + " line " + std::to_string(number);
    json j = json::parse(line, nullptr, false);
    if (j.is_discarded()) {
      ++c.not_annotate;
      c.problems.push_back({where, "not annotate output: not a JSON value"});
      continue;
    }
    take(j, where, c);
  }
}

}  // namespace reversi::cli
