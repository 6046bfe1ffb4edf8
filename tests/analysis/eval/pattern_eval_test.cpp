// The pattern evaluation: symmetric by construction, its weights file checked, training
// reproducible.
#include "analysis/eval/pattern_eval.hpp"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <random>
#include <thread>
#include <utility>
#include <vector>

#include "analysis/training/training.hpp"
#include "core/geometry.hpp"
#include "eval_checks.hpp"
#include "reference.hpp"

using namespace reversi;
using namespace reversi::eval;

namespace {

Weights random_weights(std::mt19937_64& rng) {
  return testing::random_weights(rng, PatternSet::standard(), WeightsGame::standard_8x8);
}

std::vector<Sample> samples_from_random_games(std::mt19937_64& rng, int games) {
  const Rules rules(8);
  std::vector<Sample> out;
  for (int i = 0; i < games; ++i) {
    const Position p = reference::random_position(rules, rng, static_cast<int>(rng() % 56));
    if (!rules.has_move(p)) continue;
    const int label = popcount(p.player) - popcount(p.opponent);
    out.push_back({static_cast<Bits64>(p.player), static_cast<Bits64>(p.opponent),
                   static_cast<std::int8_t>(label)});
  }
  return out;
}

}  // namespace

TEST_CASE("The pattern shapes cover 46 images, one per distinct square set", "[eval]") {
  const PatternSet& set = PatternSet::standard();
  CHECK(set.images().size() == 46);
  for (const Image& img : set.images()) {
    const Shape& shape = set.shapes()[static_cast<std::size_t>(img.shape)];
    CHECK(popcount(img.mask) == static_cast<int>(shape.squares.size()));
  }
}

TEST_CASE("The pattern evaluation is equal on all 8 symmetric images of random positions",
          "[eval]") {
  std::mt19937_64 rng(20261201);
  const PatternEvaluator evaluator(random_weights(rng));
  testing::require_symmetric(evaluator, Rules(8), rng, reference::scaled(5000), 58);
}

TEST_CASE("Pattern indices kept move by move equal those read from the board", "[eval]") {
  std::mt19937_64 rng(20261204);
  const PatternEvaluator evaluator(random_weights(rng));
  testing::require_incremental(evaluator, Rules(8), rng, reference::scaled(200));
}

TEST_CASE("The evaluation adds exactly the weights the training reads", "[eval]") {
  std::mt19937_64 rng(7);
  const Weights w = random_weights(rng);
  const PatternEvaluator evaluator(w);
  const PatternSet& set = PatternSet::standard();
  const Rules rules(8);
  for (int i = 0; i < 500; ++i) {
    const Position p = reference::random_position(rules, rng, static_cast<int>(rng() % 58));
    const auto me = static_cast<Bits64>(p.player);
    const auto you = static_cast<Bits64>(p.opponent);
    const ActiveWeights a = active_weights(set, me, you);
    const int phase = phase_of(64 - popcount(me | you));
    int sum = 0;
    for (int k = 0; k < a.count; ++k)
      sum += w.at(phase, static_cast<int>(a.index[static_cast<std::size_t>(k)]));
    REQUIRE(evaluator.evaluate(me, you) == sum);
  }
}

TEST_CASE("An evaluator read from a weights file in place evaluates as one built from its copy",
          "[eval]") {
  std::mt19937_64 rng(13);
  const Weights w = random_weights(rng);
  const std::string bytes = serialize_weights(w);
  const WeightsView view = view_weights(bytes, "w.bin");
  REQUIRE(view.payload.size() == 2 * w.values.size());
  for (std::size_t i = 0; i < w.values.size(); ++i) REQUIRE(view[i] == w.values[i]);
  const PatternEvaluator copied(w);
  const PatternEvaluator in_place(view);
  const Rules rules(8);
  for (int i = 0; i < 500; ++i) {
    const Position p = reference::random_position(rules, rng, static_cast<int>(rng() % 58));
    const auto me = static_cast<Bits64>(p.player);
    const auto you = static_cast<Bits64>(p.opponent);
    REQUIRE(in_place.evaluate(me, you) == copied.evaluate(me, you));
  }
}

TEST_CASE("A fresh evaluator gives the same values when two threads first evaluate it at once",
          "[eval]") {
  std::mt19937_64 rng(17);
  const Weights w = random_weights(rng);
  const Rules rules(8);
  std::vector<std::pair<Bits64, Bits64>> positions;
  for (int i = 0; i < 400; ++i) {
    const Position p = reference::random_position(rules, rng, static_cast<int>(rng() % 58));
    positions.emplace_back(static_cast<Bits64>(p.player), static_cast<Bits64>(p.opponent));
  }
  const PatternEvaluator alone(w);
  std::vector<int> expected;
  for (const auto& [me, you] : positions) expected.push_back(alone.evaluate(me, you));
  // Both threads meet every phase still unexpanded, in opposite orders.
  const PatternEvaluator shared(w);
  std::vector<int> forward(positions.size());
  std::vector<int> backward(positions.size());
  std::thread a([&] {
    for (std::size_t i = 0; i < positions.size(); ++i)
      forward[i] = shared.evaluate(positions[i].first, positions[i].second);
  });
  std::thread b([&] {
    for (std::size_t i = positions.size(); i-- > 0;)
      backward[i] = shared.evaluate(positions[i].first, positions[i].second);
  });
  a.join();
  b.join();
  CHECK(forward == expected);
  CHECK(backward == expected);
}

