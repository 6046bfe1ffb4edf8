#include "analysis/solver/split.hpp"

#include <algorithm>
#include <map>
#include <tuple>
#include <utility>

namespace reversi {

namespace {

// Orders positions for the class representative and the deduplicating map.
auto key_of(const Position& p) {
  return std::make_tuple(p.player, p.opponent, p.to_move, p.supply);
}

}  // namespace

bool PositionOrder::operator()(const Position& a, const Position& b) const {
  return key_of(a) < key_of(b);
}

namespace {

using PositionLess = PositionOrder;

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

namespace {

// The depth of the estimates that order the top of the tree: the top has at most a few
// thousand positions, and a good first child is what saves work in the units below it.
constexpr int order_estimate_depth = 4;

}  // namespace

// A node's value as far as the units known so far settle it: fail-soft, as in alpha-beta (at
// most alpha: an upper bound; at least beta: a lower bound; between: exact), or not yet.
struct TopSearch::Probe {
  int value = 0;
  bool known = false;
};

TopSearch::TopSearch(const Rules& rules, const Position& root, const Frontier& frontier,
                     bool all_moves)
    : rules_(rules), root_(root), frontier_(frontier), all_moves_(all_moves) {
  for (std::size_t i = 0; i < frontier.units.size(); ++i) index_[frontier.units[i].position] = i;
}

const std::vector<Position>& TopSearch::children(const Position& p) {
  const auto found = children_.find(p);
  if (found != children_.end()) return found->second;
  std::vector<std::pair<int, Position>> scored;
  for_each_square(rules_.legal_moves(p), [&](Square sq) {
    const Position child = rules_.play(p, sq);
    int score = 0;
    if (rules_.game_over(child)) {
      score = -rules_.value(child, child.to_move) * estimate_units_per_disc;
    } else {
      EstimateRequest request;
      request.rules = rules_;
      request.root = child;
      request.depth = order_estimate_depth;
      score = -estimator_.estimate(request).value;
    }
    scored.emplace_back(score, child);
  });
  // Stable: equal estimates keep square order, so the order is the same on every run.
  std::stable_sort(scored.begin(), scored.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  std::vector<Position> ordered;
  ordered.reserve(scored.size());
  for (const auto& [score, child] : scored) ordered.push_back(child);
  return children_.emplace(p, std::move(ordered)).first->second;
}

TopSearch::Probe TopSearch::probe(const Position& p, int plies, int alpha, int beta) {
  if (plies == 0) {
    const std::size_t unit = index_.at(canonical_position(rules_, p));
    const UnitBounds& b = (*known_)[unit];
    if (b.exact()) return {b.lower, true};
    if (b.upper <= alpha) return {b.upper, true};
    if (b.lower >= beta) return {b.lower, true};
    // Several leaves may share the unit (transpositions, symmetry): one window holds them all.
    const auto [it, fresh] = wanted_.try_emplace(unit, UnitQuery{unit, alpha, beta});
    if (!fresh) {
      it->second.alpha = std::min(it->second.alpha, alpha);
      it->second.beta = std::max(it->second.beta, beta);
    }
    return {};
  }
  if (!rules_.has_move(p)) {
    const Position passed = rules_.pass(p);
    if (!rules_.has_move(passed)) return {rules_.value(p, p.to_move), true};
    const Probe r = probe(passed, plies - 1, -beta, -alpha);
    return {-r.value, r.known};
  }
  int best = -solve_infinity;
  int a = alpha;
  bool pending = false;
  bool first = true;
  for (const Position& child : children(p)) {
    Probe r;
    if (first) {
      r = probe(child, plies - 1, -beta, -a);
      // The others wait for the first child's value: it gives them their window.
      if (!r.known) return {};
      first = false;
    } else {
      // Is the child better than the best so far? Only then is its exact value needed.
      r = probe(child, plies - 1, -a - 1, -a);
      if (r.known && -r.value > a && -r.value < beta) r = probe(child, plies - 1, -beta, -a);
    }
    if (!r.known) {
      pending = true;
      continue;
    }
    best = std::max(best, -r.value);
    a = std::max(a, best);
    // A cut: whatever the children still unknown are worth, this node is worth at least beta.
    if (a >= beta) return {best, true};
  }
  if (pending) return {};
  return {best, true};
}

TopSearch::Step TopSearch::search(const std::vector<UnitBounds>& known) {
  known_ = &known;
  wanted_.clear();
  Step step;
  const int plies = frontier_.plies;
  TopValues top;
  if (plies == 0 || !rules_.has_move(root_)) {
    top.passed = !rules_.has_move(root_) && rules_.has_move(rules_.pass(root_));
    const Probe r = probe(root_, plies, -solve_infinity, solve_infinity);
    top.value = r.value;
    if (r.known) step.result = top;
  } else {
    // Root moves are asked in estimate order and reported in square order.
    std::map<Position, Square, PositionOrder> square_of;
    for_each_square(rules_.legal_moves(root_),
                    [&](Square sq) { square_of[rules_.play(root_, sq)] = sq; });
    int best = -solve_infinity;
    bool pending = false;
    bool first = true;
    for (const Position& child : children(root_)) {
      // Around the best so far: a move that ties with it gets its exact value too, and a move
      // that beats it is asked again for its exact value.
      const bool full = all_moves_ || first;
      const int alpha = full ? -solve_infinity : best - 1;
      const int beta = full ? solve_infinity : best + 1;
      Probe r = probe(child, plies - 1, -beta, -alpha);
      if (r.known && -r.value >= beta) r = probe(child, plies - 1, -solve_infinity, -alpha);
      if (!r.known && first && !all_moves_) break;
      first = false;
      if (!r.known) {
        pending = true;
        continue;
      }
      const int v = -r.value;
      const bool exact = v > alpha;
      top.moves.push_back(MoveValue{square_of.at(child), v, exact ? v : -solve_infinity, v});
      best = std::max(best, v);
    }
    if (!pending && !top.moves.empty() && top.moves.size() == square_of.size()) {
      std::sort(top.moves.begin(), top.moves.end(),
                [](const MoveValue& x, const MoveValue& y) { return x.move < y.move; });
      top.value = best;
      step.result = top;
    }
  }
  if (!step.result)
    for (const auto& [unit, query] : wanted_) step.queries.push_back(query);
  known_ = nullptr;
  return step;
}

}  // namespace reversi
