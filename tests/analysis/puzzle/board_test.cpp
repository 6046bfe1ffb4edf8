// The puzzle search on 6x6, 8x8 and 10x10 against the published answers and plain walks over
// the rules layer, and its behaviour under threads, stop flags and progress callbacks.
#include "analysis/puzzle/board.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <map>

#include "analysis/puzzle/request.hpp"
#include "analysis/puzzle/search.hpp"
#include "core/game.hpp"
#include "core/notation.hpp"

using namespace reversi;
using reversi::test::request;

TEST_CASE("6x6: the earliest wipeout and the earliest game over are both at move 9", "[puzzle]") {
  const Rules rules(6);
  PuzzleRequest wipe = request(rules, {}, 9);
  wipe.count = true;
  const ExistsResult w = puzzle_exists(wipe);
  CHECK(w.yes);
  CHECK(w.earliest == 9);
  CHECK(w.counts->sequences == 108);
  CHECK(w.counts->classes == 27);
  const ExistsResult e = puzzle_exists(request(rules, {PuzzleGoalKind::end, std::nullopt, 0}, 8));
  CHECK_FALSE(e.yes);
  CHECK(e.earliest == 9);
}

TEST_CASE("6x6: counts to move 10 match plain enumeration with the generic rules", "[puzzle]") {
  const Rules rules(6);
  // Plain walk over the rules layer, counting wipeouts and games over by move number.
  std::map<int, std::uint64_t> wipeouts;
  std::map<int, std::uint64_t> ends;
  const auto walk = [&](auto&& self, const Position& p, int placed) -> void {
    const Tally t = rules.tally(p);
    if (t.dark == 0 || t.light == 0) ++wipeouts[placed];
    if (rules.game_over(p)) {
      ++ends[placed];
      return;
    }
    if (placed == 10) return;
    const Bits legal = rules.legal_moves(p);
    if (legal == 0) return self(self, rules.pass(p), placed);
    for_each_square(legal, [&](Square sq) { self(self, rules.play(p, sq), placed + 1); });
  };
  walk(walk, rules.initial(), 0);
  for (auto [kind, expected] :
       {std::pair{PuzzleGoalKind::wipeout, &wipeouts}, std::pair{PuzzleGoalKind::end, &ends}}) {
    PuzzleRequest req = request(rules, {kind, std::nullopt, 0}, 10, 2);
    req.count = true;
    const ExistsResult r = puzzle_exists(req);
    for (int k = 0; k <= 10; ++k)
      CHECK(r.counts->at_move[static_cast<std::size_t>(k)] == (*expected)[k]);
  }
}

TEST_CASE(
    "8x8: the earliest wipeout is at move 9 and e6 f4 e3 f6 g5 d6 e7 f5 c5 is one of the "
    "228 shortest wipeouts",
    "[puzzle]") {
  const Rules rules;
  PuzzleRequest req = request(rules, {}, 9);
  req.count = true;
  req.list_limit = 1000;
  const ExistsResult r = puzzle_exists(req);
  CHECK(r.yes);
  CHECK(r.earliest == 9);
  CHECK(r.counts->sequences == 228);
  CHECK(r.counts->classes == 57);
  CHECK(r.counts->by_first_move.size() == 4);
  const auto parsed = parse_move_list("e6 f4 e3 f6 g5 d6 e7 f5 c5", rules.geometry());
  MoveSequence example;
  for (const auto& m : parsed.moves) example.push_back(m.square);
  CHECK(std::find(r.listed.begin(), r.listed.end(), example) != r.listed.end());
  const Replay game = replay(rules, rules.initial(), parsed.moves);
  CHECK(rules.tally(game.final_position).light == 0);
}

TEST_CASE("8x8: no game of any kind is over before move 9", "[puzzle]") {
  const ExistsResult r = puzzle_exists(request(Rules(), {PuzzleGoalKind::end, std::nullopt, 0}, 8));
  CHECK_FALSE(r.yes);
  CHECK(r.earliest == 9);
  CHECK(r.searched_to == 8);
}

TEST_CASE("8x8 counts to move 10 match a plain walk over the rules layer", "[puzzle][slow]") {
  const Rules rules;
  std::map<int, std::uint64_t> wipeouts;
  const auto walk = [&](auto&& self, const Position& p, int placed) -> void {
    if (popcount(p.opponent) == 0 || popcount(p.player) == 0) {
      ++wipeouts[placed];
      return;
    }
    if (placed == 10) return;
    const Bits legal = rules.legal_moves(p);
    if (legal == 0) {
      if (!rules.has_move(rules.pass(p))) return;
      return self(self, rules.pass(p), placed);
    }
    for_each_square(legal, [&](Square sq) { self(self, rules.play(p, sq), placed + 1); });
  };
  walk(walk, rules.initial(), 0);
  PuzzleRequest req = request(rules, {}, 10, 2);
  req.count = true;
  const ExistsResult r = puzzle_exists(req);
  CHECK(r.counts->at_move[9] == wipeouts[9]);
  CHECK(r.counts->at_move[10] == wipeouts[10]);
}

