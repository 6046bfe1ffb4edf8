#include "analysis/solver/root_moves.hpp"

#include <tbb/enumerable_thread_specific.h>

#include <algorithm>
#include <cmath>
#include <utility>

#include "analysis/estimate/estimate.hpp"
#include "analysis/parallel_each.hpp"

namespace reversi {

namespace {

// Roots that leave at least this many empties to the engine (after any free-centre placements)
// order their moves by a heuristic estimate, which also gives each move's first null-window test;
// below it the search is too small to pay for that.
constexpr int root_estimate_min_empties = 14;
// Plies of the estimate below each root move: with many empties selective and half the empties
// deep, since a wrong first move or a first test far from the value costs a whole exact proof
// (and a deep wipeout must be seen to be tried first); 22-28 empties from real games: 8-22% fewer
// nodes than 8 plies at full width, no gain at 20 (docs/benchmarks.md).
constexpr int root_estimate_depth = 8;
constexpr int root_estimate_deep_from = 22;  // empties
constexpr int root_estimate_max_depth = 14;

int root_estimate_plies(int empties) {
  if (empties < root_estimate_deep_from) return root_estimate_depth;
  return std::clamp(empties / 2, root_estimate_depth, root_estimate_max_depth);
}

Bits corner_squares(const Geometry& g) {
  const int l = g.size() - 1;
  return bit<Bits>(g.square(0, 0)) | bit<Bits>(g.square(0, l)) | bit<Bits>(g.square(l, 0)) |
         bit<Bits>(g.square(l, l));
}

// The empties a position leaves to the engine, after the free centre's placements.
int engine_empties(const Rules& rules, const Position& p) {
  if (!rules.placing(p)) return rules.empties(p);
  const Bits empty = rules.playable() & ~(p.player | p.opponent);
  return rules.empties(p) - popcount(empty & rules.geometry().centre());
}

// Estimates positions in discs for the side to move, counting the nodes.
struct DiscEstimate {
  DiscEstimate(const Rules& r, const eval::PatternEvaluator* p, const std::atomic<bool>* s)
      : rules(r), patterns(p), stop(s) {}

  const Rules& rules;
  const eval::PatternEvaluator* patterns;
  const std::atomic<bool>* stop;
  Estimator estimator;
  std::uint64_t nodes = 0;

  // While the centre is being placed, the few distinct placements are played out by minimax and
  // the boards they leave estimated: the root's first test then starts near the value, not at 0
  // (6x6 free centre: light by 4).
  int operator()(const Position& p) {
    if (rules.placing(p)) {
      const Bits moves = rules.legal_moves(p);
      if (moves == 0) {
        const Position passed = rules.pass(p);
        if (!rules.has_move(passed)) return rules.value(p, p.to_move);
        return -(*this)(passed);
      }
      int best = -solve_infinity;
      for (const RootMove& m : distinct_moves(rules, p, moves))
        best = std::max(best, -(*this)(m.child));
      return best;
    }
    const int empties = rules.empties(p);
    const EstimateResult e = estimator.estimate(
        {.rules = rules,
         .root = p,
         .depth = root_estimate_plies(empties + 1) - 1,
         .selectivity = empties + 1 < root_estimate_deep_from ? full_width : default_selectivity,
         .stop = stop,
         .patterns = patterns});
    nodes += e.nodes;
    return static_cast<int>(std::lround(static_cast<double>(e.value) / estimate_units_per_disc));
  }
};

void sort_by_order(std::vector<RootMove>& moves) {
  std::stable_sort(moves.begin(), moves.end(),
                   [](const RootMove& a, const RootMove& b) { return a.order > b.order; });
}

}  // namespace

std::vector<int> symmetries_of(const Rules& rules, const Position& p) {
  const auto& g = rules.geometry();
  std::vector<int> out;
  for (int s = 1; s < symmetry_count; ++s)
    if (g.transform(p.player, s) == p.player && g.transform(p.opponent, s) == p.opponent &&
        g.transform(rules.holes(), s) == rules.holes())
      out.push_back(s);
  return out;
}

Oriented canonical_orientation(const Rules& rules, const Position& p) {
  const Geometry& g = rules.geometry();
  Oriented best{p, 0};
  for (int s = 1; s < symmetry_count; ++s) {
    if (g.transform(rules.holes(), s) != rules.holes()) continue;
    Position image = p;
    image.player = g.transform(p.player, s);
    image.opponent = g.transform(p.opponent, s);
    const auto key = [](const Position& q) { return std::pair(q.player, q.opponent); };
    if (key(image) < key(best.position)) best = Oriented{image, s};
  }
  return best;
}

Square preimage(const Geometry& g, Square image, int symmetry) {
  for (int row = 0; row < g.size(); ++row)
    for (int col = 0; col < g.size(); ++col)
      if (g.transform(g.square(row, col), symmetry) == image) return g.square(row, col);
  return no_square;
}

std::vector<RootMove> distinct_moves(const Rules& rules, const Position& p, Bits moves) {
  const auto syms = symmetries_of(rules, p);
  std::vector<RootMove> out;
  for_each_square(moves, [&](Square sq) {
    for (auto& m : out)
      for (int s : syms)
        if (rules.geometry().transform(sq, s) == m.square) {
          m.twins.push_back(sq);
          return;
        }
    RootMove m;
    m.square = sq;
    m.child = rules.play(p, sq);
    out.push_back(std::move(m));
  });
  return out;
}

void order_by_replies(const Rules& rules, std::vector<RootMove>& moves) {
  const Bits corners = corner_squares(rules.geometry());
  for (auto& m : moves) {
    const int replies = popcount(rules.legal_moves(m.child));
    m.order = (((corners >> m.square) & 1) != 0 ? 1000 : 0) - replies;
  }
  sort_by_order(moves);
}

void put_first(std::vector<RootMove>& moves, Square sq) {
  std::stable_partition(moves.begin(), moves.end(), [&](const RootMove& m) {
    return m.square == sq || std::find(m.twins.begin(), m.twins.end(), sq) != m.twins.end();
  });
}

bool wants_root_estimate(const Rules& rules, const Position& root) {
  if (engine_empties(rules, root) < root_estimate_min_empties) return false;
  // Placements are estimated only where the weights were learnt for these rules: with a hole
  // they borrow the whole board's and miss (6x6 free-centre anti with a hole: +8 for -1 to +3).
  return !rules.placing(root) || patterns_for(rules, nullptr) != nullptr;
}

std::uint64_t order_by_estimate(const Rules& rules, const eval::PatternEvaluator* patterns,
                                const std::atomic<bool>* stop, std::vector<RootMove>& moves) {
  // The moves share out between the threads of the calling arena, an estimator each: a value
  // depends only on its position, so neither the split nor the tables change the order.
  tbb::enumerable_thread_specific<DiscEstimate> estimators(
      [&] { return DiscEstimate(rules, patterns, stop); });
  parallel_each(moves.size(), [&](std::size_t i) {
    moves[i].guess = estimators.local()(moves[i].child);
    moves[i].order = -moves[i].guess;
  });
  sort_by_order(moves);
  std::uint64_t nodes = 0;
  for (const DiscEstimate& e : estimators) nodes += e.nodes;
  return nodes;
}

}  // namespace reversi
