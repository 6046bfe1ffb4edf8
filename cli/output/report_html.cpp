#include "cli/output/report_html.hpp"

#include <cmath>
#include <cstdio>
#include <limits>

#include "cli/output/annotate.hpp"
#include "cli/output/svg.hpp"

namespace reversi::cli {

using nlohmann::json;

std::string script_json(const json& j) {
  std::string s = j.dump(-1, ' ', false, json::error_handler_t::replace);
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '<' && i + 1 < s.size() && s[i + 1] == '/') {
      out += "<\\/";
      ++i;
    } else {
      out += s[i];
    }
  }
  return out;
}

namespace {

const json& need(const json& object, const char* key, const std::string& where) {
  if (!object.is_object()) throw NotAnnotateOutput(where + " is not an object");
  const auto it = object.find(key);
  if (it == object.end()) throw NotAnnotateOutput(where + " has no '" + key + "'");
  return *it;
}

// A whole number that fits an int: get<int> of anything else throws or, for a large fraction,
// is undefined.
int whole(const json& v, const std::string& what) {
  if (!v.is_number_integer() || v.get<std::int64_t>() < std::numeric_limits<int>::min() ||
      v.get<std::int64_t>() > std::numeric_limits<int>::max())
    throw NotAnnotateOutput(what + " is not a whole number");
  return v.get<int>();
}

const json& number(const json& v, const std::string& what) {
  if (!v.is_number()) throw NotAnnotateOutput(what + " is not a number");
  return v;
}

const json& text(const json& v, const std::string& what) {
  if (!v.is_string()) throw NotAnnotateOutput(what + " is not text");
  return v;
}

// For the places and reasons of problems, which must not fail in turn: the field's text or
// whole number as text, else `otherwise`.
std::string field_text(const json& object, const char* key, const std::string& otherwise) {
  if (!object.is_object() || !object.contains(key)) return otherwise;
  const json& v = object[key];
  if (v.is_string()) return v.get<std::string>();
  if (v.is_number_integer()) return std::to_string(v.get<std::int64_t>());
  return otherwise;
}

std::string joined(const json& list) {
  std::string out;
  for (const auto& item : list) {
    if (!item.is_string()) throw NotAnnotateOutput("a square list holds a non-string");
    out += (out.empty() ? "" : " ") + item.get<std::string>();
  }
  return out;
}

int side_index(const json& side) {
  if (side == "dark") return 0;
  if (side == "light") return 1;
  throw NotAnnotateOutput("a move's side is neither dark nor light");
}

std::string rules_text(const json& rules) {
  const int n = whole(need(rules, "size", "rules"), "the rules' size");
  std::string s = std::to_string(n) + "x" + std::to_string(n) + " " +
                  need(rules, "start", "rules").get<std::string>();
  if (need(rules, "anti", "rules").get<bool>()) s += " anti";
  const std::string holes = joined(need(rules, "holes", "rules"));
  if (!holes.empty()) s += " holes " + holes;
  return s + ", scoring " + need(rules, "scoring", "rules").get<std::string>();
}

std::string place_text(const json& source) {
  std::string s = field_text(source, "file", "?") + " game " + field_text(source, "game", "0");
  if (source.contains("line")) s += " (line " + field_text(source, "line", "?") + ")";
  if (source.contains("record")) s += " (record " + field_text(source, "record", "?") + ")";
  return s;
}

// The index row: players, result, biggest mistake, link.
std::string index_row(const json& g) {
  const int i = g["i"].get<int>();
  const std::string link = "#game-" + std::to_string(i);
  std::string row = "<tr><td class=\"num\"><a href=\"" + link + "\">" + std::to_string(i) +
                    "</a></td><td>" + xml_escape(g["black"].get<std::string>()) + "</td><td>" +
                    xml_escape(g["white"].get<std::string>()) + "</td><td class=\"res\">" +
                    xml_escape(g["resultText"].get<std::string>()) + "</td><td class=\"num\">" +
                    std::to_string(g["m"].size()) + "</td><td>";
  // The biggest exact loss, else the biggest estimated one.
  const json* worst = nullptr;
  bool worst_exact = false;
  double worst_loss = 0;
  std::size_t worst_step = 0;
  std::size_t step = 0;
  for (const auto& m : g["m"]) {
    ++step;
    const int kind = m[6].get<int>();
    if (kind == 0) continue;
    const bool exact = kind == 1;
    const double loss = m[9].get<double>();
    if (loss <= 0) continue;
    if ((exact && !worst_exact) || (exact == worst_exact && loss > worst_loss)) {
      worst = &m;
      worst_step = step;
      worst_exact = exact;
      worst_loss = loss;
    }
  }
  if (worst != nullptr) {
    char buf[160];
    const json& m = *worst;
    if (worst_exact) {
      std::snprintf(buf, sizeof buf, "%d. %s %s: &minus;%d", m[11].get<int>(),
                    m[1].get<int>() == 0 ? "dark" : "light", m[0].get<std::string>().c_str(),
                    static_cast<int>(std::lround(worst_loss)));
    } else {
      std::snprintf(buf, sizeof buf, "%d. %s %s: ~&minus;%.2f", m[11].get<int>(),
                    m[1].get<int>() == 0 ? "dark" : "light", m[0].get<std::string>().c_str(),
                    worst_loss);
    }
    // A link to the position just after the mistake.
    row += "<a href=\"" + link + "/" + std::to_string(worst_step) + "\">" + buf + "</a>";
  } else {
    row += "none";
  }
  return row + "</td><td class=\"src\">" + xml_escape(g["place"].get<std::string>()) +
         "</td></tr>\n";
}

}  // namespace

