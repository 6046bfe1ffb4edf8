// What the 8x8 and 6x6 pattern evaluations' tests share: weights drawn at random, and the check
// that an evaluation is the same on all eight symmetric images of random positions.
#pragma once

#include <catch2/catch.hpp>
#include <cstdint>
#include <random>

#include "analysis/eval/pattern_eval.hpp"
#include "analysis/eval/patterns.hpp"
#include "analysis/eval/weights.hpp"
#include "core/geometry.hpp"
#include "core/rules.hpp"
#include "reference.hpp"

namespace reversi::eval::testing {

// Weights drawn at random for a pattern set, so that no symmetry can hold by accident of zeros.
inline Weights random_weights(std::mt19937_64& rng, const PatternSet& set, WeightsGame game) {
  Weights w;
  w.game = game;
  w.phases = set.phases();
  w.per_phase = set.weights_per_phase();
  w.values.resize(static_cast<std::size_t>(w.phases * w.per_phase));
  for (auto& v : w.values) v = static_cast<std::int16_t>(static_cast<int>(rng() % 601) - 300);
  return w;
}

inline Bits64 transform64(const Geometry& g, Bits64 set, int symmetry) {
  return static_cast<Bits64>(g.transform(static_cast<Bits>(set), symmetry));
}

// `positions` random positions of `rules` up to `max_plies` plies from the start.
inline void require_symmetric(const PatternEvaluator& evaluator, const Rules& rules,
                              std::mt19937_64& rng, int positions, int max_plies) {
  const Geometry& g = rules.geometry();
  for (int i = 0; i < positions; ++i) {
    const Position p = reference::random_position(
        rules, rng, static_cast<int>(rng() % static_cast<std::uint64_t>(max_plies)));
    const auto me = static_cast<Bits64>(p.player);
    const auto you = static_cast<Bits64>(p.opponent);
    const int value = evaluator.evaluate(me, you);
    for (int s = 1; s < symmetry_count; ++s) {
      INFO("position " << i << ", symmetry " << s);
      REQUIRE(evaluator.evaluate(transform64(g, me, s), transform64(g, you, s)) == value);
    }
  }
}

// Over `games` random games of `rules`, indices kept move by move (passes too) equal those read
// from the board, and so does the evaluation from them, at every position.
inline void require_incremental(const PatternEvaluator& evaluator, const Rules& rules,
                                std::mt19937_64& rng, int games) {
  for (int game = 0; game < games; ++game) {
    Position p = rules.initial();
    PatternIndices kept =
        evaluator.indices(static_cast<Bits64>(p.player), static_cast<Bits64>(p.opponent));
    int passes = 0;
    while (passes < 2) {
      const auto me = static_cast<Bits64>(p.player);
      const auto them = static_cast<Bits64>(p.opponent);
      const PatternIndices read = evaluator.indices(me, them);
      REQUIRE(kept.mover == read.mover);
      REQUIRE(kept.other == read.other);
      const int mine = popcount(rules.legal_moves(p));
      const int theirs = popcount(rules.legal_moves(rules.pass(p)));
      REQUIRE(evaluator.evaluate(kept.mover, me, them, mine, theirs) ==
              evaluator.evaluate(me, them, mine, theirs));
      const Bits moves = rules.legal_moves(p);
      if (moves == 0) {
        ++passes;
        p = rules.pass(p);
        kept = PatternEvaluator::after_pass(kept);
        continue;
      }
      passes = 0;
      std::vector<Square> list;
      for_each_square(moves, [&](Square sq) { list.push_back(sq); });
      const Square sq = list[rng() % list.size()];
      const auto flipped = static_cast<Bits64>(rules.flips(p, sq));
      const ImageLanes leaf = evaluator.mover_after_move(kept, sq, flipped);
      kept = evaluator.after_move(kept, sq, flipped);
      REQUIRE(leaf == kept.mover);
      p = rules.play(p, sq);
    }
  }
}

}  // namespace reversi::eval::testing
