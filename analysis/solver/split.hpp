// Cutting a game tree into work units for many machines (docs/cluster.md): the positions a few
// plies below a root, deduplicated and reduced by the board's symmetries, each with the number
// of move sequences that reach it. Perft sums the units' counts times their multiplicities; an
// exact solve takes the units' values back up the top of the tree by negamax. Pure: no I/O.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <vector>

#include "analysis/estimate/estimate.hpp"
#include "analysis/perft.hpp"
#include "analysis/solver/search.hpp"
#include "core/rules.hpp"

namespace reversi {

// Orders positions (any fixed order) for the maps that index them.
struct PositionOrder {
  bool operator()(const Position& a, const Position& b) const;
};

// A class of positions under the symmetries that keep the rules' holes in place.
struct SplitUnit {
  Position position;        // the class's representative (canonical_position)
  std::uint64_t paths = 0;  // move sequences from the root that reach a position of the class
};

struct Frontier {
  int plies = 0;  // below the root; a pass is a ply, as in perft
  // Every class at the frontier, in the order they were first reached (the same on every run).
  std::vector<SplitUnit> units;
  // Move sequences whose game ended above the frontier.
  std::uint64_t ended_early = 0;
};

// The symmetries of the board (Geometry::transform numbers) that map the playable squares, so
// the holes, onto themselves: positions they relate have the same counts and values.
std::vector<int> rule_symmetries(const Rules& rules);

// The representative of a position's class: the smallest image under rule_symmetries.
Position canonical_position(const Rules& rules, const Position& p);

// The positions `plies` below `root`, by class.
Frontier split_frontier(const Rules& rules, const Position& root, int plies);

// The fewest plies (at most max_plies) whose frontier has at least `units` classes.
int split_plies_for(const Rules& rules, const Position& root, std::size_t units, int max_plies);

// perft(root, depth) from the counts of the frontier's units at depth - plies (plies <= depth):
// count_of(i) is the count of units[i].
std::uint64_t combine_perft(const Frontier& frontier, PerftConvention convention,
                            const std::function<std::uint64_t(std::size_t)>& count_of);

// The exact value of every position of the top of the tree, from the exact values of the
// frontier's units (value_of(i) is the value of frontier.units[i]): the root's value and each
// root move's value.
struct TopValues {
  int value = 0;
  std::vector<MoveValue> moves;  // in square order; empty when the root passes or the game is over
  bool passed = false;           // the side to move has no move: the value is after a pass
};
TopValues negamax_top(const Rules& rules, const Position& root, const Frontier& frontier,
                      const std::function<int(std::size_t)>& value_of);

// What is proven so far about a unit's exact value.
struct UnitBounds {
  int lower = -solve_infinity;
  int upper = solve_infinity;
  bool exact() const { return lower == upper; }
};

// A unit whose value the top of the tree needs inside (alpha, beta): outside it a bound will do.
struct UnitQuery {
  std::size_t unit = 0;
  int alpha = -solve_infinity;
  int beta = solve_infinity;
};

// The top of the tree searched with windows, so that units are solved only as far as the
// root's result needs (an alpha-beta search whose leaves are the frontier's units). Each call
// of search() walks the top again with what is known of the units and either has the result or
// names the units to solve next, each with a window; units it names together do not depend on
// each other (a node's first child is settled before its other children are asked about, as in
// "young brothers wait"). Repeating until the result comes gives the same result whatever the
// order the units come back in, and whatever bounds they come back with.
class TopSearch {
 public:
  // all_moves: every root move's exact value; else the root's value, and each root move's
  // exact value or a proof that it is worse (so ties with the best are found exactly).
  TopSearch(const Rules& rules, const Position& root, const Frontier& frontier, bool all_moves);

  struct Step {
    std::optional<TopValues> result;  // once known; moves' lower/upper say what is proven
    std::vector<UnitQuery> queries;   // else: in unit order, one per unit
  };
  Step search(const std::vector<UnitBounds>& known);

 private:
  struct Probe;
  Probe probe(const Position& p, int plies, int alpha, int beta);
  const std::vector<Position>& children(const Position& p);

  Rules rules_;
  Position root_;
  const Frontier& frontier_;
  bool all_moves_;
  std::map<Position, std::size_t, PositionOrder> index_;
  std::map<Position, std::vector<Position>, PositionOrder> children_;  // best estimate first
  const std::vector<UnitBounds>* known_ = nullptr;
  std::map<std::size_t, UnitQuery> wanted_;
  Estimator estimator_;
};

}  // namespace reversi
