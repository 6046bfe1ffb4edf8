#include "cli/output/puzzles.hpp"

#include <regex>

#include "analysis/solver/solve_suite.hpp"
#include "core/notation.hpp"

namespace reversi::cli {

namespace {

std::string side_name(const Position& p) {
  return p.to_move == Color::dark ? "dark" : "light";
}

// "dark to move, 12 empties; from FILE game 3, move 48; the player found it"
std::string origin_text(const Rules& rules, const PuzzleCandidate& from, bool found) {
  return side_name(from.position) + " to move, " + std::to_string(rules.empties(from.position)) +
         " empties; from " + from.source + "; the player " + (found ? "found" : "missed") + " it";
}

nlohmann::json line_json(const Geometry& g, const std::vector<Square>& moves) {
  nlohmann::json line = nlohmann::json::array();
  for (const Square sq : moves) line.push_back(sq == no_square ? "pass" : g.name(sq));
  return line;
}

nlohmann::json features_json(const PuzzleFeatures& f) {
  return {{"sure_depth", f.sure_depth}, {"first_sight_loss", f.first_sight_loss},
          {"rivals", f.rivals},         {"moves", f.moves},
          {"empties", f.empties},       {"gap", f.gap}};
}

}  // namespace

std::string puzzles_obf(const Rules& rules, const std::vector<UniquePuzzle>& puzzles) {
  std::string out;
  int number = 0;
  for (const auto& p : puzzles) {
    out += "% puzzle " + std::to_string(++number) + ": rating " + std::to_string(p.rating) + ", " +
           origin_text(rules, p.from, p.player_found()) + "\n";
    out += board_string(p.from.position, rules) + "; " + obf_scores(rules, p.scores) + "\n";
  }
  return out;
}

std::string puzzles_obf(const Rules& rules, const std::vector<Tactic>& puzzles) {
  const Geometry& g = rules.geometry();
  std::string out;
  int number = 0;
  for (const auto& p : puzzles) {
    out += "% puzzle " + std::to_string(++number) + ": " + tactic_name(p.kind) + " in " +
           std::to_string(p.moves) + ", answer " + g.name(p.answer) + "; " +
           origin_text(rules, p.from, p.player_found()) + "\n";
    out += board_string(p.from.position, rules) + ";\n";
  }
  return out;
}

nlohmann::json puzzles_json(const Rules& rules, const std::vector<UniquePuzzle>& puzzles) {
  const Geometry& g = rules.geometry();
  nlohmann::json list = nlohmann::json::array();
  for (const auto& p : puzzles) {
    nlohmann::json scores = nlohmann::json::array();
    for (const auto& m : p.scores) scores.push_back({{"move", g.name(m.move)}, {"value", m.value}});
    list.push_back({{"kind", "unique"},
                    {"board", board_string(p.from.position, rules)},
                    {"to_move", side_name(p.from.position)},
                    {"empties", rules.empties(p.from.position)},
                    {"answer", g.name(p.answer)},
                    {"value", p.value},
                    {"scores", scores},
                    {"pv", line_json(g, p.pv)},
                    {"rating", p.rating},
                    {"features", features_json(p.features)},
                    {"source", p.from.source},
                    {"played", g.name(p.from.played)},
                    {"player_found", p.player_found()}});
  }
  return list;
}

nlohmann::json puzzles_json(const Rules& rules, const std::vector<Tactic>& puzzles) {
  const Geometry& g = rules.geometry();
  nlohmann::json list = nlohmann::json::array();
  for (const auto& p : puzzles)
    list.push_back({{"kind", tactic_name(p.kind)},
                    {"board", board_string(p.from.position, rules)},
                    {"to_move", side_name(p.from.position)},
                    {"empties", rules.empties(p.from.position)},
                    {"moves", p.moves},
                    {"answer", g.name(p.answer)},
                    {"line", line_json(g, p.line)},
                    {"source", p.from.source},
                    {"played", g.name(p.from.played)},
                    {"player_found", p.player_found()}});
  return list;
}

std::optional<TacticStatement> parse_tactic_comment(const Geometry& g, const std::string& line) {
  static const std::regex tactic_like(R"(^% puzzle \d+: ([^;,]* in [^;]*);)");
  static const std::regex form(R"(^% puzzle \d+: (\w+) in (\d+), answer (\w+);)");
  std::smatch m;
  if (!std::regex_search(line, m, tactic_like)) return std::nullopt;
  TacticStatement unread;
  unread.unreadable =
      "the puzzle's goal '" + m[1].str() + "' is not 'wipeout|corner in K, answer SQUARE'";
  if (!std::regex_search(line, m, form)) return unread;
  const auto kind = parse_tactic(m[1].str());
  const auto answer = g.parse(m[3].str());
  if (!kind || !answer || m[2].length() > 2) return unread;
  return TacticStatement{*kind, std::stoi(m[2].str()), *answer, ""};
}

}  // namespace reversi::cli
