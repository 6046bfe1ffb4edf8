// The work-unit split of analysis/split.hpp against the whole-tree counts and the solver.
#include "analysis/split.hpp"

#include <catch2/catch.hpp>
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
  for (const Rules& rules : {Rules(4), Rules(4, Start::standard, true),
                             Rules(4, Start::standard, false, 0, Scoring::count)}) {
    SolveRequest whole;
    whole.rules = rules;
    whole.root = rules.initial();
    whole.all_moves = true;
    const SolveResult expected = solve(whole);
    for (int plies = 1; plies <= 5; ++plies) {
      INFO(rules.describe() << ", split at " << plies);
      const Frontier f = split_frontier(rules, rules.initial(), plies);
      const TopValues top = negamax_top(rules, rules.initial(), f, [&](std::size_t i) {
        SolveRequest unit = whole;
        unit.root = f.units[i].position;
        unit.all_moves = false;
        return solve(unit).value;
      });
      CHECK(top.value == expected.value);
      REQUIRE(top.moves.size() == expected.move_values.size());
      for (const MoveValue& m : expected.move_values) {
        const auto it = std::find_if(top.moves.begin(), top.moves.end(),
                                     [&](const MoveValue& t) { return t.move == m.move; });
        REQUIRE(it != top.moves.end());
        CHECK(it->value == m.value);
      }
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
