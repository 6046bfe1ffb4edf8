// Where a game's training positions take their labels from: the record, the solver or a search.
#include "analysis/training/training.hpp"

#include <catch2/catch.hpp>
#include <random>

#include "core/geometry.hpp"

using namespace reversi;
using namespace reversi::eval;

namespace {

// A whole random 8x8 game, replayed.
Replay random_game(std::uint64_t seed) {
  const Rules rules(8);
  std::mt19937_64 rng(seed);
  Position p = rules.initial();
  std::vector<WrittenMove> moves;
  const Geometry& g = rules.geometry();
  while (!rules.game_over(p)) {
    if (!rules.has_move(p)) {
      p = rules.pass(p);
      continue;
    }
    std::vector<Square> legal;
    for_each_square(rules.legal_moves(p), [&](Square s) { legal.push_back(s); });
    const Square s = legal[rng() % legal.size()];
    moves.push_back(WrittenMove{g.name(s), s, std::nullopt});
    p = rules.play(p, s);
  }
  return replay(rules, rules.initial(), moves);
}

int empties_of(const Sample& s) {
  return 64 - popcount(s.player | s.opponent);
}

}  // namespace

TEST_CASE("Labels come from the theoretical score early and the final result late", "[eval]") {
  const Replay r = random_game(5);
  REQUIRE(r.ok());
  std::vector<Sample> out;
  add_game_samples(r, GameLabels{10, -6, 24}, out);
  REQUIRE(!out.empty());
  for (const auto& s : out) CHECK(std::abs(s.target) == (empties_of(s) >= 24 ? 6 : 10));
}

TEST_CASE("A game's positions go to the solver, to a search or to the record by their empties",
          "[eval]") {
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    const Replay r = random_game(seed);
    REQUIRE(r.ok());
    const bool theoretical = seed % 2 == 0;
    GameLabels labels{.final_margin = 10,
                      .theoretical_margin = theoretical ? std::optional<int>(-6) : std::nullopt,
                      .theoretical_empties = theoretical ? 22 : 0,
                      .solved_empties = 12,
                      .backed_up_empties = 24};
    const GameSamples g = game_samples(r, labels);
    std::size_t final_results = 0;
    for (const auto& s : g.labelled) {
      CHECK(empties_of(s) > 12);
      if (theoretical && empties_of(s) >= 22) {
        CHECK(std::abs(s.target) == 6);
      } else {
        CHECK(empties_of(s) > 24);
        CHECK(std::abs(s.target) == 10);
        ++final_results;
      }
    }
    CHECK(g.final_results == final_results);
    for (const auto& s : g.to_solve) CHECK(empties_of(s) <= 12);
    for (const auto& s : g.to_back_up) {
      CHECK(empties_of(s) > 12);
      CHECK(empties_of(s) <= (theoretical ? 21 : 24));
    }
    // Every position with a move goes somewhere, once.
    std::size_t with_move = 0;
    for (const Position& p : r.positions(Rules(8))) with_move += Rules(8).has_move(p) ? 1 : 0;
    CHECK(g.labelled.size() + g.to_solve.size() + g.to_back_up.size() == with_move);
  }
}
