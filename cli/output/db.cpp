#include "cli/output/db.hpp"

#include <cstdio>

#include "core/notation.hpp"
#include "db/schema.hpp"
#include "db/symmetry.hpp"

namespace reversi::cli {

namespace {

const Geometry board8(8);

std::string move_name(Square sq) {
  return sq == no_square ? "pass" : board8.name(sq);
}

std::string fixed(double v, bool sign) {
  char buf[32];
  std::snprintf(buf, sizeof buf, sign ? "%+.1f" : "%.1f", v);
  return buf;
}

std::string signed_int(int v) {
  return (v > 0 ? "+" : "") + std::to_string(v);
}

std::optional<double> average(long sum, long n) {
  if (n == 0) return std::nullopt;
  return static_cast<double>(sum) / static_cast<double>(n);
}

std::string cell(std::optional<double> v) {
  return v ? fixed(*v, true) : "-";
}

std::string pad(const std::string& s, std::size_t width) {
  return s.size() >= width ? s : std::string(width - s.size(), ' ') + s;
}

std::string engine_text(const QueryLine& line, const std::optional<EngineView>& e) {
  if (!line.engine) return "-";
  std::string out = fixed(line.engine->value, true);
  if (e->from_book) out += " book";
  out += line.engine->exact ? " exact" : " depth " + std::to_string(e->depth);
  if (line.engine_best) out += " best";
  return out;
}

nlohmann::json optional_json(std::optional<double> v) {
  return v ? nlohmann::json(*v) : nlohmann::json(nullptr);
}

nlohmann::json line_json(const QueryLine& line, const std::optional<EngineView>& e) {
  const auto& s = line.stats;
  nlohmann::json j = {
      {"move", move_name(s.move)},
      {"games", s.games},
      {"wins", s.wins},
      {"draws", s.draws},
      {"losses", s.losses},
      {"average_disc_difference", optional_json(average(s.margin_sum, s.results()))},
      {"theoretical_games", s.theoretical_games},
      {"average_theoretical", optional_json(average(s.theoretical_sum, s.theoretical_games))}};
  j["opening"] = line.opening ? nlohmann::json(*line.opening) : nlohmann::json(nullptr);
  if (line.engine)
    j["engine"] = {
        {"value", line.engine->value},
        {"exact", line.engine->exact},
        {"depth", line.engine->exact ? nlohmann::json(nullptr) : nlohmann::json(e->depth)},
        {"best", line.engine_best}};
  return j;
}

nlohmann::json position_json(const QueryView& v) {
  return {{"board", board_string(v.position, Rules())},
          {"to_move", v.position.to_move == Color::dark ? "dark" : "light"}};
}

}  // namespace

std::vector<QueryLine> query_lines(const Position& position, const db::Answer& answer,
                                   const std::optional<EngineView>& e) {
  const auto same = [&](Square a, Square b) {
    return a == b || db::equivalent_moves(static_cast<std::uint64_t>(position.player),
                                          static_cast<std::uint64_t>(position.opponent), a, b);
  };
  std::vector<QueryLine> lines;
  for (const auto& m : answer.moves) lines.push_back({m, std::nullopt, false, std::nullopt});
  if (!e) return lines;
  for (const auto& value : e->moves) {
    QueryLine* line = nullptr;
    for (auto& l : lines)
      if (same(l.stats.move, value.move)) line = &l;
    // The engine's best move is shown even when no game played it.
    if (!line && value.move == e->best) {
      db::MoveStats none;
      none.move = value.move;
      lines.push_back({none, std::nullopt, false, std::nullopt});
      line = &lines.back();
    }
    if (!line || line->engine) continue;
    line->engine = value;
    line->engine_best = same(value.move, e->best);
  }
  return lines;
}

void print_query_text(std::ostream& out, const QueryView& v) {
  const auto& a = v.answer;
  out << v.database << ": " << a.games << " games reach this position (symmetric images included), "
      << (v.position.to_move == Color::dark ? "dark" : "light") << " to move";
  if (a.ended_here > 0) out << ", " << a.ended_here << " end here";
  out << "\n";
  if (v.opening) out << "opening: " << *v.opening << "\n";
  if (a.beyond_index)
    out << "(the index holds the first " << db::indexed_plies << " moves of each game)\n";
  out << "move   games    win   draw   loss   avg diff  avg theor   engine\n";
  for (const auto& line : v.lines) {
    const auto& s = line.stats;
    const std::string name = move_name(s.move);
    out << name << std::string(name.size() < 4 ? 4 - name.size() : 0, ' ')
        << pad(std::to_string(s.games), 8) << pad(std::to_string(s.wins), 7)
        << pad(std::to_string(s.draws), 7) << pad(std::to_string(s.losses), 7)
        << pad(cell(average(s.margin_sum, s.results())), 11)
        << pad(cell(average(s.theoretical_sum, s.theoretical_games)), 11) << "   "
        << engine_text(line, v.engine);
    if (line.opening) out << "   " << *line.opening;
    out << "\n";
  }
}

nlohmann::json query_json(const QueryView& v) {
  nlohmann::json moves = nlohmann::json::array();
  for (const auto& line : v.lines) moves.push_back(line_json(line, v.engine));
  nlohmann::json j = {{"database", v.database},
                      {"position", position_json(v)},
                      {"opening", v.opening ? nlohmann::json(*v.opening) : nlohmann::json(nullptr)},
                      {"games", v.answer.games},
                      {"ended_here", v.answer.ended_here},
                      {"beyond_index", v.answer.beyond_index},
                      {"moves", moves}};
  if (v.engine)
    j["engine"] = {
        {"best_move", move_name(v.engine->best)},
        {"exact", v.engine->exact},
        {"depth", v.engine->exact ? nlohmann::json(nullptr) : nlohmann::json(v.engine->depth)},
        {"source", v.engine->from_book ? "book" : "search"}};
  return j;
}

void print_query_jsonl(std::ostream& out, const QueryView& v) {
  for (const auto& line : v.lines) {
    auto j = line_json(line, v.engine);
    j["position_games"] = v.answer.games;
    out << j.dump() << "\n";
  }
}

void print_games_text(std::ostream& out, const std::vector<db::GameRow>& games) {
  for (const auto& g : games) {
    out << g.id << "  " << (g.year ? std::to_string(*g.year) : "-") << "  " << g.tournament << "  "
        << g.dark << " - " << g.light << "  " << (g.result ? signed_int(*g.result) : "?") << "  "
        << g.moves << "\n";
  }
}

nlohmann::json game_json(const db::GameRow& g) {
  const auto opt = [](std::optional<int> v) {
    return v ? nlohmann::json(*v) : nlohmann::json(nullptr);
  };
  return {{"id", g.id},
          {"dark", g.dark},
          {"light", g.light},
          {"tournament", g.tournament},
          {"year", opt(g.year)},
          {"result", opt(g.result)},
          {"theoretical", opt(g.theoretical)},
          {"depth", opt(g.depth)},
          {"moves", g.moves},
          {"source", g.source}};
}

}  // namespace reversi::cli
