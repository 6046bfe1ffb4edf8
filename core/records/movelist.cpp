#include "core/records/movelist.hpp"

#include "core/records/text.hpp"

namespace reversi::records {

namespace {

// Moves never hold three letters in a row, except the word "pass".
bool has_word(std::string_view text) {
  const auto is_letter = [](char c) { return (c | 0x20) >= 'a' && (c | 0x20) <= 'z'; };
  std::size_t k = 0;
  while (k < text.size()) {
    std::size_t end = k;
    while (end < text.size() && is_letter(text[end])) ++end;
    if (end - k >= 3 && lower(text.substr(k, end - k)) != "pass") return true;
    k = end == k ? k + 1 : end;
  }
  return false;
}

bool reads_as_moves(std::string_view word, const Geometry& g) {
  return !parse_move_list(word, g).error;
}

// A name's first word: not a move from its first character ("Tiger", "No-FAT"), or holding a
// word ("20-move"). "d6\x00c3" starts with a move and is a bad move list, not a name.
bool starts_name(std::string_view word, const Geometry& g) {
  const auto parsed = parse_move_list(word, g);
  if (!parsed.error) return false;
  return parsed.error->move_number == 1 || has_word(word);
}

std::string_view first_word(std::string_view text) {
  std::size_t k = 0;
  while (k < text.size() && !is_space(text[k])) ++k;
  return text.substr(0, k);
}

// Where a trailing name starts, if any: at the first word that does not read as moves, either
// right after a compact move list ("F5d6C3d3 No-FAT") or after a gap of two or more spaces or a
// tab ("f5 d6 c3    Tiger"). A bad word after a single space inside spaced-out moves
// ("f5 d6 zz c3") stays an error.
std::size_t label_start(std::string_view line, const Geometry& g) {
  const std::string_view compact = first_word(line);
  if (compact.size() < line.size() && reads_as_moves(compact, g)) {
    const std::size_t rest = line.find_first_not_of(" \t", compact.size());
    if (rest != std::string_view::npos && starts_name(first_word(line.substr(rest)), g))
      return rest;
  }
  std::size_t i = 0;
  while (i < line.size()) {
    if (!is_space(line[i])) {
      ++i;
      continue;
    }
    std::size_t j = i;
    while (j < line.size() && is_space(line[j])) ++j;
    const bool wide = j - i >= 2 || line.substr(i, j - i).find('\t') != std::string_view::npos;
    if (wide && i > 0 && j < line.size() && starts_name(first_word(line.substr(j)), g)) return j;
    i = j;
  }
  return std::string_view::npos;
}

// "#" starts a comment anywhere; "//" at the start of a line too (as some opening lists use).
std::string_view strip_comment(std::string_view line) {
  const std::string_view text = trim(line);
  if (text.starts_with("//")) return {};
  return text.substr(0, text.find('#'));
}

}  // namespace

std::optional<ParsedGame> parse_move_list_line(std::string_view line, const Rules& rules,
                                               const SourceLocation& where) {
  std::string_view text = trim(strip_comment(line));
  if (text.empty()) return std::nullopt;
  ParsedGame out;
  out.record.source = where;
  out.record.rules = rules;
  out.record.start = rules.initial();
  const std::size_t label = label_start(text, rules.geometry());
  if (label != std::string_view::npos) {
    out.record.meta.name = std::string(trim(text.substr(label)));
    text = trim(text.substr(0, label));
  }
  auto parsed = parse_move_list(text, rules.geometry());
  out.record.moves = std::move(parsed.moves);
  out.error = std::move(parsed.error);
  return out;
}

MoveListReader::MoveListReader(ByteSource& source, Rules rules, std::string file)
    : lines_(source, max_line_bytes), rules_(rules), file_(std::move(file)) {}

std::optional<ParsedGame> MoveListReader::next() {
  while (lines_.next(line_)) {
    SourceLocation where{file_, Format::moves, games_ + 1, lines_.number(), 0};
    if (lines_.too_long()) {
      ++games_;
      ParsedGame out;
      out.record.source = where;
      out.record.rules = rules_;
      out.record.start = rules_.initial();
      out.error = RecordError{ErrorKind::bad_format, "the line is longer than 1 MiB", 0, {}};
      return out;
    }
    auto game = parse_move_list_line(line_, rules_, where);
    if (!game) continue;
    ++games_;
    return game;
  }
  return std::nullopt;
}

}  // namespace reversi::records
