// The WTHOR theoretical score beside the solver's: checked at the header's depth on a random game
// whose stored score is known by minimax, and on the first complete games of WTH_2019.
#include <catch2/catch.hpp>
#include <fstream>
#include <iterator>
#include <random>

#include "analysis/annotate.hpp"
#include "annotate_games.hpp"
#include "cli/run_binary.hpp"
#include "core/records/validate.hpp"
#include "core/records/wthor.hpp"

using namespace reversi;
using namespace reversi::annotate_games;

TEST_CASE("The WTHOR theoretical score is checked at the header's depth", "[annotate]") {
  const Rules rules;
  std::mt19937_64 rng(8);
  const auto moves = random_game(rules, rules.initial(), rng);
  auto record = record_of(rules, rules.initial(), moves);
  // The position with 10 empties, and black's perfect-play score from there.
  const Replay r = replay(rules, rules.initial(), record.moves);
  Position at_depth;
  for (const Position& p : r.positions(rules))
    if (rules.empties(p) == 10) {
      at_depth = p;
      break;
    }
  const int dark =
      at_depth.to_move == Color::dark ? minimax(rules, at_depth) : -minimax(rules, at_depth);
  const int black_score = (64 + dark) / 2;
  record.meta.wthor = records::WthorInfo{0, black_score, 10, 0, 0, 0};
  AnnotateEngines engines(8);

  SECTION("free when the depth is within the exact analysis") {
    const Annotation a = annotate(record, engines, exact_from(12));
    REQUIRE(a.theoretical);
    CHECK(a.theoretical->checked);
    CHECK(a.theoretical->reached);
    CHECK(a.theoretical->solver == black_score);
    CHECK_FALSE(a.theoretical->differs());
  }
  SECTION("left unchecked beyond it unless asked") {
    const Annotation a = annotate(record, engines, exact_from(8));
    REQUIRE(a.theoretical);
    CHECK_FALSE(a.theoretical->checked);
    AnnotateOptions always = exact_from(8);
    always.theoretical = TheoreticalCheck::always;
    const Annotation b = annotate(record, engines, always);
    CHECK(b.theoretical->solver == black_score);
  }
  SECTION("flagged when the stored score is wrong") {
    record.meta.wthor->theoretical_score = black_score + 2;
    const auto c = check_theoretical(record, engines.solver, exact_from(0));
    REQUIRE(c);
    CHECK(c->solver == black_score);
    CHECK(c->differs());
  }
}

TEST_CASE("The solver reproduces the WTHOR theoretical scores of the first complete 2019 games",
          "[annotate][slow][.shared]") {
  const std::string path = testing::shared_data("wthor/WTH_2019.wtb");
  std::ifstream in(path, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  records::MemorySource source(bytes);
  records::WthorReader reader(source, records::WthorOptions{path, std::nullopt, nullptr});
  AnnotateEngines engines(64);
  int checked = 0;
  while (checked < 10) {
    auto game = reader.next();
    REQUIRE(game);
    const records::Validation v = records::validate(*game);
    if (v.verdict != records::Verdict::valid || !v.finished) continue;
    const auto c = check_theoretical(game->record, engines.solver, AnnotateOptions{});
    REQUIRE(c);
    INFO("game " << game->record.source.game);
    CHECK(c->depth == 24);
    CHECK(c->checked);
    CHECK_FALSE(c->differs());
    ++checked;
  }
}
