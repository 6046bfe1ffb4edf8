// Stable discs: those no sequence of moves can ever flip. The exact search's stability cutoff
// asks how many the side that would lose them has (analysis/endgame/end_rules.hpp).
#pragma once

#include <array>
#include <type_traits>

#include "analysis/endgame/layout.hpp"

namespace reversi::endgame {

template <class K>
class Stability {
 public:
  using B = BitsOf<K>;
  using S = Steps<K>;

  explicit Stability(const Layout<K>& layout) : lay_(layout) {}

  // Discs of `mine` that no sequence of moves can ever flip: on every line through them the
  // segment between walls is full, or a wall or a stable disc of the same side is next to them.
  // When fewer than `needed` could be (every disc of `mine` counted as a guard), returns none:
  // most calls only ask whether enough are stable, and the bound answers them at a quarter of
  // the cost.
  B stable(B mine, B occupied, int needed = 0) const {
    if (mine == 0) return 0;
    const B empty = lay_.playable & ~occupied;
    const std::array<B, 4> full = full_lines(empty, occupied);
    if (needed > 0 && popcount(guarded_by(mine, full, mine)) < needed) return 0;
    B stable_set = 0;
    for (;;) {
      const B next = guarded_by(mine, full, stable_set);
      if (next == stable_set) return stable_set;
      stable_set = next;
    }
  }

 private:
  // Per axis (east-west, north-south and the two diagonals), the occupied squares whose line
  // between walls holds no empty square.
  std::array<B, 4> full_lines(B empty, B occupied) const {
    if constexpr (std::is_same_v<B, Bits64> && K::width == 8) {
      if (lay_.walls == 0) return full_lines_8x8(empty, occupied);
    }
    return {full_along<0, 1>(empty, occupied), full_along<2, 3>(empty, occupied),
            full_along<4, 5>(empty, occupied), full_along<6, 7>(empty, occupied)};
  }

  // The same on the whole 8x8 grid without holes, where every line runs edge to edge: rows and
  // columns by folding, diagonals by filling the empties along them (Kogge-Stone, three steps).
  static std::array<B, 4> full_lines_8x8(B empty, B occupied) {
    B rows = occupied & (occupied >> 1);
    rows &= rows >> 2;
    rows &= rows >> 4;
    B columns = occupied & (occupied >> 8);
    columns &= columns >> 16;
    columns &= columns >> 32;
    const B down_right = diagonal_reach<9>(empty, S::not_first_column) |
                         diagonal_reach_back<9>(empty, S::not_last_column);
    const B down_left = diagonal_reach<7>(empty, S::not_last_column) |
                        diagonal_reach_back<7>(empty, S::not_first_column);
    return {(rows & first_column_bits) * row_bits, (columns & row_bits) * first_column_bits,
            occupied & ~down_right, occupied & ~down_left};
  }

  static constexpr B first_column_bits = K::column(0);
  static constexpr B row_bits = (B(1) << K::width) - 1;

  // Squares reached from `from` by steps of +Shift bits that stay in `inside` (no row wrap).
  template <int Shift>
  static B diagonal_reach(B from, B inside) {
    from |= inside & (from << Shift);
    inside &= inside << Shift;
    from |= inside & (from << (2 * Shift));
    inside &= inside << (2 * Shift);
    return from | (inside & (from << (4 * Shift)));
  }

  // The same by steps of -Shift bits.
  template <int Shift>
  static B diagonal_reach_back(B from, B inside) {
    from |= inside & (from >> Shift);
    inside &= inside >> Shift;
    from |= inside & (from >> (2 * Shift));
    inside &= inside >> (2 * Shift);
    return from | (inside & (from >> (4 * Shift)));
  }

  // Occupied squares whose segment along the axis (directions D1, D2) holds no empty square.
  template <int D1, int D2>
  B full_along(B empty, B occupied) const {
    B reach = empty;
    for (int i = 0; i < K::width - 1; ++i) {
      const B next =
          reach | ((S::template move<D1>(reach) | S::template move<D2>(reach)) & occupied);
      if (next == reach) break;
      reach = next;
    }
    return occupied & ~reach;
  }

  // Discs of `mine` that on every axis are on a full line or next to a wall or a guard.
  B guarded_by(B mine, const std::array<B, 4>& full, B guards) const {
    const B guard = lay_.walls | guards;
    B next = mine;
    next &= full[0] | guarded<1>(guard, 0) | guarded<0>(guard, 1);
    next &= full[1] | guarded<3>(guard, 2) | guarded<2>(guard, 3);
    next &= full[2] | guarded<5>(guard, 4) | guarded<4>(guard, 5);
    next &= full[3] | guarded<7>(guard, 6) | guarded<6>(guard, 7);
    return next;
  }

  // Squares whose neighbour in direction D is in `guard` or off the grid (`edge_index` is D).
  template <int Back>
  B guarded(B guard, std::size_t edge_index) const {
    return S::template move<Back>(guard) | lay_.edge[edge_index];
  }

  const Layout<K>& lay_;
};

}  // namespace reversi::endgame