TEST_CASE("A weights file survives a round trip and a bad one is refused with its reason",
          "[eval]") {
  std::mt19937_64 rng(11);
  const Weights w = random_weights(rng);
  const std::string bytes = serialize_weights(w);
  CHECK(parse_weights(bytes, "w.bin").values == w.values);

  const auto refused = [&](std::string bad, const std::string& reason) {
    try {
      parse_weights(bad, "w.bin");
      FAIL("accepted a bad weights file: " << reason);
    } catch (const WeightsError& e) {
      const std::string message = e.what();
      INFO(message);
      CHECK(message.find("weights file w.bin: ") == 0);
      CHECK(message.find(reason) != std::string::npos);
      CHECK(message.find('\n') == std::string::npos);
    }
  };
  refused(bytes.substr(0, bytes.size() - 2), "wrong size");
  std::string version = bytes;
  version[8] = 9;
  refused(version, "format version 9");
  std::string corrupt = bytes;
  corrupt[weights_header_bytes + 100] ^= 0x40;
  refused(corrupt, "checksum mismatch");
  refused("hello", "not a reversi weights file");
  std::string layout = bytes;
  layout[12] = 3;
  refused(layout, "does not match");
}

TEST_CASE("Training on the same small data set gives the same weights twice", "[eval]") {
  std::mt19937_64 rng(3);
  const auto train_set = samples_from_random_games(rng, 3000);
  const auto valid_set = samples_from_random_games(rng, 300);
  TrainRequest req;
  req.iterations = 15;
  const TrainResult a = train(train_set, valid_set, req);
  const TrainResult b = train(train_set, valid_set, req);
  CHECK(serialize_weights(a.weights) == serialize_weights(b.weights));
  // The disc difference is a sum of pattern digits: the fit must beat predicting zero.
  double zero_mae = 0;
  for (const auto& s : train_set) zero_mae += std::abs(s.target);
  zero_mae /= static_cast<double>(train_set.size());
  double fitted = 0;
  std::size_t n = 0;
  for (const auto& p : a.phases) {
    fitted += p.train_mae * static_cast<double>(p.train_count);
    n += p.train_count;
  }
  CHECK(n == train_set.size());
  CHECK(fitted / static_cast<double>(n) < zero_mae / 2);
}

TEST_CASE("The board features count what a plain walk over the squares counts", "[eval]") {
  std::mt19937_64 rng(31);
  const Rules rules(8);
  const auto next_to = [](int sq, Bits64 discs) {
    for (int dr = -1; dr <= 1; ++dr)
      for (int dc = -1; dc <= 1; ++dc) {
        const int r = sq / 8 + dr, c = sq % 8 + dc;
        if ((dr != 0 || dc != 0) && r >= 0 && r < 8 && c >= 0 && c < 8 &&
            ((discs >> (r * 8 + c)) & 1) != 0)
          return true;
      }
    return false;
  };
  for (int i = 0; i < 2000; ++i) {
    const Position pos = reference::random_position(rules, rng, static_cast<int>(rng() % 61));
    const auto p = static_cast<Bits64>(pos.player), o = static_cast<Bits64>(pos.opponent);
    const Bits64 empty = ~(p | o);
    int mine = 0, theirs = 0, empties = 0;
    int quadrant_empties[4] = {0, 0, 0, 0};
    for (int sq = 0; sq < 64; ++sq) {
      if (((empty >> sq) & 1) == 0) continue;
      ++empties;
      mine += next_to(sq, o) ? 1 : 0;
      theirs += next_to(sq, p) ? 1 : 0;
      ++quadrant_empties[(sq / 8 >= 4 ? 2 : 0) + (sq % 8 >= 4 ? 1 : 0)];
    }
    int odd = 0;
    for (const int q : quadrant_empties) odd += q % 2;
    const auto f = board_feature_indices(p, o, empty, popcount(empty));
    constexpr std::uint32_t theirs_at = frontier_cap + 1;
    CHECK(f[0] == static_cast<std::uint32_t>(std::min(mine, frontier_cap)));
    CHECK(f[1] == theirs_at + static_cast<std::uint32_t>(std::min(theirs, frontier_cap)));
    CHECK(f[2] == 2 * theirs_at + static_cast<std::uint32_t>(popcount(p) - popcount(o) + 64));
    CHECK(f[3] == 2 * theirs_at + disc_difference_weights +
                      static_cast<std::uint32_t>(empties == 0 ? 0 : (empties - 1) % 4));
    CHECK(f[4] == 2 * theirs_at + disc_difference_weights + empties_per_phase +
                      static_cast<std::uint32_t>(odd));
    CHECK(f[4] < static_cast<std::uint32_t>(board_feature_weights));
  }
}
