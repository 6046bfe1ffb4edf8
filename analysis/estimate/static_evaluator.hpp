// The static evaluation the estimate search scores its leaves with, built once per rules: the
// learned patterns where the rules have them (8x8, 6x6), else a fitted formula over mobility,
// corners, edges, discs and parity. Internal to analysis/estimate/estimate.cpp, apart so that the
// search file holds the search.
#pragma once

#include <algorithm>
#include <array>

#include "analysis/endgame/layout.hpp"
#include "analysis/estimate/estimate.hpp"
#include "analysis/eval/pattern_eval.hpp"
#include "core/board.hpp"

namespace reversi::estimate_detail {

using endgame::Layout;

// Units per feature point, one row per stage (0: the last empties, 5: the opening), fitted by
// least squares to the final margins (winner takes empties) of the 8x8 WTHOR games 1977-2000
// from the mover's side; other sizes use the row of the same fraction of empty squares. The
// "[.fit]" test in tests/analysis/estimate/estimate_test.cpp prints this table. Corners and
// anchored edges overlap (a corner is both), so read their weights together. On the held-out
// WTH_2019 games the static evaluation misses the final margin by 17.1 discs on average (hand-set
// weights: 19.5): real games are decided by later errors, so this is a rough guide, as the
// annotation says.
// clang-format off
constexpr std::array<EvalFeatures, eval_stages> fitted_weights = {{
    //  mob  pot  corner    x     c  edge  discs parity
    {{   522,   -92,  -155,   -79,  -276,   153,    50,   125 }},
    {{   307,   -47,   -72,  -264,  -227,   311,   -17,    92 }},
    {{   204,     7,  -133,  -410,  -118,   504,   -53,   139 }},
    {{   156,    46,   340,  -548,   -34,   674,   -64,    90 }},
    {{    99,    52, -1276, -1131,   -21,  1689,   -43,   176 }},
    {{    45,   -12,     0,  -163, -2611,     0,   -36,    55 }},
}};
// clang-format on

// Under anti-reversi the features about holding discs count the other way: a corner or an
// anchored edge is a disc that can never be given back. A crude mirror, not a fit.
constexpr EvalFeatures anti_signs = {1, 1, -1, -1, -1, -1, -1, 1};

// The corners, their X-squares (diagonal neighbours) and C-squares (edge neighbours).
template <class K>
struct Corners {
  using B = BitsOf<K>;
  std::array<B, 4> corner{};
  std::array<B, 4> x_square{};
  std::array<B, 4> c_squares{};

  Corners(const Geometry& g, B playable) {
    const int last = g.size() - 1;
    const int rows[4] = {0, 0, last, last};
    const int cols[4] = {0, last, 0, last};
    for (std::size_t i = 0; i < 4; ++i) {
      const int r = rows[i];
      const int c = cols[i];
      const int dr = r == 0 ? 1 : -1;
      const int dc = c == 0 ? 1 : -1;
      corner[i] = B(1) << g.square(r, c);
      x_square[i] = B(1) << g.square(r + dr, c + dc);
      c_squares[i] = (B(1) << g.square(r, c + dc)) | (B(1) << g.square(r + dr, c));
      corner[i] &= playable;
      x_square[i] &= playable;
      c_squares[i] &= playable;
    }
  }
};

// What one evaluation needs, built once per rules: the rules on bitboards and the square sets.
template <class K>
struct Evaluator {
  using B = BitsOf<K>;
  Board<K> board;
  Layout<K> layout;
  Corners<K> corners;
  const eval::PatternEvaluator* patterns;  // used instead of the formula when set (8x8, 6x6)

  Evaluator(const Rules& rules, const eval::PatternEvaluator* pattern_eval)
      : board(rules),
        layout(rules),
        corners(rules.geometry(), static_cast<B>(rules.playable())),
        patterns(pattern_eval) {}

  // The static evaluation of a position that is not over, in units, for the mover; `indices`
  // are the position's pattern indices from the mover's side, read only when there are patterns.
  int static_value(B p, B o, B empty, B my_moves, B their_moves,
                   const eval::ImageLanes& indices) const {
    if constexpr (std::is_same_v<B, Bits64>) {
      if (patterns != nullptr)
        return patterns->evaluate(indices, p, o, popcount(my_moves), popcount(their_moves));
    }
    return weigh(features(p, o, empty, my_moves, their_moves), popcount(empty));
  }

  B legal(B p, B o, B empty, int supply) const { return board.legal(p, o, empty, supply); }
  B flips(B p, B o, int sq) const { return board.flips(p, o, sq); }
  int final_units(B p, B o) const { return board.final_margin(p, o) * estimate_units_per_disc; }

  EvalFeatures features(B p, B o, B empty, B my_moves, B their_moves) const {
    EvalFeatures f{};
    f[feature_mobility] = popcount(my_moves) - popcount(their_moves);
    f[feature_potential_mobility] =
        popcount(layout.potential_moves(o, empty)) - popcount(layout.potential_moves(p, empty));
    for (std::size_t i = 0; i < 4; ++i) {
      const B c = corners.corner[i];
      if (c == 0) continue;
      f[feature_corners] += popcount(p & c) - popcount(o & c);
      if ((empty & c) == 0) continue;
      f[feature_x_squares] += popcount(p & corners.x_square[i]) - popcount(o & corners.x_square[i]);
      f[feature_c_squares] +=
          popcount(p & corners.c_squares[i]) - popcount(o & corners.c_squares[i]);
    }
    f[feature_edge_anchored] =
        popcount(layout.corner_stable(p)) - popcount(layout.corner_stable(o));
    f[feature_discs] = popcount(p) - popcount(o);
    f[feature_parity] = popcount(empty) % 2 == 1 ? 1 : -1;
    return f;
  }

  int weigh(const EvalFeatures& f, int empties) const {
    const auto& w =
        fitted_weights[static_cast<std::size_t>(eval_stage(empties, layout.n_playable))];
    int sum = 0;
    for (std::size_t i = 0; i < f.size(); ++i)
      sum += w[i] * f[i] * (board.anti() ? anti_signs[i] : 1);
    // An estimate never claims more than the board can give.
    const int cap = layout.n_playable * estimate_units_per_disc - 1;
    return std::clamp(sum, -cap, cap);
  }
};

}  // namespace reversi::estimate_detail
