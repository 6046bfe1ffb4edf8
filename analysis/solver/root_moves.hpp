// The exact solver's root moves: one per class of symmetric moves, in the order the root tries
// them, each with a first guess at its value from the heuristic estimate (analysis/estimate).
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

#include "core/rules.hpp"

namespace reversi {

namespace eval {
class PatternEvaluator;
}

// The symmetries of the board, other than the identity, that map the position (and the holes)
// onto itself.
std::vector<int> symmetries_of(const Rules& rules, const Position& p);

// A position turned by one of the board's eight symmetries (0: as it stands).
struct Oriented {
  Position position;
  int symmetry = 0;
};

// The smallest image of the position under the symmetries that keep the holes: positions equal up
// to symmetry get one orientation, so that they share the transposition table's entries.
Oriented canonical_orientation(const Rules& rules, const Position& p);

// The square that `symmetry` maps onto `image`.
Square preimage(const Geometry& g, Square image, int symmetry);

// A root move with the moves symmetric to it, which share its value.
struct RootMove {
  Square square = no_square;
  std::vector<Square> twins;
  Position child;
  int order = 0;
  int guess = 0;  // a guess at the child's value, for the first null-window test
  int lower = -solve_infinity;
  int upper = solve_infinity;

  // The move and its twins: every square it stands for.
  std::vector<Square> squares() const {
    std::vector<Square> all{square};
    all.insert(all.end(), twins.begin(), twins.end());
    return all;
  }
};

// Legal moves, one per class of moves that a symmetry of the position maps onto each other.
std::vector<RootMove> distinct_moves(const Rules& rules, const Position& p, Bits moves);

// Corners first, then the moves that leave the opponent fewest replies.
void order_by_replies(const Rules& rules, std::vector<RootMove>& moves);

// Moves `sq` (or the class holding it) to the front, the rest in order.
void put_first(std::vector<RootMove>& moves, Square sq);

// Whether the root's moves are worth estimating: enough empties left to the engine, and for a
// root still placing the free centre, weights learnt for these very rules.
bool wants_root_estimate(const Rules& rules, const Position& root);

// Best estimate first; each child's estimate (rounded to discs) becomes its guess. Returns the
// nodes the estimates searched.
std::uint64_t order_by_estimate(const Rules& rules, const eval::PatternEvaluator* patterns,
                                const std::atomic<bool>* stop, std::vector<RootMove>& moves);

}  // namespace reversi
