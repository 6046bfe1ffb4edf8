// The selective searches before a long solve (analysis/endgame/probcut.hpp) against the exact
// search alone.
#include <algorithm>
#include <catch2/catch.hpp>
#include <random>
#include <vector>

#include "analysis/solver/search.hpp"
#include "reference.hpp"
#include "solve_checks.hpp"

using namespace reversi;
using namespace reversi::solve_checks;

TEST_CASE("A selective search before a long solve changes its work, never a value or a line",
          "[solve]") {
  const Rules rules(8);
  std::mt19937_64 rng(31);
  constexpr int positions = 6;
  int solved = 0;
  int other_work = 0;
  while (solved < positions) {
    const int empties = 18 + solved % 2;  // from where the selective search is run
    const Position p =
        reference::random_position(rules, rng, rules.empties(rules.initial()) - empties);
    if (rules.empties(p) != empties || popcount(rules.legal_moves(p)) < 2) continue;
    INFO("position " << solved << ", " << empties << " empties");
    SolveRequest with = request(rules, p);
    SolveRequest without = with;
    without.selective_first = false;
    const SolveResult a = solve(with, 16);
    const SolveResult b = solve(without, 16);
    REQUIRE(a.value == b.value);
    check_pv(rules, p, a);
    if (a.nodes != b.nodes) ++other_work;
    ++solved;
    if (solved % 2 == 0) continue;  // every move's value on half of them, for the time
    with.all_moves = without.all_moves = true;
    const auto by_move = [](SolveResult r) {
      std::sort(r.move_values.begin(), r.move_values.end(),
                [](const MoveValue& x, const MoveValue& y) { return x.move < y.move; });
      return r.move_values;
    };
    const std::vector<MoveValue> every_a = by_move(solve(with, 16));
    const std::vector<MoveValue> every_b = by_move(solve(without, 16));
    REQUIRE(every_a.size() == every_b.size());
    for (std::size_t k = 0; k < every_a.size(); ++k) {
      CHECK(every_a[k].move == every_b[k].move);
      CHECK(every_a[k].value == every_b[k].value);
      CHECK(every_a[k].lower == every_b[k].lower);
      CHECK(every_a[k].upper == every_b[k].upper);
    }
  }
  // The selective search ran: it leaves other moves to try first, and costs nodes of its own.
  CHECK(other_work == positions);
}
