// Cutting a game tree into work units for many machines (docs/cluster.md): the positions a few
// plies below a root, deduplicated and reduced by the board's symmetries, each with the number
// of move sequences that reach it. Perft sums the units' counts times their multiplicities; an
// exact solve takes the units' values back up the top of the tree by negamax. Pure: no I/O.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "analysis/perft.hpp"
#include "analysis/search.hpp"
#include "core/rules.hpp"

namespace reversi {

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

}  // namespace reversi
