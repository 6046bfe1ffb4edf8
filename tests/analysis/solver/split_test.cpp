// The work-unit split of analysis/solver/split.hpp against the whole-tree counts and the solver.
#include "analysis/solver/split.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <utility>
#include <vector>

using namespace reversi;

namespace {

std::uint64_t split_perft(const Rules& rules, const Position& root, int depth, int plies,
                          PerftConvention c) {
  const Frontier f = split_frontier(rules, root, plies);
  return combine_perft(f, c, [&](std::size_t i) {
    return perft_plain(rules, f.units[i].position, depth - plies, c);
  });
}

std::vector<Rules> variants() {
  const Geometry g6(6);
  return {Rules(8),
          Rules(6),
          Rules(6, Start::free),
          Rules(6, Start::standard, true),
          Rules(6, Start::standard, false, bit<Bits>(g6.square(1, 1)) | bit<Bits>(g6.square(4, 0))),
          Rules(4, Start::standard, false, 0, Scoring::count)};
}

// The 4x4 variants whose whole tree is solved in an instant: standard, anti and counting.
std::vector<Rules> small_variants() {
  return {Rules(4), Rules(4, Start::standard, true),
          Rules(4, Start::standard, false, 0, Scoring::count)};
}

// The solver's value and every move's exact value at `root`: what a split search must match.
SolveResult solved_whole(const Rules& rules, const Position& root) {
  SolveRequest whole;
  whole.rules = rules;
  whole.root = root;
  whole.all_moves = true;
  return solve(whole);
}

// The top search's entry for one of the solver's moves; it gives one for every move.
const MoveValue& top_move(const TopValues& top, const SolveResult& expected, Square move) {
  REQUIRE(top.moves.size() == expected.move_values.size());
  const auto it = std::find_if(top.moves.begin(), top.moves.end(),
                               [&](const MoveValue& t) { return t.move == move; });
  REQUIRE(it != top.moves.end());
  return *it;
}

}  // namespace

TEST_CASE("Perft over a split frontier equals perft over the whole tree, for every variant",
          "[split]") {
  for (const Rules& rules : variants()) {
    for (const auto c : {PerftConvention::oeis, PerftConvention::bik}) {
      const int depth = rules.size() == 8 ? 6 : 7;
      const std::uint64_t whole = perft_plain(rules, rules.initial(), depth, c);
      for (int plies = 0; plies <= 4; ++plies) {
        INFO(rules.describe() << ", " << convention_name(c) << ", split at " << plies);
        CHECK(split_perft(rules, rules.initial(), depth, plies, c) == whole);
      }
    }
  }
}

TEST_CASE("Games that end above the frontier count as leaves only under the bik convention",
          "[split]") {
  // 4x4 games end within a few plies: some end above a deep frontier.
  const Rules rules(4);
  const Frontier f = split_frontier(rules, rules.initial(), 9);
  REQUIRE(f.ended_early > 0);
  for (const auto c : {PerftConvention::oeis, PerftConvention::bik})
    CHECK(split_perft(rules, rules.initial(), 11, 9, c) ==
          perft_plain(rules, rules.initial(), 11, c));
}

TEST_CASE("Symmetry merges the four first moves of the standard start into one unit", "[split]") {
  const Rules rules(8);
  const Frontier f = split_frontier(rules, rules.initial(), 1);
  REQUIRE(f.units.size() == 1);
  CHECK(f.units[0].paths == 4);
  // Holes that break the symmetry keep the classes apart.
  const Rules holed(8, Start::standard, false, bit<Bits>(rules.geometry().square(0, 0)));
  CHECK(split_frontier(holed, holed.initial(), 1).units.size() > 1);
  // Deeper, the classes are fewer than the move sequences, and the paths add up to them.
  const Frontier deep = split_frontier(rules, rules.initial(), 4);
  std::uint64_t paths = 0;
  for (const auto& u : deep.units) paths += u.paths;
  CHECK(paths == perft_plain(rules, rules.initial(), 4, PerftConvention::oeis));
  CHECK(deep.units.size() < paths);
}

TEST_CASE("A class representative is the same from every symmetric image", "[split]") {
  const Rules rules(8);
  const Frontier f = split_frontier(rules, rules.initial(), 3);
  for (const auto& u : f.units) {
    for (const int s : rule_symmetries(rules)) {
      Position t = u.position;
      t.player = rules.geometry().transform(u.position.player, s);
      t.opponent = rules.geometry().transform(u.position.opponent, s);
      CHECK(canonical_position(rules, t) == u.position);
    }
  }
}

