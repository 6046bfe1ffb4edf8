// Self-played training positions: the same games on any number of threads and in any range of
// games, exact labels that plain minimax confirms, search labels that are annotate's estimates.
#include "analysis/training/self_play.hpp"

#include <catch2/catch.hpp>
#include <cmath>

#include "analysis/estimate/estimate.hpp"
#include "core/notation.hpp"
#include "core/rules.hpp"
#include "reference.hpp"

using namespace reversi;
using namespace reversi::eval;

namespace {

// Small searches, so that a game takes milliseconds.
SelfPlayRequest quick_request() {
  SelfPlayRequest r;
  r.seed = 7;
  r.label_depth = 2;
  r.move_depth = 1;
  r.exact_empties = 10;
  r.hash_mb = 4;
  r.threads = 1;
  return r;
}

Position position_of(const PlayedPosition& s) {
  Position p;
  p.player = s.player;
  p.opponent = s.opponent;
  return p;
}

}  // namespace

TEST_CASE("Self-played games are the same on one thread or two and in any range of games",
          "[eval][training]") {
  SelfPlayRequest one = quick_request();
  SelfPlayRequest two = quick_request();
  two.threads = 2;
  const PlayedGames all = play_games(one, 0, 6);
  REQUIRE(all.complete);
  CHECK(all.games == 6);
  CHECK(play_games(two, 0, 6).positions == all.positions);
  // Games 3-5 on their own are the tail of games 0-5.
  const PlayedGames tail = play_games(two, 3, 3);
  REQUIRE(tail.positions.size() < all.positions.size());
  CHECK(std::equal(tail.positions.begin(), tail.positions.end(),
                   all.positions.end() - static_cast<std::ptrdiff_t>(tail.positions.size())));
  // Another seed plays other games.
  SelfPlayRequest other = quick_request();
  other.seed = 8;
  CHECK(play_games(other, 0, 6).positions != all.positions);
}

TEST_CASE("Self-played positions have a move, come after the opening and carry their label's depth",
          "[eval][training]") {
  const Rules rules(8);
  SelfPlayRequest r = quick_request();
  r.random_plies = 12;
  const PlayedGames g = play_games(r, 0, 5);
  REQUIRE(!g.positions.empty());
  std::size_t exact = 0;
  for (const PlayedPosition& s : g.positions) {
    const Position p = position_of(s);
    INFO(board_string(p, rules));
    CHECK(rules.has_move(p));
    CHECK(rules.empties(p) <= 60 - r.random_plies);
    if (rules.empties(p) <= r.exact_empties) {
      CHECK(s.depth == 0);
      ++exact;
    } else {
      CHECK(s.depth >= r.label_depth);
    }
  }
  CHECK(exact == g.exact);
  CHECK(g.search_nodes > 0);
  CHECK(g.solver_nodes > 0);
}

TEST_CASE("Self-played exact labels are the values plain minimax finds", "[eval][training]") {
  const Rules rules(8);
  SelfPlayRequest r = quick_request();
  r.exact_empties = 9;
  const PlayedGames g = play_games(r, 0, 4);
  int checked = 0;
  for (const PlayedPosition& s : g.positions) {
    if (s.depth != 0) continue;
    const Position p = position_of(s);
    INFO(board_string(p, rules));
    CHECK(s.label == reference::minimax(rules, reference::from_position(rules, p)));
    ++checked;
  }
  CHECK(checked >= 4 * 5);
}

TEST_CASE("Self-played search labels are annotate's estimates in whole discs", "[eval][training]") {
  const Rules rules(8);
  const SelfPlayRequest r = quick_request();
  const PlayedGames g = play_games(r, 2, 2);
  Estimator estimator;
  int checked = 0;
  for (const PlayedPosition& s : g.positions) {
    if (s.depth == 0) continue;
    const Position p = position_of(s);
    const EstimateResult e =
        estimator.estimate(annotation_estimate(rules, p, r.label_depth, r.selectivity));
    CHECK(s.label == std::lround(e.value / 100.0));
    CHECK(s.depth == e.depth);
    ++checked;
  }
  CHECK(checked > 20);
}

TEST_CASE("Self-played games start with one of the opening lines given", "[eval][training]") {
  const Rules rules(8);
  SelfPlayRequest r = quick_request();
  r.random_plies = 0;
  const std::vector<Square> line = {rules.geometry().square(4, 5), rules.geometry().square(5, 3)};
  r.openings = {line};  // f5 d6
  Position after = rules.initial();
  for (const Square sq : line) after = rules.play(after, sq);
  const PlayedGames g = play_games(r, 0, 1);
  REQUIRE(!g.positions.empty());
  CHECK(g.positions.front().player == static_cast<Bits64>(after.player));
  CHECK(g.positions.front().opponent == static_cast<Bits64>(after.opponent));
}

TEST_CASE("A stopped self-play says it is incomplete", "[eval][training]") {
  std::atomic<bool> stop{true};
  SelfPlayRequest r = quick_request();
  r.stop = &stop;
  CHECK_FALSE(play_games(r, 0, 2).complete);
}
