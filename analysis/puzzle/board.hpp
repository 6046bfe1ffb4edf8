// The puzzle search's view of a game: the rules of core/board.hpp with the side to move, the
// lines a wipeout needs, and the board's symmetries.
#pragma once

#include <array>
#include <type_traits>
#include <utility>
#include <vector>

#include "analysis/puzzle/search.hpp"
#include "core/board.hpp"

namespace reversi::puzzle_detail {

// The free-centre start places this many discs, flipping nothing, before normal play.
inline constexpr int placement_moves = placement_discs;

// A position of a game from the rules' start: the bitboard state of core/board.hpp (discs and
// the mover's supply, in its one encoding) and the side to move.
template <class K>
struct State : reversi::Board<K>::State {
  using B = BitsOf<K>;
  Color to_move = Color::dark;

  B occupied() const { return this->player | this->opponent; }
  B discs(Color c) const { return c == to_move ? this->player : this->opponent; }
};

// The rules of core/board.hpp over States, and the lines through each square.
template <class K>
class PuzzleBoard {
 public:
  using B = BitsOf<K>;

  explicit PuzzleBoard(const Rules& rules) : rules_(rules) {
    for (std::size_t sq = 0; sq < lines_.size(); ++sq)
      for (const B ray : K::rays.ray[sq]) lines_[sq] |= ray;
  }

  B playable() const { return rules_.playable(); }

  State<K> from_position(const Position& p) const {
    return State<K>{rules_.state_of(p), p.to_move};
  }

  Position to_position(const State<K>& s) const {
    Position p;
    p.player = static_cast<Bits>(s.player);
    p.opponent = static_cast<Bits>(s.opponent);
    p.to_move = s.to_move;
    p.supply[static_cast<std::size_t>(index(s.to_move))] = static_cast<std::int16_t>(s.supply);
    p.supply[static_cast<std::size_t>(index(opposite(s.to_move)))] =
        static_cast<std::int16_t>(rules_.other_supply(s));
    return p;
  }

  bool placing(const State<K>& s) const { return rules_.placing(s.player, s.opponent); }
  B moves(const State<K>& s) const { return rules_.legal(s); }
  State<K> play(const State<K>& s, int square) const {
    return State<K>{rules_.play(s, square), opposite(s.to_move)};
  }
  State<K> pass(const State<K>& s) const { return State<K>{rules_.pass(s), opposite(s.to_move)}; }
  bool over(const State<K>& s) const { return rules_.game_over(s); }

  // The squares from which one move could flip every disc of `discs`: a move flips only along
  // its eight lines, so each disc must lie on one of them.
  B could_flip_all(B discs) const {
    B from = ~B(0);
    for (B d = discs; d != 0; d &= d - 1)
      from &= lines_[static_cast<std::size_t>(lowest_square(d))];
    return from;
  }

  // The moves with which the side to move turns every enemy disc at once.
  B wipeout_moves(const State<K>& s, B moves) const {
    if (placing(s)) return 0;
    B out = 0;
    for (B m = moves & could_flip_all(s.opponent); m != 0; m &= m - 1) {
      const int sq = lowest_square(m);
      if (K::flips(s.player, s.opponent, sq) == s.opponent) out |= bit<B>(sq);
    }
    return out;
  }

 private:
  reversi::Board<K> rules_;
  // Per square, every square on its eight lines.
  std::array<B, K::squares> lines_{};
};

// The goal as the search tests it; `side` is index(Color), or -1 for either side.
struct GoalSpec {
  PuzzleGoalKind kind = PuzzleGoalKind::wipeout;
  int side = -1;
  int at_least = 0;

  // The goals that can be read off the discs alone (a game over needs the moves too).
  template <class K>
  bool holds_on_discs(const PuzzleBoard<K>& board, const State<K>& s) const {
    switch (kind) {
      case PuzzleGoalKind::wipeout:
        return wiped_out(board, s);
      case PuzzleGoalKind::discs:
        return enough_discs(s);
      case PuzzleGoalKind::end:
        return false;
    }
    return false;
  }

  // True when `d` more moves cannot reach the goal whatever is played: a side never has more
  // discs than the board holds, and each move adds one.
  template <class K>
  bool out_of_reach(const State<K>& s, int d) const {
    return kind == PuzzleGoalKind::discs && popcount(s.occupied()) + d < at_least;
  }