std::string game_place(const json& game) {
  if (!game.is_object()) return "?";
  if (game.contains("origin") && game["origin"].is_object()) return place_text(game["origin"]);
  if (game.contains("source") && game["source"].is_object()) return place_text(game["source"]);
  return "?";
}

std::string invalid_reason(const json& game) {
  const json& e = need(game, "error", "an invalid game");
  std::string s = "invalid: ";
  if (e.is_object() && e.contains("move_number")) {
    s += "move " + field_text(e, "move_number", "?");
    if (e.contains("move")) s += " (" + field_text(e, "move", "?") + ")";
    s += ": ";
  }
  return s + field_text(e, "reason", "no reason given");
}

namespace {

// "tournament, date, place, name": the metadata shown under the players, those given.
std::string metadata_line(const json& meta) {
  std::string line;
  for (const char* key : {"tournament", "date", "place", "name"}) {
    const std::string v = meta.value(key, std::string());
    if (!v.empty()) line += (line.empty() ? "" : ", ") + v;
  }
  return line;
}

// A move's values as the page reads them: kind (0 none, 1 exact, 2 estimate), value, played,
// loss, best moves.
void append_values(json& row, const json& m) {
  const json* values = nullptr;
  int kind = 0;
  if (m.contains("exact")) {
    values = &m["exact"];
    kind = 1;
  } else if (m.contains("estimate")) {
    values = &m["estimate"];
    kind = 2;
  }
  row.push_back(kind);
  if (values == nullptr) {
    row.insert(row.end(), {0, 0, 0, ""});
    return;
  }
  row.push_back(number(need(*values, "value", "a move's values"), "a move's value"));
  row.push_back(number(need(*values, "played", "a move's values"), "a move's played value"));
  row.push_back(number(need(*values, "loss", "a move's values"), "a move's loss"));
  row.push_back(joined(need(*values, "best", "a move's values")));
}

// The call of a move (0 none, 1 mistake, 2 blunder), the margin its loss had to exceed (null:
// none known) and, for a call proven by a better move's exact value, that move and the loss it
// proves ("g7 proves a loss of at least 12"); annotations written before calls existed have none.
void append_call(json& row, const json& m) {
  if (!m.contains("judgement")) {
    row.insert(row.end(), {0, nullptr});
    return;
  }
  const json& j = m["judgement"];
  const std::string call = text(need(j, "call", "a move's judgement"), "a move's call");
  row.push_back(call == "blunder" ? 2 : call == "mistake" ? 1 : 0);
  const json& margin = need(j, "margin", "a move's judgement");
  row.push_back(margin.is_null() ? json(nullptr) : json(number(margin, "a move's margin")));
  if (!j.contains("proven") || !m.contains("estimate") || !m["estimate"].contains("proven")) return;
  const json& p = m["estimate"]["proven"];
  row.push_back(
      proof_text(text(need(p, "move", "a move's proof"), "a proof's move").get<std::string>(),
                 whole(need(p, "loss", "a move's proof"), "a proof's loss")));
}

// One move as an array: move, side, flipped, dark and light discs, legal moves, the values
// (append_values), number, the call (append_call).
json compact_move(const json& m) {
  const json& discs = need(m, "discs", "a move");
  json row = json::array({text(need(m, "move", "a move"), "a move's square"),
                          side_index(need(m, "side", "a move")),
                          joined(need(m, "flipped", "a move")), need(discs, "dark", "discs"),
                          need(discs, "light", "discs"), joined(need(m, "legal", "a move"))});
  append_values(row, m);
  row.push_back(whole(need(m, "number", "a move"), "a move's number"));
  append_call(row, m);
  return row;
}

// "dark wins 40-24", "draw 32-32" or "unfinished, 20-25".
std::string result_text(const json& result) {
  const json& discs = need(result, "discs", "the result");
  const std::string score =
      std::to_string(whole(need(discs, "dark", "the result"), "dark's discs")) + "-" +
      std::to_string(whole(need(discs, "light", "the result"), "light's discs"));
  if (!need(result, "finished", "the result").get<bool>()) return "unfinished, " + score;
  const std::string w = need(result, "winner", "the result").get<std::string>();
  return (w == "draw" ? std::string("draw") : w + " wins") + " " + score;
}

// Who is to move after the last move, when the replay says.
void add_end_to_move(json& g, const json& game) {
  if (game.contains("replay") && game["replay"].contains("final") &&
      game["replay"]["final"].contains("to_move"))
    g["endTm"] = side_index(game["replay"]["final"]["to_move"]);
}

// Where an estimate of the annotation went deeper than asked, by the empties of its position.
void add_deeper(DeeperEstimates& deeper, const json& at, int asked) {
  if (!at.contains("estimate")) return;
  const int depth = whole(need(at["estimate"], "depth", "an estimate"), "an estimate's depth");
  if (depth != asked)
    deeper[whole(need(at, "empties", "an estimate's position"), "a position's empties")] = depth;
}

// What the game's estimates searched, for the legend: "depth 6 (7 at 23 empties, 8 at 24)".
std::string estimate_depths(const json& annotation) {
  const int asked = whole(
      need(need(annotation, "conventions", "the annotation"), "estimate_depth", "the conventions"),
      "the estimate depth");
  DeeperEstimates deeper;
  for (const auto& m : need(annotation, "moves", "the annotation")) add_deeper(deeper, m, asked);
  if (annotation.contains("end")) add_deeper(deeper, annotation["end"], asked);
  const std::string text = deeper_estimates_text(deeper);
  return "depth " + std::to_string(asked) + (text.empty() ? "" : " (" + text + ")");
}

json compact_game_unchecked(const json& game) {
  const json& a = need(game, "annotation", "the game object");
  const json& rules = need(game, "rules", "the game object");
  const json& start = need(game, "start", "the game object");
  const json& meta = game.contains("metadata") ? game["metadata"] : json::object();
  json g;
  g["place"] = game_place(game);
  g["black"] = meta.value("black", std::string());
  g["white"] = meta.value("white", std::string());
  g["meta"] = metadata_line(meta);
  g["size"] = need(rules, "size", "rules");
  g["rules"] = rules_text(rules);
  g["start"] = need(start, "rows", "start");
  g["tm"] = side_index(need(start, "to_move", "start"));
  g["status"] = need(game, "status", "the game object");
  json moves = json::array();
  for (const auto& m : need(a, "moves", "the annotation")) moves.push_back(compact_move(m));
  g["m"] = moves;
  if (a.contains("end")) g["endLegal"] = joined(need(a["end"], "legal", "the end"));
  add_end_to_move(g, game);
  const json& result = need(a, "result", "the annotation");
  g["result"] = result;
  g["resultText"] = result_text(result);
  g["sum"] = need(a, "summary", "the annotation");
  g["conv"] = need(a, "conventions", "the annotation");
  g["estimates"] = estimate_depths(a);
  return g;
}

}  // namespace

