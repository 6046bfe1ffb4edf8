// The exact solver against plain minimax, on every board size and variant.
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <catch2/catch.hpp>
#include <chrono>
#include <random>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include "analysis/solver/search.hpp"
#include "core/notation.hpp"
#include "reference.hpp"
#include "solve_checks.hpp"

using namespace reversi;
using namespace reversi::solve_checks;

namespace {

// Plain negamax over the rules layer, no pruning: the oracle for the solver.
int plain_minimax(const Rules& rules, const Position& p) {
  const Bits moves = rules.legal_moves(p);
  if (moves == 0) {
    const Position passed = rules.pass(p);
    if (!rules.has_move(passed)) return rules.value(p, p.to_move);
    return -plain_minimax(rules, passed);
  }
  int best = -1000;
  for_each_square(
      moves, [&](Square sq) { best = std::max(best, -plain_minimax(rules, rules.play(p, sq))); });
  return best;
}

// Below this many empties the oracle searches in square order: sorting costs more than it saves.
constexpr int oracle_sort_min_empties = 6;
// Below this many empties the oracle does not remember positions, which keeps its memo small.
constexpr int oracle_memo_min_empties = 5;

// What the oracle has proven of a position: its value lies in [lower, upper].
struct Proven {
  int lower = -1000;
  int upper = 1000;
};

struct PositionHash {
  std::size_t operator()(const Position& p) const {
    const auto mix = [](std::uint64_t h, std::uint64_t x) {
      return (h ^ x) * 0x9e3779b97f4a7c15ULL + (h >> 29);
    };
    std::uint64_t h = 0;
    h = mix(h, static_cast<std::uint64_t>(p.player));
    h = mix(h, static_cast<std::uint64_t>(p.player >> 64));
    h = mix(h, static_cast<std::uint64_t>(p.opponent));
    h = mix(h, static_cast<std::uint64_t>(p.opponent >> 64));
    h = mix(h, static_cast<std::uint64_t>(p.to_move == Color::dark));
    h = mix(
        h, static_cast<std::uint64_t>(p.supply[0]) << 16 | static_cast<std::uint16_t>(p.supply[1]));
    return static_cast<std::size_t>(h);
  }
};

using Memo = std::unordered_map<Position, Proven, PositionHash>;

// Plain fail-hard alpha-beta over the rules layer: it returns exactly the minimax value inside
// the window whatever the move order. Far from the end it tries first the moves that leave the
// opponent fewest replies and remembers the bounds it proved; both only save nodes, and the
// test below checks it against plain minimax.
int plain_alphabeta(const Rules& rules, const Position& p, int alpha, int beta, Memo& memo) {
  const Bits moves = rules.legal_moves(p);
  if (moves == 0) {
    const Position passed = rules.pass(p);
    if (!rules.has_move(passed)) return std::clamp(rules.value(p, p.to_move), alpha, beta);
    return -plain_alphabeta(rules, passed, -beta, -alpha, memo);
  }
  const int left = rules.empties(p);
  const bool remember = left >= oracle_memo_min_empties;
  if (remember) {
    if (const auto known = memo.find(p); known != memo.end()) {
      if (known->second.lower >= beta) return beta;
      if (known->second.upper <= alpha) return alpha;
      if (known->second.lower == known->second.upper) return known->second.lower;
    }
  }
  struct Child {
    int replies;
    Position position;
  };
  std::array<Child, 100> children;  // at most one a square of the largest board
  std::size_t count = 0;
  const bool sort = left >= oracle_sort_min_empties;
  for_each_square(moves, [&](Square sq) {
    const Position next = rules.play(p, sq);
    children[count++] = {sort ? popcount(rules.legal_moves(next)) : 0, next};
  });
  const auto end = children.begin() + static_cast<std::ptrdiff_t>(count);
  if (sort)
    std::stable_sort(children.begin(), end,
                     [](const Child& a, const Child& b) { return a.replies < b.replies; });
  int result = alpha;
  for (auto child = children.begin(); child != end; ++child) {
    result = std::max(result, -plain_alphabeta(rules, child->position, -beta, -result, memo));
    if (result >= beta) {
      result = beta;
      break;
    }
  }
  if (remember) {
    Proven& proven = memo[p];
    if (result > alpha) proven.lower = std::max(proven.lower, result);
    if (result < beta) proven.upper = std::min(proven.upper, result);
  }
  return result;
}

int plain_alphabeta(const Rules& rules, const Position& p) {
  Memo memo;
  return plain_alphabeta(rules, p, -1000, 1000, memo);
}

// A position with at most `max_empties` empty squares: random play from the start, or (every
// other one) a random fill of the board that need not be reachable.
Position random_endgame(const Rules& rules, std::mt19937_64& rng, int max_empties, int i) {
  const int cells = popcount(rules.playable());
  const int wanted = static_cast<int>(rng() % static_cast<std::uint64_t>(max_empties + 1));
  if (i % 2 == 0 || rules.start() == Start::free) {
    Position p = reference::random_position(rules, rng, cells - wanted);
    return p;
  }
  Position p;
  p.supply = rules.initial().supply;
  Bits empty_left = 0;
  std::vector<Square> squares;
  for_each_square(rules.playable(), [&](Square sq) { squares.push_back(sq); });
  std::shuffle(squares.begin(), squares.end(), rng);
  for (std::size_t k = 0; k < squares.size(); ++k) {
    const Bits b = bit<Bits>(squares[k]);
    if (static_cast<int>(k) < wanted)
      empty_left |= b;
    else if (rng() % 2 == 0)
      p.player |= b;
    else
      p.opponent |= b;
  }
  p.to_move = (rng() & 1) ? Color::dark : Color::light;
  return p;
}

SolveResult solve_exact(const Rules& rules, const Position& p, int threads = 1) {
  SolveRequest r = request(rules, p);
  r.threads = threads;
  return solve(r, 4);
}

// Every move's exact value, which the narrower modes are checked against.
SolveResult every_move_solved(const Rules& rules, const Position& p) {
  SolveRequest every = request(rules, p);
  every.all_moves = true;
  return solve(every, 4);
}

struct Variant {
  const char* name;
  Rules rules;
};

std::vector<Variant> variants_for(int size) {
  const Geometry g(size);
  const Bits holes = bit<Bits>(g.square(0, 1)) | bit<Bits>(g.square(size - 2, size - 1));
  return {
      {"standard", Rules(size)},
      {"count scoring", Rules(size, Start::standard, false, 0, Scoring::count)},
      {"anti", Rules(size, Start::standard, true)},
      {"anti, count scoring", Rules(size, Start::standard, true, 0, Scoring::count)},
      {"black holes", Rules(size, Start::standard, false, holes)},
      {"anti with a hole", Rules(size, Start::standard, true, bit<Bits>(g.square(0, 0)))},
      {"free centre", Rules(size, Start::free)},
      {"free centre, anti, count scoring", Rules(size, Start::free, true, 0, Scoring::count)},
  };
}

// Oracle: plain minimax, or for deeper endgames plain alpha-beta with a window wider than any
// margin (the same value, with far fewer nodes). Oracle and solver run in parallel over the
// positions, each thread with a Solver of its own whose table carries over from one position to
// the next; the checks follow, in order, on the test's thread.
void cross_check(int size, int count, int max_empties, std::uint64_t seed, bool alphabeta = false) {
  for (const auto& v : variants_for(size)) {
    INFO(v.name << " " << size << "x" << size);
    std::mt19937_64 rng(seed + static_cast<std::uint64_t>(size));
    std::vector<Position> positions;
    for (int i = 0; i < reference::scaled(count); ++i)
      positions.push_back(random_endgame(v.rules, rng, max_empties, i));
    const auto wants_pv = [](std::size_t i) { return i % 8 == 0; };
    std::vector<int> expected(positions.size());
    std::vector<SolveResult> got(positions.size());
    tbb::enumerable_thread_specific<Solver> solvers(std::size_t{4});
    tbb::parallel_for(std::size_t{0}, positions.size(), [&](std::size_t i) {
      expected[i] =
          alphabeta ? plain_alphabeta(v.rules, positions[i]) : plain_minimax(v.rules, positions[i]);
      SolveRequest r = request(v.rules, positions[i]);
      r.want_pv = wants_pv(i);
      got[i] = solvers.local().solve(r);
    });
    for (std::size_t i = 0; i < positions.size(); ++i) {
      const Position& p = positions[i];
      INFO("position " << board_string(p, v.rules) << " supply " << p.supply[0] << "/"
                       << p.supply[1]);
      REQUIRE(got[i].exact());
      REQUIRE(got[i].value == expected[i]);
      if (wants_pv(i)) check_pv(v.rules, p, got[i]);
    }
  }
}

}  // namespace

