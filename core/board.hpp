// The variant rules on raw bitboards, each written once: the free-centre placements, the disc
// supply, passes and the end of the game, and the final margin under both scorings and anti.
//
// Board<K> is built from a Rules value and works on the side-relative disc sets of one kernel.
// The rules layer (Rules, on Position values) and every search (perft, the puzzle search, the
// estimate, the endgame solver) call it. The searches that fix a variant at compile time (the
// endgame engine's Anti, WinnerTakesEmpties and Limited flags) call the static templates below,
// which the runtime members call too, so a flag costs nothing and the rule stays in one place.
//
// The disc supply (the free-centre start gives each side a fixed number of discs) has one
// encoding in the searches: the mover's supply `s`. The other side's follows from the empties,
// since every move spends one disc and fills one empty square: other = empties + offset - s,
// where `offset` is fixed for a whole game. When neither side can run out (the standard start,
// or supplies that cover every empty square) the supply is not limited and `s` never changes.
#pragma once

#include "core/kernel.hpp"
#include "core/rules.hpp"

namespace reversi {

// The free-centre start places this many discs on the centre, flipping nothing, before normal
// play begins.
inline constexpr int placement_discs = 4;

// True while the free-centre placements are being made.
template <class B>
bool placing(Start start, B occupied) {
  return start == Start::free && popcount(occupied) < placement_discs;
}

// The discs each side may place in a free-centre game on an N x N board: N*N/2, whatever holes
// the board has (SPEC: 8 on 4x4, 18 on 6x6, 32 on 8x8). With holes the two supplies together
// exceed the playable squares, so a side runs out only after playing more moves than the other.
inline int free_start_supply(int size) {
  return size * size / 2;
}

// The final margin for a side: its discs minus the other's (reversed under anti), with the
// empties added to the winner's margin under winner-takes-empties.
template <bool Anti, bool WinnerTakesEmpties>
constexpr int final_margin(int own, int other, int empty) {
  const int raw = Anti ? other - own : own - other;
  if constexpr (!WinnerTakesEmpties) return raw;
  if (raw == 0) return 0;
  return raw > 0 ? raw + empty : raw - empty;
}

// Calls f.template operator()<Anti, WinnerTakesEmpties>() with the flags of a ruleset.
template <class F>
decltype(auto) with_scoring_flags(bool anti, Scoring scoring, F&& f) {
  const bool winner = scoring == Scoring::winner_takes_empties;
  if (anti) {
    if (winner) return f.template operator()<true, true>();
    return f.template operator()<true, false>();
  }
  if (winner) return f.template operator()<false, true>();
  return f.template operator()<false, false>();
}

// The disc supply in the searches' encoding (see the top of this file).
struct Supply {
  int offset = 0;
  bool limited = false;

  // The supply of a position's sides, with `empties` empty playable squares.
  static Supply of(const Position& p, int empties) {
    const int mover = p.supply_of_mover();
    const int other = p.supply[static_cast<std::size_t>(index(opposite(p.to_move)))];
    return Supply{mover + other - empties, mover < empties || other < empties};
  }

  // A Position's own count after its side moved (Position::unlimited stays unlimited).
  static std::int16_t spend(std::int16_t s) {
    return s == Position::unlimited ? s : static_cast<std::int16_t>(s - 1);
  }
  // A side with no disc left cannot move; when the supply is not limited it never runs out.
  template <bool Limited = true>
  static constexpr bool can_move(int s) {
    return !Limited || s > 0;
  }
  // The other side's supply when the mover has `s` and `empties` squares are empty.
  template <bool Limited>
  static constexpr int other(int empties, int s, int offset) {
    return Limited ? empties + offset - s : s;
  }

  int other(int empties, int s) const {
    return limited ? other<true>(empties, s, offset) : other<false>(empties, s, offset);
  }
};

template <class K>
class Board {
 public:
  using B = BitsOf<K>;

  // A position in the searches' terms: the mover's discs, the other side's, the mover's supply.
  struct State {
    B player = 0;
    B opponent = 0;
    int supply = 0;
  };

  explicit Board(const Rules& rules)
      : playable_(static_cast<B>(rules.playable())),
        centre_(static_cast<B>(rules.geometry().centre())),
        start_(rules.start()),
        anti_(rules.anti()),
        scoring_(rules.scoring()),
        n_playable_(popcount(playable_)) {
    if (start_ == Start::free) {
      const int each = free_start_supply(rules.size());
      supply_ = Supply{2 * each - n_playable_, true};
    }
  }
  // The same rules, with the supplies of a game that reached `root`.
  Board(const Rules& rules, const Position& root) : Board(rules) {
    supply_ = Supply::of(
        root, popcount(empty(static_cast<B>(root.player), static_cast<B>(root.opponent))));
  }

  B playable() const { return playable_; }
  B centre() const { return centre_; }
  int n_playable() const { return n_playable_; }
  bool anti() const { return anti_; }
  Scoring scoring() const { return scoring_; }
  const Supply& supply() const { return supply_; }

  B empty(B p, B o) const { return playable_ & ~(p | o); }
  bool placing(B p, B o) const { return reversi::placing(start_, p | o); }

  // The moves of a side with supply `s`: none once its supply is spent, any empty centre square
  // during the placements, else the squares where it flips discs.
  B legal(B p, B o, B empty_squares, int s) const {
    if (!Supply::can_move(s)) return 0;
    if (placing(p, o)) return empty_squares & centre_;
    return K::legal_moves(p, o, empty_squares);
  }
  B legal(B p, B o, int s) const { return legal(p, o, empty(p, o), s); }
  B legal(const State& s) const { return legal(s.player, s.opponent, s.supply); }
  // The moves once the placements are made, with a supply that cannot run out: perft's fast
  // path on the standard start.
  B flipping_moves(B p, B o) const { return K::legal_moves(p, o, empty(p, o)); }
  // A placement flips nothing.
  B flips(B p, B o, int square) const { return placing(p, o) ? B(0) : K::flips(p, o, square); }

  State state_of(const Position& p) const {
    return State{static_cast<B>(p.player), static_cast<B>(p.opponent), p.supply_of_mover()};
  }
  // The other side's supply (when supplies are not limited, the mover's: neither runs out).
  int other_supply(const State& s) const {
    return supply_.other(popcount(empty(s.player, s.opponent)), s.supply);
  }

  // Plays a legal move; the other side is to move next.
  State play(const State& s, int square) const {
    const B f = flips(s.player, s.opponent, square);
    return State{s.opponent ^ f, s.player ^ f ^ bit<B>(square), other_supply(s)};
  }
  State pass(const State& s) const { return State{s.opponent, s.player, other_supply(s)}; }
  bool has_move(const State& s) const { return legal(s) != 0; }
  bool game_over(const State& s) const { return !has_move(s) && !has_move(pass(s)); }

  // The final margin for the side to move (or the margin now, read as if the game ended).
  template <bool Anti, bool WinnerTakesEmpties>
  static int final_margin(B p, B o, int n_playable) {
    const int own = popcount(p);
    const int other = popcount(o);
    return reversi::final_margin<Anti, WinnerTakesEmpties>(own, other, n_playable - own - other);
  }
  int final_margin(B p, B o) const {
    return with_scoring_flags(
        anti_, scoring_, [&]<bool A, bool W>() { return final_margin<A, W>(p, o, n_playable_); });
  }

 private:
  B playable_;
  B centre_;
  Start start_;
  bool anti_;
  Scoring scoring_;
  int n_playable_;
  Supply supply_;
};

}  // namespace reversi