  // Only the side to move can wipe out the other with its next move.
  bool mover_may_wipe_out(Color mover) const { return side < 0 || side == index(mover); }

 private:
  template <class K>
  bool wiped_out(const PuzzleBoard<K>& board, const State<K>& s) const {
    // While the free-centre placements are made a side may have no disc yet: not a wipeout.
    if (board.placing(s)) return false;
    if (s.opponent == 0) return mover_may_wipe_out(s.to_move);
    if (s.player == 0) return mover_may_wipe_out(opposite(s.to_move));
    return false;
  }

  template <class K>
  bool enough_discs(const State<K>& s) const {
    if (side < 0) return popcount(s.player) >= at_least || popcount(s.opponent) >= at_least;
    return popcount(s.discs(static_cast<Color>(side))) >= at_least;
  }
};

// The eight symmetries of the square board, numbered as Geometry::transform numbers them:
// bit 2 transposes first, bit 0 mirrors the columns, bit 1 mirrors the rows.
inline Bits64 transpose8(Bits64 x) {
  Bits64 t = 0x0f0f0f0f00000000ULL & (x ^ (x << 28));
  x ^= t ^ (t >> 28);
  t = 0x3333000033330000ULL & (x ^ (x << 14));
  x ^= t ^ (t >> 14);
  t = 0x5500550055005500ULL & (x ^ (x << 7));
  x ^= t ^ (t >> 7);
  return x;
}

inline Bits64 mirror_columns8(Bits64 x) {
  x = ((x >> 1) & 0x5555555555555555ULL) | ((x & 0x5555555555555555ULL) << 1);
  x = ((x >> 2) & 0x3333333333333333ULL) | ((x & 0x3333333333333333ULL) << 2);
  x = ((x >> 4) & 0x0f0f0f0f0f0f0f0fULL) | ((x & 0x0f0f0f0f0f0f0f0fULL) << 4);
  return x;
}

inline Bits64 mirror_rows8(Bits64 x) {
  return __builtin_bswap64(x);
}

template <class K>
class Symmetries {
 public:
  using B = BitsOf<K>;

  // Keeps the symmetries that map the playable squares (so the holes) onto themselves.
  Symmetries(const Geometry& g, B playable) : size_(g.size()) {
    if constexpr (!std::is_same_v<B, Bits64>) build_tables(g);
    for (int s = 0; s < symmetry_count; ++s)
      if (apply(playable, s) == playable) group_.push_back(s);
  }

  const std::vector<int>& group() const { return group_; }

  B apply(B x, int symmetry) const {
    if constexpr (std::is_same_v<B, Bits64>) {
      // The board sits in the top-left corner of the 8x8 grid: mirror the grid, then shift back.
      const int gap = 8 - size_;
      if (symmetry & 4) x = transpose8(x);
      if (symmetry & 1) x = mirror_columns8(x) >> gap;
      if (symmetry & 2) x = mirror_rows8(x) >> (8 * gap);
      return x;
    } else {
      B out = 0;
      const auto& image = images_[static_cast<std::size_t>(symmetry)];
      for_each_square(x, [&](int sq) { out |= image[static_cast<std::size_t>(sq)]; });
      return out;
    }
  }

  // The smallest image of the disc pair under the group: equal for symmetric positions.
  std::pair<B, B> canonical(B player, B opponent) const {
    std::pair<B, B> best{player, opponent};
    for (int s : group_) {
      if (s == 0) continue;
      const std::pair<B, B> image{apply(player, s), apply(opponent, s)};
      if (image < best) best = image;
    }
    return best;
  }

  // The squares a symmetry leaves where they are.
  B fixed_squares(B squares, int symmetry) const {
    B out = 0;
    for_each_square(squares, [&](int sq) {
      if (apply(bit<B>(sq), symmetry) == bit<B>(sq)) out |= bit<B>(sq);
    });
    return out;
  }

 private:
  void build_tables(const Geometry& g) {
    for (int s = 0; s < symmetry_count; ++s)
      for (int sq = 0; sq < K::squares; ++sq)
        if (g.contains(sq))
          images_[static_cast<std::size_t>(s)][static_cast<std::size_t>(sq)] =
              bit<B>(g.transform(sq, s));
  }

  int size_;
  std::vector<int> group_;
  // Wide boards only: per symmetry, the image of each square.
  std::array<std::array<B, K::squares>, symmetry_count> images_{};
};

}  // namespace reversi::puzzle_detail