TEST_CASE("4x4 from the start: the solver agrees with plain minimax and gives a line to the end",
          "[solve]") {
  const Rules rules(4);
  const Position start = rules.initial();
  const int expected = reference::minimax(rules, reference::from_position(rules, start));
  const SolveResult r = solve_exact(rules, start);
  REQUIRE(r.complete);
  REQUIRE(r.exact());
  CHECK(r.value == expected);
  CHECK(r.value < 0);  // the second player wins
  check_pv(rules, start, r);
}

TEST_CASE(
    "4x4 free centre with one hole and with two: the solver agrees with the reference's own "
    "start and its N*N/2 supply",
    "[solve]") {
  const Geometry g(4);
  const Bits one = bit<Bits>(*g.parse("b1"));
  const Bits two = one | bit<Bits>(*g.parse("d4"));
  for (Bits holes : {one, two}) {
    for (bool anti : {false, true}) {
      const Rules rules(4, Start::free, anti, holes, Scoring::count);
      INFO(rules.describe());
      const int expected = reference::minimax(rules, reference::initial(rules));
      const SolveResult r = solve_exact(rules, rules.initial());
      REQUIRE(r.exact());
      CHECK(r.value == expected);
      check_pv(rules, rules.initial(), r);
    }
  }
}

TEST_CASE(
    "A free-centre start whose placements leave 14 empties agrees with plain alpha-beta in every "
    "variant",
    "[solve]") {
  // The inner 4x4 of a 6x6 board and c1, d1: the placements leave 14 empties, the fewest at
  // which a root is estimated (with these holes the placements are not: see the next test).
  const Geometry g(6);
  Bits kept = bit<Bits>(*g.parse("c1")) | bit<Bits>(*g.parse("d1"));
  for (const char* row : {"2", "3", "4", "5"})
    for (const char* col : {"b", "c", "d", "e"})
      kept |= bit<Bits>(*g.parse(std::string(col) + row));
  REQUIRE(popcount(kept) == 18);
  const Bits holes = g.squares() & ~kept;
  for (bool anti : {false, true}) {
    for (Scoring scoring : {Scoring::count, Scoring::winner_takes_empties}) {
      const Rules rules(6, Start::free, anti, holes, scoring);
      INFO(rules.describe());
      const int expected = plain_alphabeta(rules, rules.initial());
      const SolveResult r = solve_exact(rules, rules.initial());
      REQUIRE(r.exact());
      CHECK(r.value == expected);
      check_pv(rules, rules.initial(), r);
    }
  }
}

