// The GGF writer: one game "(;GM[Othello]...;)", and archive lines.
#include <cstdio>

#include "core/records/ggf.hpp"
#include "core/records/text.hpp"
#include "core/records/validate.hpp"
#include "core/records/write.hpp"

namespace reversi::records {

namespace {

constexpr std::string_view inferred_pass = "PA";
constexpr int wthor_fields = 6;
constexpr std::size_t ggf_bytes_hint = 1024;  // a whole 8x8 game with its header

// ']' and '\' escaped with a backslash.
void append_escaped(std::string& out, std::string_view value) {
  if (value.find_first_of("]\\") == std::string_view::npos) {
    out += value;
    return;
  }
  for (char c : value) {
    if (c == ']' || c == '\\') out += '\\';
    out += c;
  }
}

// A bracketed value.
void property(std::string& out, std::string_view name, std::string_view value) {
  out += name;
  out += '[';
  append_escaped(out, value);
  out += ']';
}

void optional_property(std::string& out, std::string_view name, const std::string& value) {
  if (!value.empty()) property(out, name, value);
}

// Up to three decimals, trailing zeros dropped: "-3.133", "0.5", "2".
std::string decimal_text(double value) {
  char text[64];
  std::snprintf(text, sizeof text, "%.3f", value);
  std::string s = text;
  while (s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  return s;
}

std::string margin_text(int margin) {
  return (margin >= 0 ? "+" : "") + std::to_string(margin) + ".00";
}

// TY as written when it still describes the game, else made from the rules and the start.
std::string game_type(const GameRecord& record) {
  const int discs = popcount(record.start.occupied());
  const bool initial = record.start == record.rules.initial();
  if (!record.meta.game_type.empty()) {
    const auto t = parse_ggf_type(record.meta.game_type);
    const bool matches = t && t->size == record.rules.size() && t->anti == record.rules.anti() &&
                         t->komi == record.meta.komi.has_value() &&
                         (t->random_discs ? *t->random_discs == discs : initial);
    if (matches) return record.meta.game_type;
  }
  std::string ty = std::to_string(record.rules.size());
  if (record.meta.komi) ty += 'k';
  if (record.rules.anti()) ty += 'a';
  if (!initial) ty += "r" + std::to_string(discs);
  return ty;
}

std::string board_value(const GameRecord& record) {
  const auto& g = record.rules.geometry();
  const Bits dark = record.start.discs(Color::dark);
  const Bits light = record.start.discs(Color::light);
  std::string s = std::to_string(g.size());
  s.reserve(s.size() + static_cast<std::size_t>(g.cells() + g.size() + 2));
  for (int r = 0; r < g.size(); ++r) {
    s += ' ';
    for (int c = 0; c < g.size(); ++c) {
      const Square sq = g.square(r, c);
      s += ((dark >> sq) & 1) != 0 ? '*' : ((light >> sq) & 1) != 0 ? 'O' : '-';
    }
  }
  s += record.start.to_move == Color::dark ? " *" : " O";
  return s;
}

std::string wthor_value(const WthorInfo& w) {
  return std::to_string(w.tournament_id) + " " + std::to_string(w.black_id) + " " +
         std::to_string(w.white_id) + " " + std::to_string(w.black_score) + " " +
         std::to_string(w.theoretical_score) + " " + std::to_string(w.depth);
}

// The square's name ("d3", "j10") into `out`, without allocating: this runs for every move.
std::size_t square_name(const Geometry& g, Square sq, char (&out)[4]) {
  const int row = g.row(sq) + 1;
  out[0] = static_cast<char>('a' + g.col(sq));
  if (row < 10) {
    out[1] = static_cast<char>('0' + row);
    return 2;
  }
  out[1] = '1';
  out[2] = static_cast<char>('0' + row - 10);
  return 3;
}

bool same_ignoring_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t k = 0; k < a.size(); ++k)
    if ((a[k] | 0x20) != (b[k] | 0x20)) return false;
  return true;
}

// B[square/note] or W[...]: the square as written when it names the same square (its case
// kept), else its name; passes as written, or PA when inferred.
void append_move(std::string& out, const GameRecord& record, const PlayedMove& m) {
  const WrittenMove* written =
      m.written_index > 0 ? &record.moves[static_cast<std::size_t>(m.written_index - 1)] : nullptr;
  out += m.side == Color::dark ? "B[" : "W[";
  if (m.is_pass()) {
    append_escaped(out, written != nullptr ? std::string_view(written->text) : inferred_pass);
  } else {
    char name[4];
    const std::string_view plain(name, square_name(record.rules.geometry(), m.square, name));
    const bool keep = written != nullptr && same_ignoring_case(written->text, plain);
    out += keep ? std::string_view(written->text) : plain;
  }
  if (written != nullptr && !record.move_notes.empty()) {
    const std::string& note = record.move_notes[static_cast<std::size_t>(m.written_index - 1)];
    if (!note.empty()) {
      out += '/';
      append_escaped(out, note);
    }
  }
  out += ']';
}

std::optional<std::string> refusal(const GameRecord& record) {
  if (record.rules.holes() != 0)
    return "GGF cannot hold black holes (" + record.rules.geometry().list(record.rules.holes()) +
           ")";
  if (record.rules.start() == Start::free) return "GGF cannot hold the free-centre start";
  if (record.rules.scoring() == Scoring::count)
    return "GGF scores with the empties to the winner and cannot hold count scoring";
  return std::nullopt;
}

}  // namespace

