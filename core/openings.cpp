#include "core/openings.hpp"

#include <algorithm>
#include <sstream>
#include <stdexcept>

#include "core/notation.hpp"

namespace reversi {

namespace {

// The smallest (player, opponent) image of the position under the board's eight symmetries.
std::pair<Bits, Bits> key_of(const Position& p) {
  static const Geometry board(8);
  std::pair<Bits, Bits> best{p.player, p.opponent};
  for (int s = 1; s < symmetry_count; ++s)
    best = std::min(best, {board.transform(p.player, s), board.transform(p.opponent, s)});
  return best;
}

std::string trimmed(std::string_view s) {
  const auto first = s.find_first_not_of(" \t\r");
  if (first == std::string_view::npos) return {};
  const auto last = s.find_last_not_of(" \t\r");
  return std::string(s.substr(first, last - first + 1));
}

// Plays the moves, passing where the side to move has none; nullopt at an illegal move.
std::optional<Position> play_line(const Rules& rules, const std::vector<Square>& moves) {
  Position p = rules.initial();
  for (const Square sq : moves) {
    if (rules.legal_moves(p) == 0) p = rules.pass(p);
    if (!(rules.legal_moves(p) & bit<Bits>(sq))) return std::nullopt;
    p = rules.play(p, sq);
  }
  return p;
}

}  // namespace

OpeningBook OpeningBook::parse(std::string_view text) {
  const Rules rules;
  OpeningBook book;
  std::istringstream in{std::string(text)};
  int number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    const std::string t = trimmed(line);
    if (t.empty() || t.front() == '#') continue;
    const auto colon = t.rfind(':');
    const std::string where = "line " + std::to_string(number);
    if (colon == std::string::npos)
      throw std::invalid_argument(where + ": no ':' before the moves");
    const MoveListParse parsed = parse_move_list(t.substr(colon + 1), rules.geometry());
    if (parsed.error) throw std::invalid_argument(where + ": " + parsed.error->reason);
    Opening o{trimmed(t.substr(0, colon)), {}};
    for (const auto& m : parsed.moves)
      if (!m.is_pass()) o.moves.push_back(m.square);
    const auto reached = play_line(rules, o.moves);
    if (!reached) throw std::invalid_argument(where + ": " + o.name + " is not a legal line");
    // The first name given to a position stands; a later line reaching it adds nothing.
    book.by_key_.emplace(key_of(*reached), book.openings_.size());
    book.openings_.push_back(std::move(o));
  }
  return book;
}

std::optional<std::string> OpeningBook::name_of(const Position& position) const {
  const auto it = by_key_.find(key_of(position));
  if (it == by_key_.end()) return std::nullopt;
  return openings_[it->second].name;
}

std::optional<std::string> OpeningBook::name_of_line(const std::vector<Square>& moves) const {
  const Rules rules;
  Position p = rules.initial();
  std::optional<std::string> deepest;
  for (const Square sq : moves) {
    if (rules.legal_moves(p) == 0) p = rules.pass(p);
    p = rules.play(p, sq);
    if (auto name = name_of(p)) deepest = std::move(name);
  }
  return deepest;
}

}  // namespace reversi