TEST_CASE("A 6x6 free-centre solve starts its first test from the estimate of its placements",
          "[solve]") {
  // Light wins the 6x6 free centre by 4, and the estimate of the boards the placements leave
  // says so: the first test is below 0 for dark, where a root without an estimate tests >= +1.
  const Rules rules(6, Start::free);
  std::atomic<bool> stop{false};
  std::atomic<int> first_test{0};
  SolveRequest r = request(rules, rules.initial());
  r.stop = &stop;
  r.on_progress = [&](const SolveProgress& p) {
    if (p.test == 0) return;  // no test under way yet
    int none = 0;
    first_test.compare_exchange_strong(none, p.test);
    stop = true;
  };
  std::thread watchdog([&] {
    for (int waited = 0; !stop && waited < 2400; ++waited)
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    stop = true;
  });
  const SolveResult got = solve(r, 64);
  watchdog.join();
  CHECK_FALSE(got.complete);
  CHECK(first_test < 0);
}

TEST_CASE("4x4 variants from the start agree with plain minimax", "[solve]") {
  for (int size : {4}) {
    for (const auto& v : variants_for(size)) {
      INFO(v.name);
      const Position start = v.rules.initial();
      const int expected = plain_minimax(v.rules, start);
      const SolveResult r = solve_exact(v.rules, start);
      REQUIRE(r.value == expected);
      check_pv(v.rules, start, r);
    }
  }
}

TEST_CASE("Every legal move gets its exact value with all_moves", "[solve]") {
  const Rules rules(4);
  Position p = rules.initial();
  p = rules.play(p, lowest_square(rules.legal_moves(p)));  // any legal first move
  SolveRequest r = request(rules, p);
  r.all_moves = true;
  const SolveResult result = solve(r);
  REQUIRE(result.move_values.size() == static_cast<std::size_t>(popcount(rules.legal_moves(p))));
  for (const auto& mv : result.move_values) {
    CHECK(mv.value == -plain_minimax(rules, rules.play(p, mv.move)));
    CHECK(mv.lower == mv.upper);
  }
  CHECK(result.move_values.front().value == result.value);
}

