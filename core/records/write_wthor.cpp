// The WTHOR writer: 68-byte game records, the file header and the WTHOR.JOU/.TRN name files.
#include "core/records/text.hpp"
#include "core/records/validate.hpp"
#include "core/records/write.hpp"
#include "core/records/wthor.hpp"

namespace reversi::records {

namespace {

constexpr int wthor_size = 8;
constexpr int max_moves = 60;
constexpr int latin1_limit = 0x100;
constexpr char unknown_character = '?';

void put_u8(std::string& out, int value) {
  out += static_cast<char>(value & 0xFF);
}
void put_u16(std::string& out, int value) {
  put_u8(out, value);
  put_u8(out, value >> 8);
}
void put_u32(std::string& out, std::uint32_t value) {
  put_u16(out, static_cast<int>(value & 0xFFFF));
  put_u16(out, static_cast<int>(value >> 16));
}

// UTF-8 into ISO-8859-1; characters beyond it (and malformed bytes) become '?'.
std::string utf8_to_latin1(std::string_view text) {
  std::string out;
  std::size_t i = 0;
  while (i < text.size()) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x80) {
      out += static_cast<char>(c);
      ++i;
      continue;
    }
    std::size_t length = (c & 0xE0) == 0xC0   ? 2
                         : (c & 0xF0) == 0xE0 ? 3
                         : (c & 0xF8) == 0xF0 ? 4
                                              : 1;
    if (i + length > text.size()) length = 1;
    int code = length == 2 ? ((c & 0x1F) << 6) | (static_cast<unsigned char>(text[i + 1]) & 0x3F)
                           : latin1_limit;
    out += code < latin1_limit ? static_cast<char>(code) : unknown_character;
    i += length;
  }
  return out;
}

std::optional<std::string> refusal(const GameRecord& record) {
  const Rules& rules = record.rules;
  const std::string size = std::to_string(rules.size());
  if (rules.size() != wthor_size) return "a .wtb file holds 8x8 games, not " + size + "x" + size;
  if (rules.holes() != 0) return "WTHOR cannot hold black holes";
  if (rules.start() == Start::free) return "WTHOR cannot hold the free-centre start";
  if (rules.anti()) return "WTHOR cannot hold anti-reversi";
  if (rules.scoring() == Scoring::count) return "WTHOR cannot hold count scoring";
  if (record.start != rules.initial())
    return "WTHOR games start from the standard position; this one starts elsewhere";
  if (record.position_only) return "WTHOR holds games, not positions";
  return std::nullopt;
}

// 10 * row + column, both from 1: a1 = 11, h8 = 88.
int square_byte(const Geometry& g, Square sq) {
  return 10 * (g.row(sq) + 1) + g.col(sq) + 1;
}

std::optional<int> stored(const std::optional<WthorInfo>& w, int WthorInfo::*field) {
  if (!w) return std::nullopt;
  return (*w).*field;
}

int resolve(WthorNameTable* table, const std::string& name, std::optional<int> preferred) {
  if (table == nullptr) return preferred.value_or(0);
  return table->id_for(name, preferred);
}

}  // namespace

WthorNameTable::WthorNameTable(std::vector<std::string> names, std::size_t record_bytes)
    : names_(std::move(names)), record_bytes_(record_bytes) {}

int WthorNameTable::id_for(const std::string& name, std::optional<int> preferred) {
  // WTHOR has no "unknown" number: a game without the name keeps its number, or takes 0.
  if (name.empty()) return preferred.value_or(0);
  const std::string fitted = wthor_fit_name(name, record_bytes_);
  if (preferred && *preferred >= 0) {
    const auto slot = static_cast<std::size_t>(*preferred);
    if (slot < names_.size() && names_[slot] == fitted) return *preferred;
    if (slot >= names_.size() || names_[slot].empty()) {
      if (slot >= names_.size()) names_.resize(slot + 1);
      names_[slot] = fitted;
      changed_ = true;
      return *preferred;
    }
  }
  for (std::size_t k = 0; k < names_.size(); ++k)
    if (names_[k] == fitted) return static_cast<int>(k);
  names_.push_back(fitted);
  changed_ = true;
  return static_cast<int>(names_.size() - 1);
}