WriteResult write_ggf(const GameRecord& record) {
  if (auto r = refusal(record)) return WriteResult{{}, std::move(r)};
  return write_ggf(record, replay_record(record));
}

WriteResult write_ggf(const GameRecord& record, const Replay& r) {
  if (auto reason = refusal(record)) return WriteResult{{}, std::move(reason)};
  if (!r.ok())
    return WriteResult{{},
                       "move " + std::to_string(r.error->error.move_number) +
                           " does not replay: " + r.error->error.reason};
  const auto& m = record.meta;
  std::string out;
  out.reserve(ggf_bytes_hint);
  out += "(;";
  property(out, "GM", "Othello");
  optional_property(out, "PC", m.place);
  optional_property(out, "EV", m.tournament);
  optional_property(out, "DT", m.date);
  optional_property(out, "PB", m.black);
  optional_property(out, "PW", m.white);
  optional_property(out, "RB", m.black_rating);
  optional_property(out, "RW", m.white_rating);
  optional_property(out, "TI", m.time_control);
  property(out, "TY", game_type(record));
  for (const auto& [name, value] : m.properties) property(out, name, value);
  if (m.komi) property(out, "KM", decimal_text(*m.komi));
  if (m.wthor) property(out, "WT", wthor_value(*m.wthor));
  if (!m.result.empty()) {
    property(out, "RE", m.result);
  } else if (r.finished && !m.properties.contains("RE")) {
    property(out, "RE", margin_text(record.rules.value(r.final_position, Color::dark)));
  }
  property(out, "BO", board_value(record));
  for (const auto& move : r.moves) append_move(out, record, move);
  out += ";)";
  return WriteResult{std::move(out), std::nullopt};
}

std::string ggf_archive_line(const std::vector<std::string>& games) {
  std::string out = std::to_string(games.size()) + " ";
  for (const auto& g : games) out += g;
  return out;
}

std::optional<WthorInfo> parse_ggf_wthor(std::string_view text) {
  int fields[wthor_fields] = {};
  std::size_t at = 0;
  for (int& field : fields) {
    while (at < text.size() && is_space(text[at])) ++at;
    std::size_t end = at;
    while (end < text.size() && !is_space(text[end])) ++end;
    const auto n = parse_int(text.substr(at, end - at));
    if (!n || *n < 0 || *n > 0xFFFF) return std::nullopt;
    field = *n;
    at = end;
  }
  if (!trim(text.substr(at)).empty()) return std::nullopt;
  return WthorInfo{fields[3], fields[4], fields[5], fields[0], fields[1], fields[2]};
}

}  // namespace reversi::records