TEST_CASE("An all-moves solve asked to stop at beta ends at the first move that reaches it",
          "[solve]") {
  std::mt19937_64 rng(23);
  const Rules rules(8);
  int stopped_early = 0;
  int fewer_moves = 0;
  for (int i = 0; i < 200; ++i) {
    const Position p = random_endgame(rules, rng, 12, i);
    if (popcount(rules.legal_moves(p)) < 2) continue;
    const SolveResult truth = every_move_solved(rules, p);
    // A window round the worst move's value: every better move reaches its beta.
    const int worst = truth.move_values.back().value;
    SolveRequest narrow = request(rules, p);
    narrow.all_moves = true;
    narrow.alpha = worst - 1;
    narrow.beta = worst + 1;
    const SolveResult all = solve(narrow, 4);
    narrow.stop_at_beta = true;
    const SolveResult got = solve(narrow, 4);
    REQUIRE(got.nodes <= all.nodes);
    for (const MoveValue& mv : got.move_values) {
      const auto same = std::find_if(truth.move_values.begin(), truth.move_values.end(),
                                     [&](const MoveValue& t) { return t.move == mv.move; });
      REQUIRE(same != truth.move_values.end());
      REQUIRE(mv.lower <= same->value);
      REQUIRE(same->value <= mv.upper);
    }
    if (truth.value == worst) {
      // No move reaches beta: the same answer as without the stop.
      REQUIRE(got.exact());
      REQUIRE(got.value == worst);
      REQUIRE(got.best_moves == all.best_moves);
    } else {
      ++stopped_early;
      REQUIRE_FALSE(got.exact());
      REQUIRE(got.lower >= narrow.beta);
      REQUIRE(got.best_moves.empty());
      // Only the move that reached beta: the search went no further.
      REQUIRE(std::count_if(got.move_values.begin(), got.move_values.end(),
                            [&](const MoveValue& mv) { return mv.lower >= narrow.beta; }) == 1);
      if (got.move_values.size() < all.move_values.size()) ++fewer_moves;
    }
  }
  CHECK(stopped_early > 50);
  CHECK(fewer_moves > stopped_early / 4);
}

TEST_CASE("A solve asked for tied best moves finds every move of the value in one search",
          "[solve]") {
  std::mt19937_64 rng(29);
  const Rules rules(8);
  int with_ties = 0;
  for (int i = 0; i < 200; ++i) {
    const Position p = random_endgame(rules, rng, 12, i);
    if (popcount(rules.legal_moves(p)) < 2) continue;
    const SolveResult truth = every_move_solved(rules, p);
    std::vector<Square> expected = truth.best_moves;
    std::sort(expected.begin(), expected.end());
    if (expected.size() > 1) ++with_ties;
    // The full window, and one opening just below the value (annotate's case: the value is known
    // to pass the move played).
    for (const int alpha : {-solve_infinity, truth.value - 3}) {
      for (const int threads : {1, 2}) {
        SolveRequest tied = request(rules, p);
        tied.alpha = alpha;
        tied.tied_best = true;
        tied.threads = threads;
        const SolveResult got = solve(tied, 4);
        INFO("position " << i << ", alpha " << alpha << ", threads " << threads);
        REQUIRE(got.exact());
        REQUIRE(got.value == truth.value);
        std::vector<Square> best = got.best_moves;
        std::sort(best.begin(), best.end());
        REQUIRE(best == expected);
      }
    }
    // A window the value does not reach: a bound and one move, as without the flag.
    SolveRequest above = request(rules, p);
    above.alpha = truth.value + 1;
    above.tied_best = true;
    const SolveResult bound = solve(above, 4);
    REQUIRE_FALSE(bound.exact());
    REQUIRE(bound.upper <= above.alpha);
    REQUIRE(bound.best_moves.size() <= 1);
  }
  CHECK(with_ties > 20);
}

TEST_CASE("Win-draw-loss agrees with the sign of the exact value", "[solve]") {
  std::mt19937_64 rng(7);
  const Rules rules(6);
  for (int i = 0; i < 200; ++i) {
    const Position p = random_endgame(rules, rng, 10, i);
    const int exact = plain_minimax(rules, p);
    SolveRequest r = request(rules, p);
    r.wld = true;
    const SolveResult got = solve(r, 4);
    REQUIRE(got.value == (exact > 0) - (exact < 0));
    if (!got.pv.empty()) {
      const int end = rules.value(play_out(rules, p, got.pv), p.to_move);
      REQUIRE((end > 0) - (end < 0) == got.value);
    }
  }
}

