#include "analysis/split.hpp"

#include <algorithm>
#include <map>
#include <tuple>

namespace reversi {

namespace {

// Orders positions for the class representative and the deduplicating map.
auto key_of(const Position& p) {
  return std::make_tuple(p.player, p.opponent, p.to_move, p.supply);
}

struct PositionLess {
  bool operator()(const Position& a, const Position& b) const { return key_of(a) < key_of(b); }
};

Position transformed(const Geometry& g, const Position& p, int symmetry) {
  Position t = p;
  t.player = g.transform(p.player, symmetry);
  t.opponent = g.transform(p.opponent, symmetry);
  return t;
}

// Calls visit(position, depth_left) for each node of the frontier layer, one call per move
// sequence, and ended() for each sequence whose game ended before it.
template <class Visit, class Ended>
void walk(const Rules& rules, const Position& p, int plies, Visit&& visit, Ended&& ended) {
  if (plies == 0) {
    visit(p);
    return;
  }
  const Bits moves = rules.legal_moves(p);
  if (moves == 0) {
    const Position passed = rules.pass(p);
    if (!rules.has_move(passed)) {
      ended();
      return;
    }
    walk(rules, passed, plies - 1, visit, ended);
    return;
  }
  for_each_square(moves,
                  [&](Square sq) { walk(rules, rules.play(p, sq), plies - 1, visit, ended); });
}

}  // namespace

std::vector<int> rule_symmetries(const Rules& rules) {
  std::vector<int> group;
  for (int s = 0; s < symmetry_count; ++s)
    if (rules.geometry().transform(rules.playable(), s) == rules.playable()) group.push_back(s);
  return group;
}

Position canonical_position(const Rules& rules, const Position& p) {
  Position best = p;
  for (const int s : rule_symmetries(rules)) {
    const Position t = transformed(rules.geometry(), p, s);
    if (PositionLess{}(t, best)) best = t;
  }
  return best;
}

Frontier split_frontier(const Rules& rules, const Position& root, int plies) {
  Frontier f;
  f.plies = plies;
  std::map<Position, std::size_t, PositionLess> index;
  walk(
      rules, root, plies,
      [&](const Position& p) {
        const Position c = canonical_position(rules, p);
        const auto [it, fresh] = index.try_emplace(c, f.units.size());
        if (fresh) f.units.push_back(SplitUnit{c, 0});
        ++f.units[it->second].paths;
      },
      [&] { ++f.ended_early; });
  return f;
}

int split_plies_for(const Rules& rules, const Position& root, std::size_t units, int max_plies) {
  int plies = 0;
  while (plies < max_plies && split_frontier(rules, root, plies).units.size() < units) ++plies;
  return plies;
}

std::uint64_t combine_perft(const Frontier& frontier, PerftConvention convention,
                            const std::function<std::uint64_t(std::size_t)>& count_of) {
  std::uint64_t total = convention == PerftConvention::bik ? frontier.ended_early : 0;
  for (std::size_t i = 0; i < frontier.units.size(); ++i)
    total += frontier.units[i].paths * count_of(i);
  return total;
}

namespace {

using UnitIndex = std::map<Position, std::size_t, PositionLess>;

int negamax(const Rules& rules, const Position& p, int plies, const UnitIndex& index,
            const std::function<int(std::size_t)>& value_of) {
  if (plies == 0) return value_of(index.at(canonical_position(rules, p)));
  const Bits moves = rules.legal_moves(p);
  if (moves == 0) {
    const Position passed = rules.pass(p);
    if (!rules.has_move(passed)) return rules.value(p, p.to_move);
    return -negamax(rules, passed, plies - 1, index, value_of);
  }
  int best = -solve_infinity;
  for_each_square(moves, [&](Square sq) {
    best = std::max(best, -negamax(rules, rules.play(p, sq), plies - 1, index, value_of));
  });
  return best;
}

}  // namespace

TopValues negamax_top(const Rules& rules, const Position& root, const Frontier& frontier,
                      const std::function<int(std::size_t)>& value_of) {
  UnitIndex index;
  for (std::size_t i = 0; i < frontier.units.size(); ++i) index[frontier.units[i].position] = i;
  const int plies = frontier.plies;
  TopValues top;
  const Bits moves = rules.legal_moves(root);
  if (moves == 0 || plies == 0) {
    top.passed = moves == 0 && rules.has_move(rules.pass(root));
    top.value = negamax(rules, root, plies, index, value_of);
    return top;
  }
  top.value = -solve_infinity;
  for_each_square(moves, [&](Square sq) {
    const int v = -negamax(rules, rules.play(root, sq), plies - 1, index, value_of);
    top.moves.push_back(MoveValue{sq, v, v, v});
    top.value = std::max(top.value, v);
  });
  return top;
}

}  // namespace reversi
