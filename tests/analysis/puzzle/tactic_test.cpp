// Tactics (a forced wipeout or corner) against the plain reference of tactic_reference.hpp.
#include "analysis/puzzle/tactic.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <random>

#include "analysis/puzzle/tactic_reference.hpp"
#include "reference.hpp"

using namespace reversi;
using reversi::test::first_needs;
using reversi::test::never;
using reversi::test::reached;

namespace {

// A lopsided position: dark takes the move that leaves light fewest discs, light plays at
// random, so that wipeouts come within reach (about one position in 2,000 holds one).
Position lopsided_position(const Rules& rules, std::mt19937_64& rng, int plies) {
  Position p = rules.initial();
  for (int i = 0; i < plies && !rules.game_over(p); ++i) {
    const Bits moves = rules.legal_moves(p);
    if (moves == 0) {
      p = rules.pass(p);
      continue;
    }
    std::vector<Square> squares;
    for (Bits m = moves; m != 0; m &= m - 1) squares.push_back(lowest_square(m));
    Square chosen = squares[rng() % squares.size()];
    if (p.to_move == Color::dark)
      for (const Square sq : squares)
        if (popcount(rules.play(p, sq).player) < popcount(rules.play(p, chosen).player))
          chosen = sq;
    p = rules.play(p, chosen);
  }
  return p;
}

// Compares prove_tactic with the reference on random positions after `min_plies` to
// `max_plies` moves: every tactic found, and one in `sample` of the positions without one (the
// reference is slow); returns how many tactics were found.
int compare_with_reference(TacticKind kind, int positions, int min_plies, int max_plies,
                           std::uint64_t seed, bool lopsided, int sample) {
  const Rules rules;
  std::mt19937_64 rng(seed);
  const int within = 3;
  int found = 0;
  int negatives = 0;
  for (int i = 0; i < positions; ++i) {
    const int plies =
        min_plies + static_cast<int>(rng() % static_cast<unsigned>(max_plies - min_plies + 1));
    const Position p = lopsided ? lopsided_position(rules, rng, plies)
                                : reference::random_position(rules, rng, plies);
    if (rules.game_over(p)) continue;
    const auto got = prove_tactic(rules, {p, no_square, "test"}, {kind, within, nullptr});
    if (!got && (!tactic_worth_trying(rules, p, kind) || ++negatives % sample != 0)) continue;
    const auto needs = first_needs(rules, kind, p, within);
    int fewest = never;
    for (const auto& [sq, v] : needs) fewest = std::min(fewest, v);
    const auto fastest = std::count_if(needs.begin(), needs.end(),
                                       [&](const auto& n) { return n.second == fewest; });
    const bool expected = fewest >= 2 && fewest <= within && fastest == 1;
    INFO(tactic_name(kind) << " position " << i);
    REQUIRE(got.has_value() == expected);
    if (!got) continue;
    ++found;
    CHECK(got->moves == fewest);
    const auto answer =
        std::find_if(needs.begin(), needs.end(), [&](const auto& n) { return n.second == fewest; });
    CHECK(got->answer == answer->first);
    CHECK(got->line.front() == got->answer);
    CHECK(check_tactic(rules, p, kind, got->moves, got->answer, nullptr).empty());
    CHECK_FALSE(check_tactic(rules, p, kind, got->moves + 1, got->answer, nullptr).empty());
    for (const auto& [sq, v] : needs)
      if (sq != got->answer)
        CHECK_FALSE(check_tactic(rules, p, kind, got->moves, sq, nullptr).empty());
  }
  CHECK(negatives >= 30 * sample);
  return found;
}

}  // namespace

TEST_CASE(
    "A forced wipeout is proven exactly when a plain minimax finds one fastest first "
    "move of two moves or more",
    "[puzzle]") {
  CHECK(compare_with_reference(TacticKind::wipeout, 20000, 6, 25, 19, true, 50) >= 2);
}

TEST_CASE(
    "A forced corner is proven exactly when a plain minimax finds one fastest first "
    "move of two moves or more",
    "[puzzle]") {
  CHECK(compare_with_reference(TacticKind::corner, 600, 12, 50, 29, false, 8) >= 8);
}

TEST_CASE("A tactic's line plays legal moves and reaches the goal within the stated moves",
          "[puzzle]") {
  const Rules rules;
  std::mt19937_64 rng(23);
  int lines = 0;
  for (int i = 0; i < 800 && lines < 20; ++i) {
    const Position p = reference::random_position(rules, rng, 10 + static_cast<int>(rng() % 40));
    const auto t = prove_tactic(rules, {p, no_square, "test"}, {TacticKind::corner, 3, nullptr});
    if (!t) continue;
    ++lines;
    Position at = p;
    int forcer_moves = 0;
    bool goal = false;
    for (const Square sq : t->line) {
      if (sq == no_square) {
        CHECK(rules.legal_moves(at) == 0);
        at = rules.pass(at);
        continue;
      }
      REQUIRE((rules.legal_moves(at) & bit<Bits>(sq)) != 0);
      const bool forcer = at.to_move == p.to_move;
      at = rules.play(at, sq);
      if (forcer) {
        ++forcer_moves;
        goal = reached(rules, TacticKind::corner, sq, at);
      }
    }
    CHECK(goal);
    CHECK(forcer_moves == t->moves);
  }
  CHECK(lines >= 5);
}