TEST_CASE("A window gives bounds outside it and the exact value inside it", "[solve]") {
  std::mt19937_64 rng(11);
  const Rules rules(8);
  for (int i = 0; i < 200; ++i) {
    const Position p = random_endgame(rules, rng, 10, i);
    const int exact = plain_minimax(rules, p);
    SolveRequest r = request(rules, p);
    r.alpha = -2;
    r.beta = 4;
    const SolveResult got = solve(r, 4);
    REQUIRE(got.lower <= exact);
    REQUIRE(exact <= got.upper);
    if (exact > r.alpha && exact < r.beta) REQUIRE(got.value == exact);
  }
}

TEST_CASE("Plain alpha-beta, the oracle of the long check, agrees with plain minimax", "[solve]") {
  std::mt19937_64 rng(3);
  for (int size : {4, 6, 8, 10}) {
    for (const auto& v : variants_for(size)) {
      for (int i = 0; i < 100; ++i) {
        const Position p = random_endgame(v.rules, rng, size == 10 ? 8 : 9, i);
        REQUIRE(plain_alphabeta(v.rules, p) == plain_minimax(v.rules, p));
      }
    }
  }
}

TEST_CASE("Random endgames on 4x4 and 6x6 match plain minimax in every variant", "[solve]") {
  cross_check(4, 600, 12, 1);
  cross_check(6, 600, 10, 2);
}

TEST_CASE("Random endgames on 8x8 and 10x10 match plain minimax in every variant", "[solve]") {
  cross_check(8, 300, 9, 3);
  cross_check(10, 100, 8, 4);
}

// The long cross-check, one case per board size: 10,000 positions with up to 14 empties for each
// variant (standard, count scoring, anti in both scorings, holes, anti with a hole, free centre).
TEST_CASE("10,000 random 4x4 endgames per variant match minimax", "[solve][slow]") {
  cross_check(4, 10000, 12, 100, true);
}
TEST_CASE("10,000 random 6x6 endgames per variant match minimax", "[solve][slow]") {
  cross_check(6, 10000, 14, 101, true);
}
TEST_CASE("10,000 random 8x8 endgames per variant match minimax", "[solve][slow]") {
  cross_check(8, 10000, 14, 102, true);
}
TEST_CASE("10,000 random 10x10 endgames per variant match minimax", "[solve][slow]") {
  cross_check(10, 10000, 14, 103, true);
}

TEST_CASE("Two threads give the same values as one", "[solve]") {
  std::mt19937_64 rng(5);
  const Rules rules(8);
  for (int i = 0; i < 40; ++i) {
    const Position p = random_endgame(rules, rng, 18, 0);
    const SolveResult one = solve_exact(rules, p, 1);
    const SolveResult two = solve_exact(rules, p, 2);
    REQUIRE(one.value == two.value);
  }
}

TEST_CASE("A stop flag ends a long search early, marked incomplete, with only proven bounds",
          "[solve]") {
  const Rules rules(8);
  std::mt19937_64 rng(9);
  const Position p = reference::random_position(rules, rng, 30);  // far too deep to finish
  std::atomic<bool> stop{false};
  SolveRequest r = request(rules, p);
  r.stop = &stop;
  std::atomic<int> reports{0};
  r.on_progress = [&](const SolveProgress&) { ++reports; };
  std::thread stopper([&] {
    // Stops once progress has been reported (a loaded machine may delay the first report).
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    for (int waited = 0; reports == 0 && waited < 200; ++waited)
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    stop = true;
  });
  const SolveResult got = solve(r, 4);
  stopper.join();
  CHECK_FALSE(got.complete);
  CHECK(got.pv.empty());
  CHECK(got.upper == solve_infinity);
  CHECK(reports > 0);
}

TEST_CASE("Consecutive positions of one game reuse the table of one Solver", "[solve]") {
  const Rules rules(6);
  std::mt19937_64 rng(21);
  const Position p = reference::random_position(rules, rng, 10);
  Solver solver(16);
  const SolveResult first = solver.solve(request(rules, p));
  const Square best = first.best_moves.front();
  const SolveResult after = solver.solve(request(rules, rules.play(p, best)));
  CHECK(after.value == -first.value);
  CHECK(after.nodes < first.nodes / 4);
}