TEST_CASE("Negamax over the frontier's exact values gives the solver's value and move values",
          "[split]") {
  for (const Rules& rules : small_variants()) {
    const SolveResult expected = solved_whole(rules, rules.initial());
    for (int plies = 1; plies <= 5; ++plies) {
      INFO(rules.describe() << ", split at " << plies);
      const Frontier f = split_frontier(rules, rules.initial(), plies);
      const TopValues top = negamax_top(rules, rules.initial(), f, [&](std::size_t i) {
        SolveRequest unit;
        unit.rules = rules;
        unit.root = f.units[i].position;
        return solve(unit, 1).value;  // a small table: hundreds of tiny solves
      });
      CHECK(top.value == expected.value);
      for (const MoveValue& m : expected.move_values)
        CHECK(top_move(top, expected, m.move).value == m.value);
    }
  }
}

TEST_CASE("The split depth grows until the frontier has enough units", "[split]") {
  const Rules rules(8);
  const int plies = split_plies_for(rules, rules.initial(), 50, 10);
  CHECK(split_frontier(rules, rules.initial(), plies).units.size() >= 50);
  CHECK(split_frontier(rules, rules.initial(), plies - 1).units.size() < 50);
  CHECK(split_plies_for(rules, rules.initial(), 1000000, 3) == 3);
}

namespace {

// TopSearch driven to its result: every query solved inside its window. `weakest`: a result
// outside the window is cut to the window's edge, the least a solver may prove.
TopValues windowed_top(const Rules& rules, const Position& root, const Frontier& f, bool all_moves,
                       bool weakest, int& solves) {
  TopSearch top(rules, root, f, all_moves);
  Solver solver(1);
  std::vector<UnitBounds> known(f.units.size());
  for (int round = 0; round < 1000; ++round) {
    const TopSearch::Step step = top.search(known);
    if (step.result) return *step.result;
    REQUIRE(!step.queries.empty());
    for (const UnitQuery& q : step.queries) {
      SolveRequest req;
      req.rules = rules;
      req.root = f.units[q.unit].position;
      req.alpha = q.alpha;
      req.beta = q.beta;
      req.want_pv = false;
      SolveResult r = solver.solve(req);
      if (weakest && r.upper <= q.alpha) r.upper = q.alpha;
      if (weakest && r.lower >= q.beta) r.lower = q.beta;
      UnitBounds& b = known[q.unit];
      b.lower = std::max(b.lower, r.lower);
      b.upper = std::min(b.upper, r.upper);
      ++solves;
    }
  }
  FAIL("the top search never ends");
  return {};
}

// The position after `plies` moves each on the lowest legal square (passing when there is
// none): a late position with passes possible, reached the same way every time.
Position after_lowest_moves(const Rules& rules, int plies) {
  Position p = rules.initial();
  for (int ply = 0; ply < plies && rules.has_move(p); ++ply) {
    const Bits moves = rules.legal_moves(p);
    if (moves == 0) {
      p = rules.pass(p);
      continue;
    }
    Square lowest = no_square;
    for_each_square(moves, [&](Square sq) {
      if (lowest == no_square) lowest = sq;
    });
    p = rules.play(p, lowest);
  }
  return p;
}

}  // namespace

TEST_CASE("The windowed top search gives the solver's value, best moves and exact move values",
          "[split]") {
  std::vector<std::pair<Rules, Position>> roots;
  for (const Rules& rules : small_variants()) roots.emplace_back(rules, rules.initial());
  const Rules six(6);
  roots.emplace_back(six, after_lowest_moves(six, 16));
  for (const auto& [rules, root] : roots) {
    const SolveResult expected = solved_whole(rules, root);
    for (int plies = 1; plies <= 4; ++plies) {
      const Frontier f = split_frontier(rules, root, plies);
      for (const bool all_moves : {false, true}) {
        for (const bool weakest : {false, true}) {
          INFO(rules.describe() << ", split at " << plies << (all_moves ? ", all moves" : "")
                                << (weakest ? ", weakest bounds" : ""));
          int solves = 0;
          const TopValues top = windowed_top(rules, root, f, all_moves, weakest, solves);
          CHECK(top.value == expected.value);
          for (const MoveValue& m : expected.move_values) {
            const MoveValue& got = top_move(top, expected, m.move);
            CHECK(got.upper >= m.value);
            // Exact where asked (every move, or a move as good as the best); else proven worse.
            if (all_moves || m.value == expected.value) {
              CHECK(got.lower == got.upper);
              CHECK(got.value == m.value);
            } else {
              CHECK(got.upper < expected.value);
            }
          }
        }
      }
    }
  }
}

TEST_CASE("The windowed top search solves fewer units than there are when cuts are possible",
          "[split]") {
  const Rules rules(4);
  const Frontier f = split_frontier(rules, rules.initial(), 4);
  int solves = 0;
  windowed_top(rules, rules.initial(), f, false, false, solves);
  CHECK(solves < static_cast<int>(f.units.size()));
}
