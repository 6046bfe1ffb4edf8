// The 6x6 pattern evaluation: its own shapes and phases, symmetric by construction, its weights
// files named by game, and self-played training that gives the same weights every time.
#include "analysis/training/small_training.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <fstream>
#include <iterator>
#include <random>

#include "analysis/eval/eval_checks.hpp"
#include "analysis/eval/pattern_eval.hpp"
#include "analysis/eval/patterns.hpp"
#include "analysis/eval/shipped.hpp"
#include "analysis/training/exact_labels.hpp"
#include "core/geometry.hpp"
#include "reference.hpp"

using namespace reversi;
using namespace reversi::eval;

namespace {

Weights random_small_weights(std::mt19937_64& rng, WeightsGame game) {
  return testing::random_weights(rng, PatternSet::small(), game);
}

std::string committed(const std::string& path) {
  std::ifstream in(std::string(REVERSI_SOURCE_DIR) + "/" + path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace

TEST_CASE("The 6x6 pattern shapes lie on the 6x6 board, 34 images of 8 shapes", "[eval]") {
  const PatternSet& set = PatternSet::small();
  CHECK(set.size() == 6);
  CHECK(popcount(set.playable()) == 36);
  CHECK(set.shapes().size() == 8);
  CHECK(set.images().size() == 34);
  for (const Image& img : set.images()) {
    CHECK((img.mask & ~set.playable()) == 0);
    CHECK(popcount(img.mask) ==
          static_cast<int>(set.shapes()[static_cast<std::size_t>(img.shape)].squares.size()));
  }
  // Eight phases of four empties: the start's 32 empties are the last.
  CHECK(set.phases() == 8);
  CHECK(set.phase(32) == 7);
  CHECK(set.phase(4) == 0);
  CHECK(set.phase(5) == 1);
}

TEST_CASE("The 6x6 evaluation is equal on all 8 symmetric images of random 6x6 positions",
          "[eval]") {
  std::mt19937_64 rng(61);
  const PatternEvaluator evaluator(random_small_weights(rng, WeightsGame::standard_6x6));
  testing::require_symmetric(evaluator, Rules(6), rng, reference::scaled(3000), 30);
}

TEST_CASE("6x6 pattern indices kept move by move equal those read from the board", "[eval]") {
  std::mt19937_64 rng(62);
  const PatternEvaluator evaluator(random_small_weights(rng, WeightsGame::standard_6x6));
  testing::require_incremental(evaluator, Rules(6), rng, reference::scaled(100));
}

TEST_CASE("The 6x6 evaluation adds exactly the weights the training reads", "[eval]") {
  std::mt19937_64 rng(62);
  const Weights w = random_small_weights(rng, WeightsGame::anti_6x6);
  const PatternEvaluator evaluator(w);
  const PatternSet& set = PatternSet::small();
  const Rules rules(6);
  for (int i = 0; i < 500; ++i) {
    const Position p = reference::random_position(rules, rng, static_cast<int>(rng() % 30));
    const auto me = static_cast<Bits64>(p.player);
    const auto you = static_cast<Bits64>(p.opponent);
    const ActiveWeights a = active_weights(set, me, you);
    // The mobility counted is the 6x6 board's: cross-checked against the rules.
    const int mine = popcount(rules.legal_moves(p));
    CHECK(a.index[static_cast<std::size_t>(a.count - 3)] ==
          static_cast<std::uint32_t>(set.mobility_offset() + mine));
    const int phase = set.phase(rules.empties(p));
    int sum = 0;
    for (int k = 0; k < a.count; ++k)
      sum += w.at(phase, static_cast<int>(a.index[static_cast<std::size_t>(k)]));
    // No estimate claims more than the 36 squares.
    REQUIRE(evaluator.evaluate(me, you) == std::clamp(sum, -3599, 3599));
  }
}

TEST_CASE("A weights file names its game, and one for another game is refused in one line",
          "[eval]") {
  std::mt19937_64 rng(63);
  const std::string bytes = serialize_weights(random_small_weights(rng, WeightsGame::anti_6x6));
  CHECK(parse_weights(bytes, "w.bin").game == WeightsGame::anti_6x6);
  CHECK(parse_weights(bytes, "w.bin", WeightsGame::anti_6x6).game == WeightsGame::anti_6x6);
  try {
    parse_weights(bytes, "w.bin", WeightsGame::standard_6x6);
    FAIL("accepted anti-reversi weights for standard 6x6");
  } catch (const WeightsError& e) {
    const std::string message = e.what();
    CHECK(message == "weights file w.bin: made for 6x6 anti games, not for 6x6");
  }
  std::string unknown = bytes;
  unknown[20] = 7;
  CHECK_THROWS_WITH(parse_weights(unknown, "w.bin"),
                    "weights file w.bin: game 7 is unknown to this build");
  // The 8x8 file's game field is the old reserved zero.
  CHECK(parse_weights(shipped_weights_bytes(), "8x8").game == WeightsGame::standard_8x8);
}

TEST_CASE("The weights built into the binary pass the checksum that their start-up skips",
          "[eval]") {
  for (const WeightsGame game :
       {WeightsGame::standard_8x8, WeightsGame::standard_6x6, WeightsGame::anti_6x6}) {
    INFO(game_name(game));
    const std::string_view bytes = shipped_weights_bytes(game);
    CHECK(parse_weights(bytes, "shipped", game, Checksum::verify).game == game);
    // A flipped payload bit is caught by the check and let through by the trusting parse.
    std::string damaged(bytes);
    damaged.back() = static_cast<char>(damaged.back() ^ 1);
    CHECK_THROWS_WITH(parse_weights(damaged, "w.bin", game),
                      "weights file w.bin: checksum mismatch: the file is corrupt");
    CHECK(parse_weights(damaged, "w.bin", game, Checksum::trust).game == game);
  }
}

TEST_CASE("The 6x6 weights built into the binary are byte for byte the committed files", "[eval]") {
  for (const WeightsGame game : {WeightsGame::standard_6x6, WeightsGame::anti_6x6}) {
    INFO(game_name(game));
    const std::string file = committed(shipped_weights_path(game));
    REQUIRE(!file.empty());
    CHECK(shipped_weights_bytes(game) == file);
    CHECK(shipped_evaluator(game).game() == game);
  }
}

TEST_CASE("The shipped 6x6 evaluations beat a guess of zero on solved positions", "[eval]") {
  for (const WeightsGame game : {WeightsGame::standard_6x6, WeightsGame::anti_6x6}) {
    INFO(game_name(game));
    const Rules rules = rules_of(game);
    // Positions at 12 empties of games the training never saw (it plays seeds 1 and up).
    std::vector<std::vector<Sample>> positions;
    for (const auto& played : random_games(rules, 60, 987654321))
      for (const Position& p : played)
        if (rules.empties(p) == 12)
          positions.push_back(
              {{static_cast<Bits64>(p.player), static_cast<Bits64>(p.opponent), 0}});
    REQUIRE(positions.size() > 30);
    LabelCache cache;
    ExactLabelRequest request;
    request.rules = rules;
    label_exactly(positions, cache, request);
    const PatternEvaluator& evaluator = shipped_evaluator(game);
    double error = 0;
    double zero = 0;
    for (const auto& one : positions) {
      const Sample& s = one.front();
      error += std::abs(evaluator.evaluate(s.player, s.opponent) / 100.0 - s.target);
      zero += std::abs(s.target);
    }
    CHECK(error < zero / 2);
  }
}

TEST_CASE("Random 6x6 games are the same for the same seed and end in finished games", "[eval]") {
  const Rules rules(6);
  const auto a = random_games(rules, 20, 5);
  const auto b = random_games(rules, 20, 5);
  REQUIRE(a == b);
  CHECK(random_games(rules, 20, 6) != a);
  for (const auto& game : a) {
    REQUIRE(!game.empty());
    CHECK(game.front() == rules.initial());
    for (const Position& p : game) CHECK(rules.has_move(p));
  }
}

TEST_CASE("Self-played 6x6 training gives the same weights twice, with any number of threads",
          "[eval]") {
  SmallTrainRequest request;
  request.game = WeightsGame::anti_6x6;
  request.games = 12;
  request.seed = 9;
  request.solve_empties = 10;
  request.backup_depth = 4;
  request.fit.iterations = 10;
  request.threads = 1;
  const SmallTrainResult one = train_small(request);
  request.threads = 2;
  const SmallTrainResult two = train_small(request);
  CHECK(serialize_weights(one.fit.weights) == serialize_weights(two.fit.weights));
  CHECK(one.fit.weights.game == WeightsGame::anti_6x6);
  CHECK(one.exact_labels > 0);
  CHECK(one.backed_up_labels > 0);
  // Every phase from the start to the end has its positions.
  for (const PhaseLoss& loss : one.fit.phases) CHECK(loss.train_count > 0);
}

TEST_CASE("6x6 exact labels are the values plain minimax finds", "[eval]") {
  const Rules rules(6, Start::standard, true);
  std::mt19937_64 rng(64);
  std::vector<std::vector<Sample>> games;
  for (int g = 0; g < reference::scaled(10); ++g) {
    const Position p = reference::random_position(rules, rng, 24);
    if (rules.has_move(p))
      games.push_back({{static_cast<Bits64>(p.player), static_cast<Bits64>(p.opponent), 99}});
  }
  LabelCache cache;
  ExactLabelRequest request;
  request.rules = rules;
  label_exactly(games, cache, request);
  for (const auto& game : games)
    for (const Sample& s : game) {
      const Position p{.player = s.player, .opponent = s.opponent};
      CHECK(int{s.target} == reference::minimax(rules, reference::from_position(rules, p)));
    }
}
