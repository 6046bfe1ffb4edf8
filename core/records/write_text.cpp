// The text writers: move lists, board strings and OBF lines.
#include <cctype>

#include "core/records/write.hpp"

namespace reversi::records {

namespace {

constexpr std::string_view pass_word = "pa";
constexpr std::string_view name_gap = "  ";

std::string upper_case(std::string text) {
  for (char& c : text) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return text;
}

// Holes are the one part of the rules no board cell or move list can show.
std::optional<std::string> holes_refusal(const GameRecord& record, std::string_view target) {
  if (record.rules.holes() == 0) return std::nullopt;
  return std::string(target) + " cannot hold black holes (" +
         record.rules.geometry().list(record.rules.holes()) + ")";
}

WriteResult refused(std::string reason) {
  return WriteResult{{}, std::move(reason)};
}

std::optional<std::string> replay_refusal(const Replay& r) {
  if (r.ok()) return std::nullopt;
  return "move " + std::to_string(r.error->error.move_number) +
         " does not replay: " + r.error->error.reason;
}

std::string score_text(int score) {
  return (score > 0 ? "+" : "") + std::to_string(score);
}

}  // namespace

Replay replay_record(const GameRecord& record) {
  return replay(record.rules, record.start, record.moves, ReplayOptions{!record.explicit_passes});
}

WriteResult write_move_list(const GameRecord& record, const MoveListStyle& style) {
  return write_move_list(record, replay_record(record), style);
}

WriteResult write_move_list(const GameRecord& record, const Replay& r, const MoveListStyle& style) {
  if (auto refusal = holes_refusal(record, "a move list")) return refused(*refusal);
  if (record.start != record.rules.initial())
    return refused("a move list cannot hold a start other than the initial position");
  if (record.position_only) return refused("a position is not a game: it has no moves to list");
  if (auto e = replay_refusal(r)) return refused(*e);
  const auto& g = record.rules.geometry();
  WriteResult out;
  bool first = true;
  for (const auto& m : r.moves) {
    if (m.is_pass() && !style.passes) continue;
    if (!first) out.text += style.separator;
    first = false;
    out.text += m.is_pass() ? std::string(pass_word) : g.name(m.square);
  }
  if (style.upper) out.text = upper_case(std::move(out.text));
  if (!record.meta.name.empty()) out.text += std::string(name_gap) + record.meta.name;
  return out;
}

std::vector<Position> record_positions(const GameRecord& record, const Replay& r, bool every_move) {
  if (record.position_only) return {record.start};
  const std::vector<Position> all = r.positions(record.rules);
  if (!every_move) return {all.back()};
  std::vector<Position> out;
  for (std::size_t k = 0; k < r.moves.size(); ++k)
    if (!r.moves[k].is_pass()) out.push_back(all[k]);
  return out;
}

namespace {

WriteResult write_positions(const GameRecord& record, const Replay& r, bool every_move, bool obf) {
  if (auto refusal = holes_refusal(record, obf ? "OBF" : "a board string"))
    return refused(*refusal);
  if (!record.position_only) {
    if (auto e = replay_refusal(r)) return refused(*e);
  }
  WriteResult out;
  const auto positions = record_positions(record, r, every_move);
  for (std::size_t k = 0; k < positions.size(); ++k) {
    if (k > 0) out.text += '\n';
    out.text += board_string(positions[k], record.rules);
    if (!obf) continue;
    out.text += ';';
    if (positions[k] != record.start) continue;
    for (const auto& s : record.meta.move_scores)
      out.text += " " + upper_case(s.move) + ":" + score_text(s.score) + ";";
  }
  return out;
}

}  // namespace

WriteResult write_board_lines(const GameRecord& record, bool every_move) {
  return write_positions(record, replay_record(record), every_move, false);
}

WriteResult write_obf_lines(const GameRecord& record, bool every_move) {
  return write_positions(record, replay_record(record), every_move, true);
}

WriteResult write_board_lines(const GameRecord& record, const Replay& replay, bool every_move) {
  return write_positions(record, replay, every_move, false);
}

WriteResult write_obf_lines(const GameRecord& record, const Replay& replay, bool every_move) {
  return write_positions(record, replay, every_move, true);
}

}  // namespace reversi::records
