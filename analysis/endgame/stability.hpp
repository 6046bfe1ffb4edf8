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
    if constexpr (std::is_same_v<B, Bits64> && K::width == 8) {
      if (lay_.walls == 0) return stable_8x8(mine, occupied, empty, needed);
    }
    const std::array<B, 4> full = full_lines(empty, occupied);
    if (needed > 0 && popcount(guarded_by(mine, full, mine)) < needed) return 0;
    return grown(mine, full);
  }

 private:
  // The whole 8x8 grid without holes: rows and columns first, whose bound answers most calls
  // before the diagonals' fills (60% of the calls on FFO 40-41; 0.5% fewer instructions in all).
  B stable_8x8(B mine, B occupied, B empty, int needed) const {
    std::array<B, 4> full;
    full[0] = full_rows_8x8(occupied);
    full[1] = full_columns_8x8(occupied);
    const B straight = mine & guarded_on<0>(full[0], mine) & guarded_on<1>(full[1], mine);
    if (needed > 0 && popcount(straight) < needed) return 0;
    full[2] = occupied & ~diagonal_empty_8x8<9>(empty);
    full[3] = occupied & ~diagonal_empty_8x8<7>(empty);
    if (needed > 0 &&
        popcount(straight & guarded_on<2>(full[2], mine) & guarded_on<3>(full[3], mine)) < needed)
      return 0;
    return grown(mine, full);
  }

  // The least set of discs of `mine` guarded on every axis by walls and itself.
  B grown(B mine, const std::array<B, 4>& full) const {
    B stable_set = 0;
    for (;;) {
      const B next = guarded_by(mine, full, stable_set);
      if (next == stable_set) return stable_set;
      stable_set = next;
    }
  }

  // Per axis (east-west, north-south and the two diagonals), the occupied squares whose line
  // between walls holds no empty square.
  std::array<B, 4> full_lines(B empty, B occupied) const {
    return {full_along<0, 1>(empty, occupied), full_along<2, 3>(empty, occupied),
            full_along<4, 5>(empty, occupied), full_along<6, 7>(empty, occupied)};
  }

  // On the whole 8x8 grid without holes, where every line runs edge to edge: the squares whose
  // diagonal of steps of Shift bits (9: down-right, 7: down-left) holds an empty square, found by
  // filling the empties along it both ways (Kogge-Stone, three steps).
  template <int Shift>
  static B diagonal_empty_8x8(B empty) {
    constexpr B forward_inside = Shift == 9 ? S::not_first_column : S::not_last_column;
    constexpr B back_inside = Shift == 9 ? S::not_last_column : S::not_first_column;
    return diagonal_reach<Shift>(empty, forward_inside) |
           diagonal_reach_back<Shift>(empty, back_inside);
  }

  // The squares of the whole 8x8 grid's full rows, each row folded into its first square.
  static B full_rows_8x8(B occupied) {
    B rows = occupied & (occupied >> 1);
    rows &= rows >> 2;
    rows &= rows >> 4;
    return (rows & first_column_bits) * row_bits;
  }

  // The same for full columns, each folded into its first row.
  static B full_columns_8x8(B occupied) {
    B columns = occupied & (occupied >> 8);
    columns &= columns >> 16;
    columns &= columns >> 32;
    return (columns & row_bits) * first_column_bits;
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
    return mine & guarded_on<0>(full[0], guard) & guarded_on<1>(full[1], guard) &
           guarded_on<2>(full[2], guard) & guarded_on<3>(full[3], guard);
  }

  // The squares that on axis A (directions 2A and 2A + 1) are on a full line or next to a wall
  // or a guard.
  template <int A>
  B guarded_on(B full, B guard) const {
    return full | guarded<2 * A + 1>(guard, 2 * A) | guarded<2 * A>(guard, 2 * A + 1);
  }

  // Squares whose neighbour in direction D is in `guard` or off the grid (`edge_index` is D).
  template <int Back>
  B guarded(B guard, std::size_t edge_index) const {
    return S::template move<Back>(guard) | lay_.edge[edge_index];
  }

  const Layout<K>& lay_;
};

}  // namespace reversi::endgame
