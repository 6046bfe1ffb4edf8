#include "core/notation.hpp"

#include <cctype>

namespace reversi {

std::string error_kind_name(ErrorKind k) {
  switch (k) {
    case ErrorKind::unknown_token:
      return "unknown-token";
    case ErrorKind::off_board:
      return "off-board";
    case ErrorKind::occupied:
      return "occupied";
    case ErrorKind::flips_nothing:
      return "flips-nothing";
    case ErrorKind::missing_pass:
      return "missing-pass";
    case ErrorKind::pass_with_moves:
      return "pass-with-moves";
    case ErrorKind::wrong_side:
      return "wrong-side";
    case ErrorKind::after_game_end:
      return "after-game-end";
    case ErrorKind::wrong_size:
      return "wrong-size";
    case ErrorKind::bad_board:
      return "bad-board";
    case ErrorKind::result_mismatch:
      return "result-mismatch";
    case ErrorKind::truncated:
      return "truncated";
    case ErrorKind::bad_format:
      return "bad-format";
    case ErrorKind::unfinished:
      return "unfinished";
  }
  return "unknown";
}

namespace {

bool is_alpha(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) != 0;
}
bool is_digit(char c) {
  return c >= '0' && c <= '9';
}
bool is_separator(char c) {
  return std::isspace(static_cast<unsigned char>(c)) != 0 || c == ',' || c == '-' || c == ';' ||
         c == '.';
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (auto& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

bool is_pass_word(const std::string& w) {
  return w == "pass" || w == "pa" || w == "ps" || w == "@@" || w == "--";
}

// A printable rendering of a token for messages (bad bytes shown as \xNN).
std::string printable(std::string_view s) {
  std::string out;
  for (char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (u >= 0x20 && u < 0x7f) {
      out += c;
    } else {
      static const char* hex = "0123456789ABCDEF";
      out += "\\x";
      out += hex[u >> 4];
      out += hex[u & 15];
    }
  }
  return out;
}

}  // namespace

MoveListParse parse_move_list(std::string_view text, const Geometry& g) {
  MoveListParse out;
  std::size_t i = 0;
  const auto fail = [&](ErrorKind kind, std::string_view token, std::string reason) {
    out.error = RecordError{kind, std::move(reason), static_cast<int>(out.moves.size()) + 1,
                            printable(token)};
    return out;
  };
  while (i < text.size()) {
    const char c = text[i];
    if (is_separator(c)) {
      ++i;
      continue;
    }
    std::size_t j = i;
    if (text.substr(i, 2) == "@@" || text.substr(i, 2) == "--") {
      j = i + 2;
    } else if (is_alpha(c)) {
      ++j;
      if (j < text.size() && is_digit(text[j])) {
        while (j < text.size() && is_digit(text[j]) && j - i < 3) ++j;
      } else {
        while (j < text.size() && is_alpha(text[j])) ++j;
      }
    } else if (is_digit(c)) {
      while (j < text.size() && is_digit(text[j])) ++j;
      if (j < text.size() && !is_separator(text[j]))
        return fail(ErrorKind::unknown_token, text.substr(i, j - i + 1),
                    "square numbers must be separated");
    } else {
      return fail(ErrorKind::unknown_token, text.substr(i, 1), "unexpected character");
    }
    const std::string_view token = text.substr(i, j - i);
    const std::string word = lower(token);
    i = j;
    WrittenMove move;
    move.text = std::string(token);
    if (is_pass_word(word)) {
      out.moves.push_back(move);
      continue;
    }
    if (is_alpha(word[0]) && word.size() >= 2 && is_digit(word[1])) {
      const auto sq = g.parse(word);
      if (!sq)
        return fail(ErrorKind::off_board, token,
                    "square " + word + " is off the " + std::to_string(g.size()) + "x" +
                        std::to_string(g.size()) + " board");
      move.square = *sq;
      out.moves.push_back(move);
      continue;
    }
    if (is_digit(word[0])) {
      if (g.size() != 8)
        return fail(ErrorKind::unknown_token, token, "square numbers are only used on 8x8");
      const auto sq = g.parse(word);
      if (!sq)
        return fail(ErrorKind::off_board, token, "square number " + word + " is not in 1..64");
      move.square = *sq;
      out.moves.push_back(move);
      continue;
    }
    return fail(ErrorKind::unknown_token, token, "'" + printable(token) + "' is not a move");
  }
  return out;
}

BoardParse parse_board(std::string_view text, const Rules& rules) {
  BoardParse out;
  std::string cells;
  for (char c : text)
    if (std::isspace(static_cast<unsigned char>(c)) == 0) cells += c;
  const auto& g = rules.geometry();
  const auto n = static_cast<std::size_t>(g.cells());
  const auto fail = [&](ErrorKind kind, std::string reason) {
    out.error = RecordError{kind, std::move(reason), 0, {}};
    return out;
  };
  if (cells.size() != n + 1)
    return fail(ErrorKind::wrong_size, "board string has " + std::to_string(cells.size()) +
                                           " characters; a " + std::to_string(g.size()) + "x" +
                                           std::to_string(g.size()) + " board needs " +
                                           std::to_string(n) + " cells and the side to move");
  Bits dark = 0;
  Bits light = 0;
  for (std::size_t k = 0; k < n; ++k) {
    const int r = static_cast<int>(k) / g.size();
    const int col = static_cast<int>(k) % g.size();
    const Bits b = bit<Bits>(g.square(r, col));
    switch (cells[k]) {
      case 'X':
      case 'x':
      case '*':
      case 'B':
      case 'b':
        dark |= b;
        break;
      case 'O':
      case 'o':
      case 'W':
      case 'w':
        light |= b;
        break;
      case '-':
      case '.':
      case '_':
        break;
      default:
        return fail(ErrorKind::bad_board, "unexpected character '" + printable(cells.substr(k, 1)) +
                                              "' at cell " + std::to_string(k + 1));
    }
  }
  if (((dark | light) & rules.holes()) != 0)
    return fail(ErrorKind::bad_board, "a disc stands on a hole");
  Color side;
  switch (cells[n]) {
    case 'X':
    case 'x':
    case '*':
    case 'B':
    case 'b':
      side = Color::dark;
      break;
    case 'O':
    case 'o':
    case 'W':
    case 'w':
      side = Color::light;
      break;
    default:
      return fail(ErrorKind::bad_board,
                  "side to move '" + printable(cells.substr(n, 1)) + "' is not X, * or O");
  }
  Position p = rules.initial();
  p.to_move = side;
  p.player = side == Color::dark ? dark : light;
  p.opponent = side == Color::dark ? light : dark;
  if (rules.start() == Start::free) {
    // Discs already placed come out of each side's supply in turn order: a fair approximation.
    const int placed = popcount(dark | light);
    p.supply[0] = static_cast<std::int16_t>(p.supply[0] - (placed + 1) / 2);
    p.supply[1] = static_cast<std::int16_t>(p.supply[1] - placed / 2);
    if (p.supply[0] < 0 || p.supply[1] < 0) p.supply = {0, 0};
  }
  out.position = p;
  return out;
}

std::string board_string(const Position& p, const Rules& rules) {
  const auto& g = rules.geometry();
  std::string s;
  const Bits dark = p.discs(Color::dark);
  const Bits light = p.discs(Color::light);
  for (int r = 0; r < g.size(); ++r)
    for (int c = 0; c < g.size(); ++c) {
      const Bits b = bit<Bits>(g.square(r, c));
      s += (dark & b) ? 'X' : (light & b) ? 'O' : '-';
    }
  s += ' ';
  s += p.to_move == Color::dark ? 'X' : 'O';
  return s;
}

std::string move_list_string(const std::vector<Square>& moves, const Geometry& g) {
  std::string s;
  for (Square sq : moves) s += sq == no_square ? "pa" : g.name(sq);
  return s;
}

}  // namespace reversi
