#include "core/rules.hpp"

#include <algorithm>
#include <cassert>
#include <stdexcept>

#include "core/board.hpp"

namespace reversi {

namespace {

// Calls f with the bitboard rules of the kernel that fits the board, holding the supplies of `p`.
template <class F>
decltype(auto) on_board(const Rules& rules, const Position& p, F&& f) {
  if (rules.geometry().narrow()) return f(Board<Kernel8>(rules, p));
  return f(Board<Kernel10>(rules, p));
}

}  // namespace

std::string color_name(Color c) {
  return c == Color::dark ? "dark" : "light";
}
std::string start_name(Start s) {
  return s == Start::standard ? "standard" : "free";
}
std::string scoring_name(Scoring s) {
  return s == Scoring::count ? "count" : "winner";
}

std::optional<Start> parse_start(std::string_view name) {
  if (name == "standard" || name == "cross") return Start::standard;
  if (name == "free") return Start::free;
  return std::nullopt;
}

std::optional<Scoring> parse_scoring(std::string_view name) {
  if (name == "count") return Scoring::count;
  if (name == "winner" || name == "winner-takes-empties") return Scoring::winner_takes_empties;
  return std::nullopt;
}

Rules::Rules(int size, Start start, bool anti, Bits holes, Scoring scoring)
    : geometry_(size), start_(start), anti_(anti), holes_(holes), scoring_(scoring) {
  if ((holes_ & ~geometry_.squares()) != 0) throw std::invalid_argument("hole off the board");
  if ((holes_ & geometry_.centre()) != 0)
    throw std::invalid_argument("a hole may not be on a centre square");
  playable_ = geometry_.squares() & ~holes_;
}

Rules Rules::with_scoring(Scoring s) const {
  return Rules(size(), start_, anti_, holes_, s);
}

Position Rules::initial() const {
  Position p;
  if (start_ == Start::free) {
    const auto each = static_cast<std::int16_t>(free_start_supply(size()));
    p.supply = {each, each};
    return p;
  }
  const int h = size() / 2;
  const Bits light = bit<Bits>(geometry_.square(h - 1, h - 1)) | bit<Bits>(geometry_.square(h, h));
  p.player = geometry_.centre() & ~light;  // dark moves first
  p.opponent = light;
  return p;
}

bool Rules::is_valid(const Position& p) const {
  if ((p.player & p.opponent) != 0) return false;
  if ((p.occupied() & ~playable_) != 0) return false;
  return std::ranges::all_of(p.supply,
                             [](std::int16_t s) { return s >= 0 && s <= Position::unlimited; });
}

bool Rules::placing(const Position& p) const {
  return reversi::placing(start_, p.occupied());
}

Bits Rules::legal_moves(const Position& p) const {
  assert(is_valid(p));
  return on_board(*this, p, [&](const auto& board) {
    return static_cast<Bits>(board.legal(board.state_of(p)));
  });
}

Bits Rules::flips(const Position& p, Square sq) const {
  return on_board(*this, p, [&](const auto& board) {
    const auto s = board.state_of(p);
    return static_cast<Bits>(board.flips(s.player, s.opponent, sq));
  });
}

Position Rules::play(const Position& p, Square sq) const {
  assert((legal_moves(p) & bit<Bits>(sq)) != 0);
  const Bits flipped = flips(p, sq);
  Position next;
  next.player = p.opponent ^ flipped;
  next.opponent = p.player ^ flipped ^ bit<Bits>(sq);
  next.to_move = opposite(p.to_move);
  next.supply = p.supply;
  auto& spent = next.supply[static_cast<std::size_t>(index(p.to_move))];
  spent = Supply::spend(spent);
  assert(is_valid(next));
  return next;
}

Position Rules::pass(const Position& p) const {
  Position next = p;
  next.player = p.opponent;
  next.opponent = p.player;
  next.to_move = opposite(p.to_move);
  return next;
}

bool Rules::game_over(const Position& p) const {
  assert(is_valid(p));
  return on_board(*this, p, [&](const auto& board) { return board.game_over(board.state_of(p)); });
}

Tally Rules::tally(const Position& p) const {
  Tally t;
  t.dark = popcount(p.discs(Color::dark));
  t.light = popcount(p.discs(Color::light));
  t.empty = popcount(playable_) - t.dark - t.light;
  return t;
}

int margin(int own, int other, int empty, bool anti, Scoring scoring) {
  return with_scoring_flags(
      anti, scoring, [&]<bool A, bool W>() { return final_margin<A, W>(own, other, empty); });
}

int Rules::value(const Tally& t, Color side) const {
  const int own = side == Color::dark ? t.dark : t.light;
  const int other = side == Color::dark ? t.light : t.dark;
  return margin(own, other, t.empty, anti_, scoring_);
}

std::string Rules::describe() const {
  std::string s = std::to_string(size()) + "x" + std::to_string(size()) + " " + start_name(start_);
  if (anti_) s += " anti";
  if (holes_ != 0) s += " holes " + geometry_.list(holes_);
  s += ", scoring " + scoring_name(scoring_);
  return s;
}

}  // namespace reversi
