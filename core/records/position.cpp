#include "core/records/position.hpp"

#include "core/records/text.hpp"

namespace reversi::records {

namespace {

bool is_comment(std::string_view text) {
  return text.empty() || text[0] == '%' || text[0] == '#';
}

ParsedGame position_record(const Rules& rules, const SourceLocation& where) {
  ParsedGame out;
  out.record.source = where;
  out.record.rules = rules;
  out.record.start = rules.initial();
  out.record.position_only = true;
  return out;
}

// The board part: parse_board's checks, with the size named when the cell count fits another.
std::optional<RecordError> read_position(std::string_view text, const Rules& rules, Position& out) {
  const auto board = parse_board(text, rules);
  if (board.error && board.error->kind == ErrorKind::wrong_size) {
    std::size_t cells = 0;
    for (char c : text) cells += is_space(c) ? 0 : 1;
    for (int size : Geometry::supported_sizes)
      if (cells == static_cast<std::size_t>(size * size) + 1)
        return RecordError{ErrorKind::wrong_size,
                           "the position is " + std::to_string(size) + "x" + std::to_string(size) +
                               " but the rules say " + std::to_string(rules.size()) + "x" +
                               std::to_string(rules.size()) + " (see --size)",
                           0,
                           {}};
  }
  if (board.error) return board.error;
  out = board.position;
  return std::nullopt;
}

// "G8:+18" → a move score.
std::optional<RecordError> read_score(std::string_view entry, int number, const Geometry& g,
                                      std::vector<MoveScore>& scores) {
  const std::size_t colon = entry.find(':');
  const std::string_view move = trim(entry.substr(0, colon));
  if (colon == std::string_view::npos)
    return RecordError{ErrorKind::bad_format, quoted(entry) + " is not MOVE:score", number,
                       printable(move)};
  const auto score = parse_int(trim(entry.substr(colon + 1)));
  if (!score)
    return RecordError{ErrorKind::bad_format,
                       quoted(trim(entry.substr(colon + 1))) + " is not a score", number,
                       printable(move)};
  const std::string word = lower(move);
  if (word != "pa" && word != "pass" && !g.parse(word))
    return RecordError{ErrorKind::off_board,
                       quoted(move) + " is not a square of the " + std::to_string(g.size()) + "x" +
                           std::to_string(g.size()) + " board",
                       number, printable(move)};
  scores.push_back(MoveScore{std::string(move), *score});
  return std::nullopt;
}

}  // namespace

std::optional<ParsedGame> parse_obf_line(std::string_view line, const Rules& rules,
                                         const SourceLocation& where) {
  const std::string_view text = trim(line);
  if (is_comment(text)) return std::nullopt;
  ParsedGame out = position_record(rules, where);
  const std::size_t semicolon = text.find(';');
  if (auto e = read_position(text.substr(0, semicolon), rules, out.record.start)) {
    out.error = e;
    return out;
  }
  if (semicolon == std::string_view::npos) return out;
  std::string_view rest = text.substr(semicolon + 1);
  int number = 0;
  while (!rest.empty()) {
    const std::size_t next = rest.find(';');
    const std::string_view entry = trim(rest.substr(0, next));
    rest = next == std::string_view::npos ? std::string_view() : rest.substr(next + 1);
    if (entry.empty()) continue;
    if (auto e = read_score(entry, ++number, rules.geometry(), out.record.meta.move_scores)) {
      out.error = e;
      return out;
    }
  }
  return out;
}

std::optional<ParsedGame> parse_board_line(std::string_view line, const Rules& rules,
                                           const SourceLocation& where) {
  const std::string_view text = trim(line);
  if (is_comment(text)) return std::nullopt;
  ParsedGame out = position_record(rules, where);
  if (auto e = read_position(text, rules, out.record.start)) out.error = e;
  return out;
}

PositionReader::PositionReader(ByteSource& source, Format format, Rules rules, std::string file)
    : lines_(source, max_line_bytes), format_(format), rules_(rules), file_(std::move(file)) {}

std::optional<ParsedGame> PositionReader::next() {
  while (lines_.next(line_)) {
    const SourceLocation where{file_, format_, games_ + 1, lines_.number(), 0};
    if (lines_.too_long()) {
      ++games_;
      ParsedGame out = position_record(rules_, where);
      out.error = RecordError{ErrorKind::bad_format, "the line is longer than 1 MiB", 0, {}};
      return out;
    }
    auto game = format_ == Format::obf ? parse_obf_line(line_, rules_, where)
                                       : parse_board_line(line_, rules_, where);
    if (!game) continue;
    ++games_;
    return game;
  }
  return std::nullopt;
}

}  // namespace reversi::records