TEST_CASE(
    "Historic rules: no wipeout by move 10 when the placements are moves, one at move 7 "
    "when they are not",
    "[puzzle]") {
  const Rules rules(8, Start::free);
  PuzzleRequest counted = request(rules, {}, 10, 2);
  const ExistsResult a = puzzle_exists(counted);
  CHECK_FALSE(a.yes);
  CHECK(a.earliest == 11);
  CHECK(numbered_moves(counted, a.witness) == 11);
  PuzzleRequest skipped = counted;
  skipped.placements_are_moves = false;
  const ExistsResult b = puzzle_exists(skipped);
  CHECK(b.yes);
  CHECK(b.earliest == 7);
  CHECK(numbered_moves(skipped, b.witness) == 7);
  // Both readings see the same game: four placements and seven moves.
  CHECK(a.witness == b.witness);
}

TEST_CASE("Counts, witnesses and lists do not depend on the thread count", "[puzzle]") {
  for (const Rules& rules : {Rules(6), Rules(8, Start::free)}) {
    PuzzleRequest req = request(rules, {}, rules.start() == Start::free ? 10 : 11);
    req.placements_are_moves = false;
    req.count = true;
    req.list_limit = 100;
    const ExistsResult one = puzzle_exists(req);
    req.threads = 2;
    const ExistsResult two = puzzle_exists(req);
    CHECK(one.earliest == two.earliest);
    CHECK(one.witness == two.witness);
    CHECK(one.counts->sequences == two.counts->sequences);
    CHECK(one.counts->at_move == two.counts->at_move);
    CHECK(one.counts->classes == two.counts->classes);
    CHECK(one.listed == two.listed);
  }
}

TEST_CASE("A raised stop flag ends the search with an incomplete result", "[puzzle]") {
  std::atomic<bool> stop{true};
  PuzzleRequest req = request(Rules(), {}, 12);
  req.stop = &stop;
  req.count = true;
  CHECK_FALSE(puzzle_exists(req).complete);
  CHECK_FALSE(puzzle_forced(req, Color::dark).complete);
}

TEST_CASE("Progress reaches the callback during a search", "[puzzle]") {
  PuzzleRequest req = request(Rules(6), {}, 9, 2);
  int calls = 0;
  req.on_progress = [&](const PuzzleProgress& p) {
    ++calls;
    CHECK(p.tasks_done <= p.tasks_total);
  };
  puzzle_exists(req);
  CHECK(calls > 0);
}

namespace {

// Plain walk on a kernel: wipeouts by the number of discs placed, no tables, no symmetry.
template <class K, class B>
void plain_wipeouts(B player, B opponent, B playable, int placed, int budget,
                    std::map<int, std::uint64_t>& out) {
  if (player == 0 || opponent == 0) {
    ++out[placed];
    return;
  }
  if (placed == budget) return;
  const B empty = playable & ~(player | opponent);
  const B moves = K::legal_moves(player, opponent, empty);
  if (moves == 0) {
    if (K::legal_moves(opponent, player, empty) != 0)
      plain_wipeouts<K>(opponent, player, playable, placed, budget, out);
    return;
  }
  for (B m = moves; m != 0; m &= m - 1) {
    const int sq = lowest_square(m);
    const B f = K::flips(player, opponent, sq);
    plain_wipeouts<K>(opponent ^ f, player ^ f ^ bit<B>(sq), playable, placed + 1, budget, out);
  }
}

template <class K, class B>
std::map<int, std::uint64_t> plain_wipeouts(const Rules& rules, int budget) {
  const Position p = rules.initial();
  std::map<int, std::uint64_t> out;
  plain_wipeouts<K>(static_cast<B>(p.player), static_cast<B>(p.opponent),
                    static_cast<B>(rules.playable()), 0, budget, out);
  return out;
}

}  // namespace

TEST_CASE("10x10: the earliest wipeout is at move 9 and the count matches a plain walk",
          "[puzzle]") {
  const Rules rules(10);
  PuzzleRequest req = request(rules, {}, 9, 2);
  req.count = true;
  const ExistsResult r = puzzle_exists(req);
  CHECK(r.earliest == 9);
  auto plain = plain_wipeouts<Kernel10, Bits128>(rules, 9);
  CHECK(r.counts->sequences == plain[9]);
  CHECK(r.counts->classes * 4 == r.counts->sequences);
}

TEST_CASE("8x8: 6964 games end in a wipeout within 11 moves, as a plain walk finds",
          "[puzzle][slow]") {
  const Rules rules;
  PuzzleRequest req = request(rules, {}, 11, 2);
  req.count = true;
  const ExistsResult r = puzzle_exists(req);
  auto plain = plain_wipeouts<Kernel8, Bits64>(rules, 11);
  CHECK(plain[9] == 228);
  CHECK(r.counts->at_move[9] == plain[9]);
  CHECK(r.counts->at_move[10] == plain[10]);
  CHECK(r.counts->at_move[11] == plain[11]);
  CHECK(r.counts->sequences == 6964);
}
