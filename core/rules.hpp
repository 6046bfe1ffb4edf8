// One value describes a variant; the same code paths serve every variant.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/bits.hpp"
#include "core/geometry.hpp"

namespace reversi {

enum class Color : std::uint8_t { dark = 0, light = 1 };
inline Color opposite(Color c) {
  return c == Color::dark ? Color::light : Color::dark;
}
inline int index(Color c) {
  return static_cast<int>(c);
}
std::string color_name(Color c);  // "dark" / "light"

enum class Start : std::uint8_t { standard, free };
enum class Scoring : std::uint8_t { count, winner_takes_empties };
std::string start_name(Start s);      // "standard" / "free"
std::string scoring_name(Scoring s);  // "count" / "winner"
// The inverse of start_name and scoring_name, for every reader of rule names: "standard" (or
// "cross") and "free"; "count" and "winner" (or "winner-takes-empties"). Nullopt otherwise.
std::optional<Start> parse_start(std::string_view name);
std::optional<Scoring> parse_scoring(std::string_view name);

// A game state, side-relative: `player` are the discs of the side to move.
struct Position {
  // Discs each colour may still place; only the free-centre start limits it.
  static constexpr std::int16_t unlimited = 10000;

  Bits player = 0;
  Bits opponent = 0;
  Color to_move = Color::dark;
  std::array<std::int16_t, 2> supply{unlimited, unlimited};

  Bits occupied() const { return player | opponent; }
  Bits discs(Color c) const { return c == to_move ? player : opponent; }
  std::int16_t supply_of_mover() const { return supply[static_cast<std::size_t>(index(to_move))]; }
  friend bool operator==(const Position&, const Position&) = default;
};

// Disc counts at the end of a game (or now), and the value under a scoring convention.
struct Tally {
  int dark = 0;
  int light = 0;
  int empty = 0;
};

class Rules {
 public:
  Rules() : Rules(8) {}
  explicit Rules(int size, Start start = Start::standard, bool anti = false, Bits holes = 0,
                 Scoring scoring = Scoring::winner_takes_empties);

  const Geometry& geometry() const { return geometry_; }
  int size() const { return geometry_.size(); }
  Start start() const { return start_; }
  bool anti() const { return anti_; }
  Bits holes() const { return holes_; }
  Scoring scoring() const { return scoring_; }
  // Squares where discs may stand: the board less its holes.
  Bits playable() const { return playable_; }
  // Playable squares still empty in a position.
  int empties(const Position& p) const { return popcount(playable_ & ~p.occupied()); }

  Rules with_scoring(Scoring s) const;

  Position initial() const;
  // Structural checks: disjoint sides, discs only on playable squares, sane supply.
  bool is_valid(const Position& p) const;

  Bits legal_moves(const Position& p) const;
  bool has_move(const Position& p) const { return legal_moves(p) != 0; }
  // Discs flipped by playing `sq`; empty when `sq` flips nothing (or is a placement).
  Bits flips(const Position& p, Square sq) const;
  // Plays a legal move: the mover's disc on `sq`, the flips, then the other side to move.
  Position play(const Position& p, Square sq) const;
  Position pass(const Position& p) const;
  bool game_over(const Position& p) const;
  // True while the free-centre placements are being made.
  bool placing(const Position& p) const;

  Tally tally(const Position& p) const;
  // Final margin for `side` under this ruleset's scoring (and anti, if set).
  int value(const Tally& t, Color side) const;
  int value(const Position& p, Color side) const { return value(tally(p), side); }

  // "8x8 standard", "6x6 anti free holes b2" — for headers and JSON.
  std::string describe() const;

  friend bool operator==(const Rules& a, const Rules& b) {
    return a.size() == b.size() && a.start_ == b.start_ && a.anti_ == b.anti_ &&
           a.holes_ == b.holes_ && a.scoring_ == b.scoring_;
  }

 private:
  Geometry geometry_;
  Start start_;
  bool anti_;
  Bits holes_;
  Scoring scoring_;
  Bits playable_;
};

// The margin for a side: its discs minus the other's (reversed under anti), with the empties
// added to the winner's margin under winner-takes-empties.
int margin(int own, int other, int empty, bool anti, Scoring scoring);

// Larger than every margin (100 on 10x10), and fits the solver table's 8-bit bounds: a window
// (-solve_infinity, solve_infinity) asks for the exact value.
inline constexpr int solve_infinity = 127;

}  // namespace reversi
