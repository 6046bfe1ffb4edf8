// The run's memo of estimates: games that share an opening read its estimates instead of
// searching them, and every annotation is the one a search of each position gives.
#include "analysis/estimate_memo.hpp"

#include <catch2/catch.hpp>
#include <random>

#include "annotate_games.hpp"

using namespace reversi;
using namespace reversi::annotate_games;

namespace {

// Games that all start with the same `shared` moves, then part by random play.
std::vector<records::GameRecord> games_sharing_an_opening(const Rules& rules, int count,
                                                          std::size_t shared, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  const std::vector<Square> opening = random_game(rules, rules.initial(), rng);
  std::vector<records::GameRecord> games;
  for (int g = 0; g < count; ++g) {
    Position p = rules.initial();
    std::vector<Square> moves(opening.begin(), opening.begin() + static_cast<long>(shared));
    for (const Square sq : moves) p = rules.play(p, sq);
    const std::vector<Square> rest = random_game(rules, p, rng);
    moves.insert(moves.end(), rest.begin(), rest.end());
    games.push_back(record_of(rules, rules.initial(), moves));
  }
  return games;
}

void check_same_estimates(const Annotation& searched, const Annotation& read) {
  REQUIRE(searched.moves.size() == read.moves.size());
  for (std::size_t k = 0; k < searched.moves.size(); ++k) {
    INFO("move " << searched.moves[k].number);
    const auto& a = searched.moves[k].estimate;
    const auto& b = read.moves[k].estimate;
    REQUIRE(a.has_value() == b.has_value());
    if (!a) continue;
    CHECK(a->value == b->value);
    CHECK(a->played == b->played);
    CHECK(a->best == b->best);
    CHECK(a->depth == b->depth);
    CHECK(a->selectivity == b->selectivity);
  }
  CHECK(searched.sides[0].mistakes == read.sides[0].mistakes);
  CHECK(searched.sides[1].blunders == read.sides[1].blunders);
}

}  // namespace

TEST_CASE("Games that share an opening read its estimates and annotate as if each searched them",
          "[annotate]") {
  const Rules rules;
  constexpr std::size_t shared = 10;
  const auto games = games_sharing_an_opening(rules, 4, shared, 5);
  AnnotateOptions plain = exact_from(10);
  AnnotateOptions memoised = plain;
  EstimateMemo memo;
  memoised.memo = &memo;
  AnnotateEngines engines(8);
  for (std::size_t g = 0; g < games.size(); ++g) {
    INFO("game " << g);
    const Annotation searched = annotate(games[g], engines, plain);
    const Annotation read = annotate(games[g], engines, memoised);
    check_same_estimates(searched, read);
    // The first game fills the memo; the others read the shared opening's positions from it.
    const AnnotationWork& w = read.work;
    if (g == 0) CHECK(w.reused.searches == 0);
    if (g > 0) CHECK(w.reused.searches >= static_cast<long>(shared));
    CHECK(w.reused.searches + w.estimates.searches == searched.work.estimates.searches);
    CHECK(w.reused.nodes == 0);
    if (g > 0) CHECK(w.estimates.nodes < searched.work.estimates.nodes);
  }
  // Every estimate of the first memo_plies moves of each game was kept, and none after them.
  CHECK(memo.size() > shared + EstimateMemo::memo_plies);
  CHECK(memo.size() <= games.size() * EstimateMemo::memo_plies);
}

TEST_CASE("A full memo adds nothing and still gives what it holds", "[annotate]") {
  const Rules rules;
  const auto games = games_sharing_an_opening(rules, 2, 6, 9);
  AnnotateOptions options = exact_from(10);
  constexpr std::size_t room = 4;
  EstimateMemo memo(room);
  options.memo = &memo;
  AnnotateEngines engines(8);
  annotate(games[0], engines, options);
  CHECK(memo.size() == room);
  const Annotation read = annotate(games[1], engines, options);
  CHECK(memo.size() == room);
  CHECK(read.work.reused.searches == static_cast<long>(room));
  check_same_estimates(annotate(games[1], engines, exact_from(10)), read);
}

TEST_CASE("The memo keeps a position's estimates apart by rules and by the move played",
          "[annotate]") {
  EstimateMemo memo;
  const Rules standard;
  const Rules anti(8, Start::standard, true);
  const Position p = standard.initial();
  EstimatedValues v;
  v.value = 150;
  v.played = -50;
  v.best = {19};
  memo.keep(standard, p, 19, v);
  REQUIRE(memo.find(standard, p, 19));
  CHECK(memo.find(standard, p, 19)->played == -50);
  CHECK(memo.find(standard, p, 19)->best == std::vector<Square>{19});
  CHECK_FALSE(memo.find(standard, p, 26));
  CHECK_FALSE(memo.find(anti, p, 19));
  // The first values kept for a key stay.
  v.value = 0;
  memo.keep(standard, p, 19, v);
  CHECK(memo.find(standard, p, 19)->value == 150);
  CHECK(memo.size() == 1);
}