json compact_game(const json& game) {
  try {
    return compact_game_unchecked(game);
  } catch (const json::exception& e) {
    // nlohmann's messages start with "[json.exception.type_error.302] ".
    std::string what = e.what();
    if (const auto close = what.find("] "); close != std::string::npos) what.erase(0, close + 2);
    throw NotAnnotateOutput(what);
  }
}

std::string report_html(const std::vector<json>& games, const std::vector<ReportProblem>& problems,
                        const std::string& title) {
  std::string out;
  out.reserve(4096 + games.size() * 6000);
  out +=
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
      "style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">\n<title>";
  out += xml_escape(title);
  out += "</title>\n<style>\n";
  out += report_css();
  out += "</style>\n</head>\n<body data-games=\"" + std::to_string(games.size()) + "\">\n";
  out += "<header><h1><a href=\"#index\">" + xml_escape(title) + "</a></h1></header>\n<main>\n";
  out += "<section id=\"index\">\n";
  out += "<p class=\"lead\">" + std::to_string(games.size()) +
         (games.size() == 1 ? " game" : " games") +
         ". Values are disc margins; exact values come from the solver near the end, "
         "<span class=\"est\">~estimates</span> from a depth-limited search before that. A "
         "game's move list and chart give every value from dark's view (+ dark ahead).</p>\n";
  if (!problems.empty()) {
    out += "<div id=\"problems\" class=\"problems\"><h2>" + std::to_string(problems.size()) +
           (problems.size() == 1 ? " game or line" : " games or lines") +
           " could not be shown</h2><ul>\n";
    for (const auto& p : problems)
      out += "<li><b>" + xml_escape(p.where) + "</b>: " + xml_escape(p.reason) + "</li>\n";
    out += "</ul></div>\n";
  }
  if (games.empty()) {
    out +=
        "<p id=\"empty\" class=\"empty\">The input held no annotated games: nothing to show.</p>\n";
  } else {
    out +=
        "<table id=\"games\"><thead><tr><th>#</th><th>Dark</th><th>Light</th><th>Result</th>"
        "<th>Moves</th><th>Biggest mistake</th><th>Source</th></tr></thead><tbody>\n";
    for (const auto& g : games) out += index_row(g);
    out += "</tbody></table>\n";
  }
  out += "</section>\n<section id=\"game\" hidden></section>\n</main>\n";
  out +=
      "<noscript><p>The game pages need JavaScript; the index above works "
      "without.</p></noscript>\n";
  // Each game's data, parsed only when its page is opened.
  for (const auto& g : games) {
    out += "<script type=\"application/json\" id=\"g" + std::to_string(g["i"].get<int>()) + "\">";
    out += script_json(g);
    out += "</script>\n";
  }
  out += "<script>\n";
  out += report_js();
  out += "</script>\n</body>\n</html>\n";
  return out;
}

}  // namespace reversi::cli
