// The consistency bench's pairs: each is the played move's estimate against the next position's,
// read from annotate itself, and the bands' figures are their plain means.
#include "analysis/accuracy/estimate_consistency.hpp"

#include <catch2/catch.hpp>
#include <cstdlib>
#include <random>

#include "random_record.hpp"

using namespace reversi;
using reversi::testing::random_records;

namespace {

ConsistencyRequest small_request() {
  ConsistencyRequest request;
  request.annotate.exact_empties = 8;
  request.annotate.estimate_depth = 2;
  request.annotate.theoretical = TheoreticalCheck::never;
  request.band_starts = {9, 30};
  return request;
}

}  // namespace

TEST_CASE(
    "Each consistency pair sets a played move's estimate against the next position's, whatever "
    "the thread count",
    "[annotate]") {
  const Rules rules;
  const auto games = random_records(rules, 17, 3);
  ConsistencyRequest request = small_request();
  const auto one = consistency_pairs(games, request);
  request.threads = 2;
  const auto two = consistency_pairs(games, request);
  REQUIRE(one.size() == two.size());
  // The same pairs, recounted from each game's annotation.
  std::size_t k = 0;
  AnnotateEngines engines;
  for (const auto& g : games) {
    const Annotation a = annotate(g, engines, request.annotate);
    for (std::size_t i = 0; i + 1 < a.moves.size(); ++i) {
      const MoveAnnotation& m = a.moves[i];
      const MoveAnnotation& n = a.moves[i + 1];
      if (m.is_pass() || n.is_pass() || !m.estimate || !n.estimate) continue;
      REQUIRE(k < one.size());
      CHECK(one[k].empties == m.empties);
      CHECK(one[k].difference == std::abs(m.estimate->played + n.estimate->value));
      CHECK(two[k].difference == one[k].difference);
      ++k;
    }
  }
  CHECK(k == one.size());
  CHECK(k >= 60);  // three games with estimates down to 9 empties
}

TEST_CASE("A consistency band's figures are the plain mean and share of its pairs", "[annotate]") {
  std::mt19937_64 rng(3);
  std::vector<ConsistencyPair> pairs;
  for (int i = 0; i < 500; ++i)
    pairs.push_back({9 + static_cast<int>(rng() % 52), static_cast<int>(rng() % 400)});
  const ConsistencyRequest request = small_request();
  const auto bands = summarise_consistency(pairs, request);
  REQUIRE(bands.size() == 3);
  CHECK(bands[0].min_empties == 9);
  CHECK(bands[0].max_empties == 29);
  CHECK(bands[1].min_empties == 30);
  CHECK(bands[1].max_empties == 60);
  for (const ConsistencyBand& b : bands) {
    INFO("band " << b.min_empties << "-" << b.max_empties);
    double sum = 0;
    std::size_t n = 0;
    std::size_t close = 0;
    for (const ConsistencyPair& p : pairs) {
      if (p.empties < b.min_empties || p.empties > b.max_empties) continue;
      ++n;
      sum += p.difference / 100.0;
      if (p.difference <= 100) ++close;
    }
    CHECK(b.pairs == n);
    REQUIRE(n > 0);
    CHECK(b.mean_difference == Approx(sum / static_cast<double>(n)));
    CHECK(b.within_one_disc == Approx(static_cast<double>(close) / static_cast<double>(n)));
  }
  CHECK(bands[2].pairs == pairs.size());  // the last: every pair
}
