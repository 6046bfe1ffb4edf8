// Annotate's calls above the exact zone on random games: an estimated loss is called only beyond
// its phase's margin, and just above the zone a proof by the solver calls a mistake outright.
#include <algorithm>
#include <catch2/catch.hpp>
#include <random>

#include "analysis/annotate.hpp"
#include "analysis/judgement.hpp"
#include "annotate_games.hpp"

using namespace reversi;
using namespace reversi::annotate_games;

TEST_CASE(
    "An estimated loss is called only beyond the shipped margin of its phase, and on boards "
    "without margins only when proven",
    "[annotate]") {
  std::mt19937_64 rng(11);
  for (const int size : {8, 6}) {
    const Rules rules(size);
    const auto record = record_of(rules, rules.initial(), random_game(rules, rules.initial(), rng));
    AnnotateEngines engines(4);
    const Annotation a = annotate(record, engines, exact_from(size == 8 ? 12 : 8));
    int estimated = 0;
    for (const MoveAnnotation& m : a.moves) {
      if (m.is_pass() || !m.estimate) continue;
      ++estimated;
      INFO("size " << size << " move " << m.number);
      REQUIRE(m.judgement);
      CHECK_FALSE(m.judgement->exact);
      CHECK(m.judgement->loss ==
            std::max(m.estimate->loss(), m.estimate->proven
                                             ? m.estimate->proven->loss() * estimate_units_per_disc
                                             : 0));
      // A proven loss (just above the exact zone) is called with no margin.
      const int proven = m.estimate->proven ? m.estimate->proven->loss() : 0;
      const Call sure = proven >= blunder_discs   ? Call::blunder
                        : proven >= mistake_discs ? Call::mistake
                                                  : Call::none;
      if (size == 6) {
        CHECK_FALSE(m.judgement->margin);
        CHECK(m.judgement->call == sure);
        continue;
      }
      const auto margin = loss_margin(eval::WeightsGame::standard_8x8, m.empties);
      REQUIRE(margin);
      CHECK(m.judgement->margin == margin);
      const int beyond = m.estimate->loss() - *margin;
      Call expected = beyond >= blunder_discs * estimate_units_per_disc   ? Call::blunder
                      : beyond >= mistake_discs * estimate_units_per_disc ? Call::mistake
                                                                          : Call::none;
      CHECK(m.judgement->proven == (sure != Call::none && sure >= expected));
      expected = std::max(expected, sure);
      CHECK(m.judgement->call == expected);
    }
    CHECK(estimated >= 10);
  }
}

TEST_CASE(
    "Just above the exact zone, the estimate's preferred move is solved and proves a mistake "
    "where it is better by 2 discs or more",
    "[annotate]") {
  const Rules rules(6);
  constexpr int limit = 8;
  std::mt19937_64 rng(29);
  int proven = 0;
  int refuted = 0;
  for (int game = 0; game < 40; ++game) {
    const auto record = record_of(rules, rules.initial(), random_game(rules, rules.initial(), rng));
    AnnotateEngines engines(4);
    const Annotation a = annotate(record, engines, exact_from(limit));
    const std::vector<Position> positions =
        replay(rules, record.start, record.moves).positions(rules);
    for (std::size_t k = 0; k < a.moves.size(); ++k) {
      const MoveAnnotation& m = a.moves[k];
      if (!m.estimate) continue;
      INFO("game " << game << " move " << m.number);
      const bool above_zone = k + 1 < positions.size() && rules.empties(positions[k + 1]) <= limit;
      const std::vector<Square>& best = m.estimate->best;
      const bool played_preferred = std::find(best.begin(), best.end(), m.square) != best.end();
      if (!above_zone || m.is_pass() || best.empty() || played_preferred ||
          m.estimate->loss() < min_estimated_loss_to_prove) {
        CHECK_FALSE(m.estimate->proven);
        continue;
      }
      const int played = -minimax(rules, positions[k + 1]);
      const int alternative = -minimax(rules, rules.play(positions[k], best.front()));
      if (alternative - played < mistake_discs) {
        CHECK_FALSE(m.estimate->proven);
        ++refuted;
        continue;
      }
      REQUIRE(m.estimate->proven);
      ++proven;
      CHECK(m.estimate->proven->move == best.front());
      CHECK(m.estimate->proven->value == alternative);
      CHECK(m.estimate->proven->played == played);
      REQUIRE(m.judgement);
      CHECK(m.judgement->loss >= (alternative - played) * estimate_units_per_disc);
      CHECK(m.judgement->call != Call::none);
    }
  }
  CHECK(proven >= 5);
  CHECK(refuted >= 1);
}
