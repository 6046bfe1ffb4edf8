#include "cli/output/explorer.hpp"

#include <cmath>

#include "cli/output/report_html.hpp"
#include "cli/output/svg.hpp"
#include "core/notation.hpp"

namespace reversi::cli {

namespace {

using nlohmann::json;

// Averages are shown to two decimals; more would only make the file larger.
constexpr double hundredths = 100.0;

json rounded_average(long sum, long n) {
  if (n == 0) return nullptr;
  return std::round(static_cast<double>(sum) / static_cast<double>(n) * hundredths) / hundredths;
}

json optional_text(const std::optional<std::string>& s) {
  return s ? json(*s) : json(nullptr);
}

std::string move_text(Square sq) {
  return sq == no_square ? "pass" : Geometry(8).name(sq);
}

json line_entry(const QueryLine& line, int child) {
  const auto& s = line.stats;
  const json engine =
      line.engine ? json(std::round(line.engine->value * hundredths) / hundredths) : json(nullptr);
  return json::array({move_text(s.move), s.games, s.wins, s.draws, s.losses,
                      rounded_average(s.margin_sum, s.results()),
                      rounded_average(s.theoretical_sum, s.theoretical_games), engine,
                      line.engine_best ? 1 : 0, child, optional_text(line.opening)});
}

json node_json(const ExplorerNode& n) {
  json moves = json::array();
  for (std::size_t k = 0; k < n.lines.size(); ++k)
    moves.push_back(line_entry(n.lines[k], k < n.children.size() ? n.children[k] : -1));
  const json engine = n.engine ? json(n.engine->exact ? 0 : n.engine->depth) : json(nullptr);
  return {{"b", board_string(n.position, Rules())},
          {"p", n.parent},
          {"v", n.parent < 0 ? json(nullptr) : json(move_text(n.via))},
          {"g", n.games},
          {"e", n.ended_here},
          {"o", optional_text(n.opening)},
          {"x", engine},
          {"s", n.engine && n.engine->from_book ? "book" : "search"},
          {"m", moves}};
}

}  // namespace

json explorer_json(const Explorer& e) {
  json nodes = json::array();
  for (const auto& n : e.nodes) nodes.push_back(node_json(n));
  return {{"title", e.title},
          {"database", e.database},
          {"root", e.root},
          {"filters", e.filters},
          {"depth", e.depth},
          {"min_games", e.min_games},
          {"engine_depth", e.engine_depth},
          {"complete", e.complete},
          {"nodes", nodes}};
}

std::string explorer_html(const Explorer& e) {
  std::string out =
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
      "style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">\n<title>";
  out += xml_escape(e.title);
  out += "</title>\n<style>\n";
  out += report_css();  // the report's board, so that both pages draw positions alike
  out += explorer_css();
  out += "</style>\n</head>\n<body>\n<header><h1>" + xml_escape(e.title) + "</h1>\n";
  out += "<p class=\"lead\" id=\"about\"></p></header>\n<main id=\"explorer\"></main>\n";
  out += "<noscript><p>The explorer needs JavaScript.</p></noscript>\n";
  out += "<script type=\"application/json\" id=\"tree\">";
  out += script_json(explorer_json(e));
  out += "</script>\n<script>\n";
  out += explorer_js();
  out += "</script>\n</body>\n</html>\n";
  return out;
}

}  // namespace reversi::cli
