#include "core/records/ggf.hpp"

#include <cmath>

#include "core/records/text.hpp"
#include "core/records/write.hpp"

namespace reversi::records {

namespace {

constexpr std::string_view game_open = "(;";
constexpr std::string_view game_close = ";)";

struct RawMove {
  Color side;
  std::string value;
};

struct Properties {
  std::optional<std::string> type;
  std::optional<std::string> board;
  std::vector<RawMove> moves;
};

// GGF values are bracketed; a backslash escapes the next character.
std::optional<std::string> read_value(std::string_view text, std::size_t& i) {
  std::string value;
  while (i < text.size()) {
    const char c = text[i++];
    if (c == ']') return value;
    if (c == '\\' && i < text.size()) {
      value += text[i++];
      continue;
    }
    value += c;
  }
  return std::nullopt;
}

std::optional<RecordError> store_property(const std::string& name, std::string value,
                                          Properties& props, Metadata& meta) {
  if (name == "B" || name == "W") {
    props.moves.push_back(RawMove{name == "B" ? Color::dark : Color::light, std::move(value)});
  } else if (name == "GM") {
    if (lower(value) != "othello")
      return RecordError{
          ErrorKind::bad_format, "GM[" + printable(value) + "] is not Othello", 0, {}};
  } else if (name == "PB") {
    meta.black = std::move(value);
  } else if (name == "PW") {
    meta.white = std::move(value);
  } else if (name == "RB") {
    meta.black_rating = std::move(value);
  } else if (name == "RW") {
    meta.white_rating = std::move(value);
  } else if (name == "DT") {
    meta.date = std::move(value);
  } else if (name == "PC") {
    meta.place = std::move(value);
  } else if (name == "EV") {
    meta.tournament = std::move(value);
  } else if (name == "WT") {
    // What a WTHOR record stores beside its moves, as the GGF writer keeps it.
    meta.wthor = parse_ggf_wthor(value);
    if (!meta.wthor)
      return RecordError{
          ErrorKind::bad_format, "WT[" + printable(value) + "] is not six WTHOR numbers", 0, {}};
  } else if (name == "TI") {
    meta.time_control = std::move(value);
  } else if (name == "TY") {
    meta.game_type = value;
    props.type = std::move(value);
  } else if (name == "BO") {
    props.board = std::move(value);
  } else if (name == "RE" && trim(value) != "?") {
    // NBoard's "RE[?]" (no result yet) has nothing to check: it is kept with the other properties
    // below, so that the record writes back the same.
    if (!parse_ggf_result(value))
      return RecordError{ErrorKind::bad_format,
                         "RE[" + printable(value) + "] is not a margin such as +4.00",
                         0,
                         {}};
    meta.result = std::move(value);
  } else if (name == "KM") {
    const auto komi = parse_decimal(trim(value));
    if (!komi)
      return RecordError{
          ErrorKind::bad_format, "KM[" + printable(value) + "] is not a number", 0, {}};
    meta.komi = komi->value;
  } else {
    meta.properties.emplace(name, std::move(value));
  }
  return std::nullopt;
}

// "8 -------- ... *": size, the cells row by row, then the side to move.
std::optional<RecordError> read_board(std::string_view text, int expected_size, const Rules& rules,
                                      Position& out) {
  text = trim(text);
  std::size_t i = 0;
  while (i < text.size() && is_digit(text[i])) ++i;
  const auto size = parse_int(text.substr(0, i));
  if (!size)
    return RecordError{ErrorKind::bad_board, "BO does not start with the board size", 0, {}};
  if (*size != expected_size)
    return RecordError{ErrorKind::wrong_size,
                       "BO is " + std::to_string(*size) + "x" + std::to_string(*size) +
                           " but TY says " + std::to_string(expected_size) + "x" +
                           std::to_string(expected_size),
                       0,
                       {}};
  const auto board = parse_board(text.substr(i), rules);
  if (board.error) {
    RecordError e = *board.error;
    e.reason = "BO: " + e.reason;
    return e;
  }
  out = board.position;
  return std::nullopt;
}

std::optional<RecordError> read_moves(const std::vector<RawMove>& raw, const Geometry& g,
                                      GameRecord& record) {
  bool any_note = false;
  for (const auto& m : raw) {
    const std::size_t slash = m.value.find('/');
    const std::string square = std::string(trim(std::string_view(m.value).substr(0, slash)));
    const std::string note = slash == std::string::npos ? "" : m.value.substr(slash + 1);
    any_note = any_note || !note.empty();
    const int number = static_cast<int>(record.moves.size()) + 1;
    WrittenMove move{square, no_square, m.side};
    const std::string word = lower(square);
    if (word != "pass" && word != "pa") {
      const auto sq = g.parse(word);
      if (!sq) {
        const bool looks_like_square =
            word.size() >= 2 && word[0] >= 'a' && word[0] <= 'z' && is_digit(word[1]);
        if (looks_like_square)
          return RecordError{ErrorKind::off_board,
                             "square " + printable(square) + " is off the " +
                                 std::to_string(g.size()) + "x" + std::to_string(g.size()) +
                                 " board",
                             number, printable(square)};
        return RecordError{ErrorKind::unknown_token, quoted(square) + " is not a move", number,
                           printable(square)};
      }
      move.square = *sq;
    }
    record.moves.push_back(std::move(move));
    record.move_notes.push_back(note);
  }
  if (!any_note) record.move_notes.clear();
  return std::nullopt;
}

// BO's leading size, for records without TY.
std::optional<int> board_size_of(std::string_view board) {
  board = trim(board);
  std::size_t n = 0;
  while (n < board.size() && is_digit(board[n])) ++n;
  return parse_int(board.substr(0, n));
}

std::optional<RecordError> apply_rules(const Properties& props, GameRecord& record) {
  GgfType type;
  if (props.type) {
    const auto parsed = parse_ggf_type(*props.type);
    if (!parsed)
      return RecordError{
          ErrorKind::bad_format, "TY[" + printable(*props.type) + "] is not a game type", 0, {}};
    type = *parsed;
  } else if (props.board) {
    type.size = board_size_of(*props.board).value_or(type.size);
  }
  if (!Geometry::is_supported(type.size)) {
    const std::string where = props.type ? "TY[" + printable(*props.type) + "]: " : "BO: ";
    return RecordError{ErrorKind::wrong_size,
                       where + "board size " + std::to_string(type.size) + " is not 4, 6, 8 or 10",
                       0,
                       {}};
  }
  record.rules = Rules(type.size, Start::standard, type.anti);
  record.start = record.rules.initial();
  if (props.board) {
    if (auto e = read_board(*props.board, type.size, record.rules, record.start)) return e;
  }
  if (type.random_discs) {
    const int discs = popcount(record.start.occupied());
    if (discs != *type.random_discs)
      return RecordError{ErrorKind::bad_board,
                         "TY says a random start with " + std::to_string(*type.random_discs) +
                             " discs but BO holds " + std::to_string(discs),
                         0,
                         {}};
  }
  return std::nullopt;
}

}  // namespace

std::optional<GgfType> parse_ggf_type(std::string_view text) {
  GgfType out;
  std::size_t i = 0;
  if (i < text.size() && text[i] == 's') {
    out.synchro = true;
    ++i;
  }
  std::size_t digits = i;
  while (digits < text.size() && is_digit(text[digits])) ++digits;
  const auto size = parse_int(text.substr(i, digits - i));
  if (!size) return std::nullopt;
  out.size = *size;  // checked by the caller, which can say it is the size that is wrong
  i = digits;
  while (i < text.size()) {
    const char c = text[i++];
    if (c == 'k') {
      out.komi = true;
    } else if (c == 'a') {
      out.anti = true;
    } else if (c == 'r') {
      std::size_t end = i;
      while (end < text.size() && is_digit(text[end])) ++end;
      const auto n = parse_int(text.substr(i, end - i));
      if (!n) return std::nullopt;
      out.random_discs = *n;
      i = end;
    } else {
      return std::nullopt;
    }
  }
  return out;
}

std::optional<GgfResult> parse_ggf_result(std::string_view text) {
  text = trim(text);
  GgfResult out;
  const std::size_t colon = text.find(':');
  if (colon != std::string_view::npos) {
    out.suffix = std::string(text.substr(colon + 1));
    text = text.substr(0, colon);
  }
  const auto d = parse_decimal(text);
  if (!d) return std::nullopt;
  out.margin = d->value;
  out.decimals = d->decimals;
  return out;
}

ParsedGame parse_ggf_game(std::string_view text, const SourceLocation& where) {
  ParsedGame out;
  out.record.source = where;
  out.record.explicit_passes = true;
  out.record.start = out.record.rules.initial();
  const auto fail = [&](ErrorKind kind, std::string reason) {
    out.error = RecordError{kind, std::move(reason), 0, {}};
    return out;
  };
  if (!text.starts_with(game_open)) return fail(ErrorKind::bad_format, "a game starts with '(;'");
  if (!text.ends_with(game_close) || text.size() < game_open.size() + game_close.size())
    return fail(ErrorKind::truncated, "the game is cut short: no closing ';)'");
  Properties props;
  std::size_t i = game_open.size();
  const std::size_t end = text.size() - game_close.size();
  while (i < end) {
    if (is_space(text[i])) {
      ++i;
      continue;
    }
    std::size_t j = i;
    while (j < end && is_upper(text[j])) ++j;
    if (j == i || j >= end || text[j] != '[') {
      const std::size_t stop = std::min(end, i + 12);
      return fail(ErrorKind::bad_format, "expected a property such as PB[...] at '" +
                                             printable(text.substr(i, stop - i)) + "'");
    }
    const std::string name(text.substr(i, j - i));
    i = j + 1;
    auto value = read_value(text.substr(0, end), i);
    if (!value) return fail(ErrorKind::truncated, "property " + name + " has no closing ']'");
    if (auto e = store_property(name, std::move(*value), props, out.record.meta)) {
      out.error = e;
      return out;
    }
  }
  if (auto e = apply_rules(props, out.record)) {
    out.error = e;
    return out;
  }
  out.error = read_moves(props.moves, out.record.rules.geometry(), out.record);
  return out;
}

GgfReader::GgfReader(ByteSource& source, std::string file) : in_(source), file_(std::move(file)) {}

ParsedGame GgfReader::error_item(int line, ErrorKind kind, std::string reason) {
  ParsedGame out;
  out.record.source = SourceLocation{file_, Format::ggf, ++games_, line, 0};
  out.record.start = out.record.rules.initial();
  out.error = RecordError{kind, std::move(reason), 0, {}};
  return out;
}

// At the end of a line that began with an archive count, the count must match its games.
std::optional<ParsedGame> GgfReader::end_of_line() {
  if (!declared_) return std::nullopt;
  const int declared = *declared_;
  declared_.reset();
  if (declared == games_after_count_) return std::nullopt;
  return error_item(declared_line_, ErrorKind::bad_format,
                    "the archive line says " + std::to_string(declared) + " game" +
                        (declared == 1 ? "" : "s") + " but holds " +
                        std::to_string(games_after_count_));
}

ParsedGame GgfReader::read_game() {
  const int line = in_.line();
  std::string text;
  int previous = -1;
  if (opened_) {
    // The '(' of this game was taken while reading the previous one.
    text = "(";
    previous = '(';
    opened_ = false;
  }
  bool in_value = false;
  bool escaped = false;
  bool too_long = false;
  int c;
  while ((c = in_.get()) >= 0) {
    const bool kept = text.size() < max_game_bytes;
    if (kept) {
      text += static_cast<char>(c);
    } else {
      too_long = true;
    }
    // "(;" opens the next game: outside a value, or inside one at the start of a line, where
    // an unclosed '[' would otherwise swallow the rest of the file.
    const bool next_game =
        c == '(' && previous >= 0 && in_.peek() == ';' && (!in_value || previous == '\n');
    if (next_game) {
      if (kept) text.pop_back();
      opened_ = true;
      break;
    }
    if (in_value) {
      if (escaped) {
        escaped = false;
      } else if (c == '\\') {
        escaped = true;
      } else if (c == ']') {
        in_value = false;
      }
    } else if (c == '[') {
      in_value = true;
    } else if (c == ')' && previous == ';') {
      break;
    }
    previous = c;
  }
  if (too_long) return error_item(line, ErrorKind::bad_format, "the game is longer than 1 MiB");
  return parse_ggf_game(text, SourceLocation{file_, Format::ggf, ++games_, line, 0});
}

std::optional<ParsedGame> GgfReader::next() {
  while (true) {
    if (opened_) {
      line_has_content_ = true;
      if (declared_) ++games_after_count_;
      return read_game();
    }
    int c = in_.peek();
    if (c < 0) return end_of_line();
    if (c == '\n') {
      in_.get();
      line_has_content_ = false;
      if (auto e = end_of_line()) return e;
      continue;
    }
    if (is_space(static_cast<char>(c))) {
      in_.get();
      continue;
    }
    if (c == '(') {
      line_has_content_ = true;
      if (declared_) ++games_after_count_;
      return read_game();
    }
    // Anything else is a word: an archive count at the start of a line, or garbage.
    const int line = in_.line();
    std::string word;
    while ((c = in_.peek()) >= 0 && !is_space(static_cast<char>(c)) && c != '(') {
      if (word.size() < 40) word += static_cast<char>(c);
      in_.get();
    }
    const auto count = parse_int(word);
    const bool starts_line = !line_has_content_;
    line_has_content_ = true;
    if (count && *count >= 0 && starts_line && !declared_) {
      declared_ = *count;
      declared_line_ = line;
      games_after_count_ = 0;
      continue;
    }
    // Skip the rest of the stray text up to the next game or line, and report it once.
    while ((c = in_.peek()) >= 0 && c != '\n' && c != '(') in_.get();
    return error_item(line, ErrorKind::bad_format,
                      "unexpected text " + quoted(word) + " outside a game");
  }
}

}  // namespace reversi::records
