// The atlas: its list of variants, their symmetry classes, names, optimal first moves and wipeouts.
#include "analysis/atlas.hpp"

#include <catch2/catch.hpp>
#include <set>

#include "analysis/puzzle/search.hpp"

using namespace reversi;

namespace {

AtlasRow solve_row(const Rules& rules) {
  AtlasRowRequest r;
  r.rules = rules;
  r.hash_mb = 16;
  return solve_atlas_row(r);
}

int value_of(const Rules& rules) {
  SolveRequest r;
  r.rules = rules;
  r.root = rules.initial();
  r.want_pv = false;
  return solve(r, 4).value;
}

}  // namespace

TEST_CASE("The cross start keeps four symmetries and the empty free-centre board all eight",
          "[atlas]") {
  for (int size : {4, 6}) {
    const Geometry g(size);
    const auto cross = start_symmetries(g, Start::standard);
    CHECK(cross.size() == 4);
    CHECK(start_symmetries(g, Start::free).size() == 8);
    const Square a1 = *g.parse("a1");
    const Square last = g.square(size - 1, size - 1);  // the corner across the half turn
    const Square top_right = g.square(0, size - 1);
    std::set<Square> images;
    for (int s : cross) images.insert(g.transform(a1, s));
    // The half turn and the diagonal mirrors keep a1 on the light discs' diagonal ...
    CHECK(images == std::set<Square>{a1, last});
    // ... and never bring it to a corner of the dark discs' diagonal.
    CHECK(images.count(top_right) == 0);
  }
}

TEST_CASE("The atlas lists every variant once, as the representative of its class", "[atlas]") {
  for (int size : {4, 6}) {
    const auto list = atlas_variants(size);
    std::set<std::string> ids;
    for (const Rules& r : list) {
      INFO(atlas_id(r));
      CHECK(is_canonical(r));
      CHECK(ids.insert(atlas_id(r)).second);
      const ParsedVariant back = parse_atlas_id(atlas_id(r));
      REQUIRE(back.rules);
      CHECK(*back.rules == r);
    }
    // Every hole set outside the centre falls in exactly one listed class.
    const Geometry g(size);
    for (Start start : {Start::standard, Start::free})
      for_each_square(g.squares() & ~g.centre(), [&](Square sq) {
        const Rules holed(size, start, false, bit<Bits>(sq));
        const std::string id = atlas_id(canonical(holed));
        CHECK(ids.count(id) == 1);
      });
  }
  // A hole on the light discs' diagonal is not the same game as one on the dark discs'.
  CHECK(!(canonical(Rules(4, Start::standard, false, bit<Bits>(*Geometry(4).parse("a1")))) ==
          canonical(Rules(4, Start::standard, false, bit<Bits>(*Geometry(4).parse("d1"))))));
}

TEST_CASE("Rows called equivalent give the same value, and the excluded mirror does not",
          "[atlas]") {
  const Geometry g(4);
  int compared = 0;
  bool mirror_differs = false;
  for (const Rules& r : atlas_variants(4)) {
    if (r.holes() == 0 || r.scoring() != Scoring::winner_takes_empties) continue;
    INFO(atlas_id(r));
    const int value = value_of(r);
    for (Bits image : hole_images(g, r.start(), r.holes())) {
      const Rules twin(4, r.start(), r.anti(), image, r.scoring());
      INFO("image " << atlas_id(twin));
      CHECK(value_of(twin) == value);
      ++compared;
    }
    // Mirroring across the middle column swaps the colours of the centre discs.
    const Bits mirrored = g.transform(r.holes(), 1);
    if (r.start() == Start::standard && (mirrored & g.centre()) == 0) {
      const Rules other(4, r.start(), r.anti(), mirrored, r.scoring());
      mirror_differs = mirror_differs || value_of(other) != value;
    }
  }
  CHECK(compared > 100);
  CHECK(mirror_differs);
}

TEST_CASE("Rows start larger boards first, then anti-reversi, then the free centre, else in order",
          "[atlas]") {
  const Rules plain4(4);
  const Rules free6(6, Start::free);
  const Rules anti6(6, Start::standard, true);
  const Rules free_anti6(6, Start::free, true);
  const Rules plain6(6);
  const Rules hole6(6, Start::standard, false, bit<Bits>(Geometry(6).square(0, 0)));
  const std::vector<Rules> list{plain4, free6, plain6, anti6, hole6, free_anti6};
  CHECK(atlas_solve_order(list) == std::vector<std::size_t>{5, 3, 1, 2, 4, 0});
  CHECK(atlas_solve_order({}).empty());
}

TEST_CASE("Atlas names: unknown parts, a hole on the centre and other sizes are refused",
          "[atlas]") {
  CHECK(parse_atlas_id("6x6-free-anti-b2-winner").rules);
  CHECK(parse_atlas_id("8x8-standard-winner").rules);
  for (const char* bad : {"5x5-standard-winner", "10x10-standard-winner", "4x4-crossed-winner",
                          "4x4-standard-b2-winner", "4x4-standard-z9-winner", "4x4-standard",
                          "4x4-standard-anti-points", "8x8-free-winner",
                          "4x4-standard-a1-a1-winner", "6x5-standard-winner"}) {
    INFO(bad);
    const ParsedVariant p = parse_atlas_id(bad);
    CHECK(!p.rules);
    CHECK(p.error.find(bad) != std::string::npos);
  }
  CHECK(parse_atlas_id("4x4-standard-b2-winner").error.find("centre") != std::string::npos);
}

TEST_CASE("Optimal first moves are reduced by the start's symmetries, holes included", "[atlas]") {
  const Geometry g(4);
  const auto sq = [&](const char* n) { return *g.parse(n); };
  // The cross start: b1, a2, d3 and c4 are one class.
  CHECK(distinct_first_moves(Rules(4), {sq("b1"), sq("a2"), sq("d3"), sq("c4")}) ==
        std::vector<Square>{sq("b1")});
  // A hole at a1 keeps only the main diagonal mirror: b1 and a2 stay one class, d3 and c4 another.
  const Rules holed(4, Start::standard, false, bit<Bits>(sq("a1")));
  CHECK(distinct_first_moves(holed, {sq("b1"), sq("a2"), sq("d3"), sq("c4")}) ==
        std::vector<Square>{sq("b1"), sq("d3")});
}

TEST_CASE("Whether a side can force a wipeout agrees with the puzzle's forced search on 4x4",
          "[atlas]") {
  int forced = 0;
  for (const Rules& r : atlas_variants(4)) {
    if (r.anti() || r.scoring() != Scoring::winner_takes_empties) continue;
    INFO(atlas_id(r));
    const AtlasRow row = solve_row(r);
    REQUIRE(row.complete);
    for (Color side : {Color::dark, Color::light}) {
      PuzzleRequest p;
      p.rules = r;
      p.by = popcount(r.playable());
      p.beyond = 0;
      const ForcedResult f = puzzle_forced(p, side);
      REQUIRE(f.complete);
      CHECK(f.yes ==
            (side == Color::dark ? row.wipeout.dark_can_force : row.wipeout.light_can_force));
      forced += f.yes ? 1 : 0;
    }
  }
  CHECK(forced > 0);
}