std::string wthor_fit_name(std::string_view utf8, std::size_t record_bytes) {
  std::string latin1 = utf8_to_latin1(utf8);
  if (latin1.size() >= record_bytes) latin1.resize(record_bytes - 1);
  return latin1_to_utf8(latin1);
}

std::string encode_wthor_header(const WthorHeader& h) {
  std::string out;
  put_u8(out, h.century);
  put_u8(out, h.year);
  put_u8(out, h.month);
  put_u8(out, h.day);
  put_u32(out, h.games);
  put_u16(out, h.names);
  put_u16(out, h.game_year);
  put_u8(out, h.board_size);
  put_u8(out, h.type);
  put_u8(out, h.depth);
  put_u8(out, 0);
  return out;
}

std::string wthor_names_file(const std::vector<std::string>& names, std::size_t record_bytes,
                             const WthorHeader& date) {
  WthorHeader h;
  h.century = date.century;
  h.year = date.year;
  h.month = date.month;
  h.day = date.day;
  h.names = static_cast<std::uint16_t>(names.size());
  h.board_size = 0;
  std::string out = encode_wthor_header(h);
  for (const auto& name : names) {
    std::string bytes = utf8_to_latin1(name);
    bytes.resize(record_bytes, '\0');
    out += bytes;
  }
  return out;
}

WriteResult write_wthor_game(const GameRecord& record, const WthorIds& ids) {
  if (auto r = refusal(record)) return WriteResult{{}, std::move(r)};
  return write_wthor_game(record, replay_record(record), ids);
}

WriteResult write_wthor_game(const GameRecord& record, const Replay& r, const WthorIds& ids) {
  if (auto reason = refusal(record)) return WriteResult{{}, std::move(reason)};
  if (!r.ok())
    return WriteResult{{},
                       "move " + std::to_string(r.error->error.move_number) +
                           " does not replay: " + r.error->error.reason};
  const auto& m = record.meta;
  const int tournament =
      resolve(ids.tournaments, m.tournament, stored(m.wthor, &WthorInfo::tournament_id));
  const int black = resolve(ids.players, m.black, stored(m.wthor, &WthorInfo::black_id));
  const int white = resolve(ids.players, m.white, stored(m.wthor, &WthorInfo::white_id));
  const int replayed = r.finished ? wthor_black_score(record.rules.tally(r.final_position))
                                  : record.rules.tally(r.final_position).dark;
  const int score = m.wthor ? m.wthor->black_score : replayed;
  const int theoretical = m.wthor ? m.wthor->theoretical_score : score;
  std::string out;
  out.reserve(wthor_record_bytes_8);
  put_u16(out, tournament);
  put_u16(out, black);
  put_u16(out, white);
  put_u8(out, score);
  put_u8(out, theoretical);
  const auto& g = record.rules.geometry();
  int moves = 0;
  for (const auto& move : r.moves) {
    if (move.is_pass()) continue;
    put_u8(out, square_byte(g, move.square));
    ++moves;
  }
  for (; moves < max_moves; ++moves) put_u8(out, 0);
  return WriteResult{std::move(out), std::nullopt};
}

std::optional<int> record_year(const GameRecord& record) {
  const std::string& date = record.meta.date;
  constexpr std::size_t year_digits = 4;
  if (date.size() < year_digits) return std::nullopt;
  for (std::size_t k = 0; k < year_digits; ++k)
    if (!is_digit(date[k])) return std::nullopt;
  if (date.size() > year_digits && is_digit(date[year_digits])) return std::nullopt;
  return parse_int(date.substr(0, year_digits));
}

}  // namespace reversi::records
