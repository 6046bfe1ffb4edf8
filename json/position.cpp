#include "json/position.hpp"

namespace reversi::json_record {

nlohmann::json rows_json(const Rules& rules, const Position& p) {
  const auto& g = rules.geometry();
  nlohmann::json rows = nlohmann::json::array();
  const Bits dark = p.discs(Color::dark);
  const Bits light = p.discs(Color::light);
  for (int r = 0; r < g.size(); ++r) {
    std::string row;
    for (int c = 0; c < g.size(); ++c) {
      const Bits b = bit<Bits>(g.square(r, c));
      row += (dark & b) ? 'X' : (light & b) ? 'O' : (rules.holes() & b) ? '#' : '-';
    }
    rows.push_back(row);
  }
  return rows;
}

nlohmann::json squares_json(const Geometry& g, Bits set) {
  nlohmann::json out = nlohmann::json::array();
  for_each_square(set, [&](Square sq) { out.push_back(g.name(sq)); });
  return out;
}

nlohmann::json rules_json(const Rules& rules) {
  return {{"size", rules.size()},
          {"start", start_name(rules.start())},
          {"anti", rules.anti()},
          {"holes", squares_json(rules.geometry(), rules.holes())},
          {"scoring", scoring_name(rules.scoring())}};
}

nlohmann::json position_json(const Rules& rules, const Position& p) {
  const Tally t = rules.tally(p);
  return {{"size", rules.size()},
          {"to_move", color_name(p.to_move)},
          {"rows", rows_json(rules, p)},
          {"legal", squares_json(rules.geometry(), rules.legal_moves(p))},
          {"discs", {{"dark", t.dark}, {"light", t.light}}},
          {"empty", t.empty},
          {"game_over", rules.game_over(p)}};
}

nlohmann::json error_json(const RecordError& e) {
  nlohmann::json j = {{"kind", error_kind_name(e.kind)}, {"reason", e.reason}};
  if (e.move_number > 0) j["move_number"] = e.move_number;
  if (!e.written.empty()) j["move"] = e.written;
  return j;
}

}  // namespace reversi::json_record
