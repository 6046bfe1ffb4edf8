// The puzzle search against plain enumeration: every answer, count, list and class count on
// 4x4 is recomputed here by walking the whole game tree over the array-based reference rules.
#include "analysis/puzzle/search.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <map>
#include <random>
#include <set>

#include "analysis/puzzle/board.hpp"
#include "analysis/puzzle/request.hpp"
#include "core/game.hpp"
#include "core/notation.hpp"
#include "reference.hpp"

using namespace reversi;
using reversi::test::request;

namespace {

// ---------------------------------------------------------------------------------------
// Plain enumeration over the reference rules: no tables, no symmetry, no bitboards.

using Path = std::vector<std::pair<int, int>>;  // (row, col); (-1, -1) is a pass
constexpr std::pair<int, int> pass_move{-1, -1};

struct RefGoal {
  PuzzleGoalKind kind = PuzzleGoalKind::wipeout;
  int side = -1;  // reference::dark / reference::light, or -1 for either
  int at_least = 0;
};

int discs_of(const reference::Board& b, reference::Cell c) {
  return static_cast<int>(std::count(b.cells.begin(), b.cells.end(), c));
}

bool placing(const reference::Board& b) {
  return b.free_start && discs_of(b, reference::dark) + discs_of(b, reference::light) < 4;
}

// `over` says whether the game is over, when the caller knows it already.
bool goal_holds(const RefGoal& g, const reference::Board& b, std::optional<bool> over = {}) {
  const int dark = discs_of(b, reference::dark);
  const int light = discs_of(b, reference::light);
  switch (g.kind) {
    case PuzzleGoalKind::wipeout:
      if (placing(b)) return false;
      if (light == 0 && dark > 0) return g.side != reference::light;
      if (dark == 0 && light > 0) return g.side != reference::dark;
      return false;
    case PuzzleGoalKind::end:
      return over ? *over : reference::game_over(b);
    case PuzzleGoalKind::discs:
      if (g.side == reference::dark) return dark >= g.at_least;
      if (g.side == reference::light) return light >= g.at_least;
      return dark >= g.at_least || light >= g.at_least;
  }
  return false;
}

// A sequence that reaches the goal, and the number of discs placed on the way.
struct Found {
  Path path;
  int placed = 0;
};

// Every sequence that reaches the goal, in square order, each stopping there.
void enumerate(const RefGoal& g, const reference::Board& b, Path& path, int placed,
               std::vector<Found>& out) {
  const auto moves = reference::legal_moves(b);
  const bool blocked = moves.empty();
  const reference::Board passed = reference::pass(b);
  const bool over = blocked && reference::legal_moves(passed).empty();
  if (goal_holds(g, b, over)) {
    out.push_back(Found{path, placed});
    return;
  }
  if (over) return;
  if (blocked) {
    path.push_back(pass_move);
    enumerate(g, passed, path, placed, out);
    path.pop_back();
    return;
  }
  for (auto [r, c] : moves) {
    path.emplace_back(r, c);
    enumerate(g, reference::play(b, r, c), path, placed + 1, out);
    path.pop_back();
  }
}

// Plain AND-OR search: can `forcer` make the goal hold within `budget` discs placed?
bool plain_forced(const RefGoal& g, const reference::Board& b, int budget, reference::Cell forcer) {
  if (goal_holds(g, b)) return true;
  const auto moves = reference::legal_moves(b);
  if (moves.empty()) {
    const reference::Board passed = reference::pass(b);
    if (reference::legal_moves(passed).empty()) return false;
    return plain_forced(g, passed, budget, forcer);
  }
  if (budget == 0) return false;
  const bool mine = b.to_move == forcer;
  for (auto [r, c] : moves)
    if (plain_forced(g, reference::play(b, r, c), budget - 1, forcer) == mine) return mine;
  return !mine;
}

// The symmetries of the square board on (row, col), numbered as Geometry::transform.
std::pair<int, int> transform(std::pair<int, int> sq, int symmetry, int n) {
  if (sq == pass_move) return sq;
  auto [r, c] = sq;
  if (symmetry & 4) std::swap(r, c);
  if (symmetry & 1) c = n - 1 - c;
  if (symmetry & 2) r = n - 1 - r;
  return {r, c};
}

// Orbits of the sequences under the symmetries that fix the start: counted by canonical form.
std::uint64_t classes(const std::vector<Path>& sequences, const reference::Board& start) {
  std::vector<int> fixing;
  for (int s = 0; s < symmetry_count; ++s) {
    bool fixes = true;
    for (int r = 0; r < start.size; ++r)
      for (int c = 0; c < start.size; ++c) {
        const auto [tr, tc] = transform({r, c}, s, start.size);
        fixes = fixes && start.at(r, c) == start.at(tr, tc);
      }
    if (fixes) fixing.push_back(s);
  }
  std::set<Path> canonical;
  for (const Path& p : sequences) {
    Path best = p;
    for (int s : fixing) {
      Path image;
      for (auto sq : p) image.push_back(transform(sq, s, start.size));
      best = std::min(best, image);
    }
    canonical.insert(best);
  }
  return canonical.size();
}

Path to_path(const Geometry& g, const MoveSequence& moves) {
  Path p;
  for (Square sq : moves)
    p.push_back(sq == no_square ? pass_move : std::pair{g.row(sq), g.col(sq)});
  return p;
}

RefGoal ref_goal(const PuzzleGoal& g) {
  return RefGoal{g.kind,
                 g.side ? (*g.side == Color::dark ? reference::dark : reference::light) : -1,
                 g.at_least};
}

// Runs the puzzle with counts and the full list and compares everything with `all`, the
// enumeration of the whole game tree; `uncounted` discs carry no move number.
void check_against_enumeration(PuzzleRequest req, const std::vector<Found>& all, int uncounted) {
  constexpr std::size_t list_limit = 100000;
  req.count = true;
  req.list_limit = list_limit;
  const ExistsResult r = puzzle_exists(req);
  REQUIRE(r.complete);

  const reference::Board start = reference::from_position(req.rules, req.rules.initial());
  std::vector<Path> within;
  std::map<int, std::uint64_t> at_move;
  std::optional<int> earliest;
  const Found* witness = nullptr;
  for (const Found& f : all) {
    const int move = std::max(0, f.placed - uncounted);
    if (move <= req.by) {
      within.push_back(f.path);
      ++at_move[move];
    }
    if (move <= req.by + req.beyond && (!earliest || move < *earliest)) {
      earliest = move;
      witness = &f;  // the first in square order among the shortest
    }
  }

  INFO(req.rules.describe() << ", " << goal_kind_name(req.goal.kind) << " by " << req.by
                            << (req.placements_are_moves ? "" : ", placements not moves"));
  CHECK(r.earliest == earliest);
  CHECK(r.yes == (earliest && *earliest <= req.by));
  if (witness != nullptr) CHECK(to_path(req.rules.geometry(), r.witness) == witness->path);
  REQUIRE(r.counts);
  CHECK(r.counts->sequences == within.size());
  for (int k = 0; k <= req.by; ++k)
    CHECK(r.counts->at_move[static_cast<std::size_t>(k)] == at_move[k]);
  std::vector<Path> listed;
  for (const auto& seq : r.listed) listed.push_back(to_path(req.rules.geometry(), seq));
  // The same sequences in the same (square) order, up to the limit; reports the first
  // difference only.
  CHECK(listed.size() == std::min(within.size(), list_limit));
  CHECK(r.list_truncated == (within.size() > list_limit));
  const auto diff = std::mismatch(listed.begin(), listed.end(), within.begin(), within.end());
  CHECK(diff.first - listed.begin() == static_cast<std::ptrdiff_t>(listed.size()));
  CHECK(r.counts->classes == classes(within, start));
  std::uint64_t by_first = 0;
  for (const auto& f : r.counts->by_first_move) by_first += f.sequences;
  CHECK(by_first == r.counts->sequences);
}

std::vector<PuzzleGoal> goals_for(int size) {
  std::vector<PuzzleGoal> goals = {
      {PuzzleGoalKind::wipeout, std::nullopt, 0},
      {PuzzleGoalKind::wipeout, Color::dark, 0},
      {PuzzleGoalKind::wipeout, Color::light, 0},
      {PuzzleGoalKind::end, std::nullopt, 0},
  };
  for (int k : {size * 2, size * 3})
    for (auto side : {std::optional<Color>{}, std::optional<Color>{Color::dark},
                      std::optional<Color>{Color::light}})
      goals.push_back({PuzzleGoalKind::discs, side, k});
  return goals;
}

std::vector<Rules> small_variants() {
  const Geometry g(4);
  return {Rules(4), Rules(4, Start::free),
          Rules(4, Start::standard, false, bit<Bits>(*g.parse("a1"))),
          Rules(4, Start::free, true, bit<Bits>(*g.parse("b1")))};
}

// Follows a strategy tree with the generic rules: the forcer's nodes hold one legal move,
// the other side's nodes every legal move (or a pass), and every leaf reaches the goal.
void check_strategy(const Rules& rules, const RefGoal& g, const StrategyNode& node,
                    const Position& p, Color forcer, int moves_left) {
  if (node.goal) {
    CHECK(goal_holds(g, reference::from_position(rules, p)));
    return;
  }
  REQUIRE(moves_left >= 0);
  const Bits legal = rules.legal_moves(p);
  if (legal == 0) {
    REQUIRE(node.next.size() == 1);
    CHECK(node.next[0].move == no_square);
    check_strategy(rules, g, node.next[0], rules.pass(p), forcer, moves_left);
    return;
  }
  if (p.to_move == forcer) {
    REQUIRE(node.next.size() == 1);
  } else {
    CHECK(static_cast<int>(node.next.size()) == popcount(legal));
  }
  for (const auto& child : node.next) {
    REQUIRE(child.move != no_square);
    REQUIRE((legal & bit<Bits>(child.move)) != 0);
    CHECK(child.mover == p.to_move);
    check_strategy(rules, g, child, rules.play(p, child.move), forcer, moves_left - 1);
  }
}

}  // namespace

TEST_CASE("The fast board symmetries agree with Geometry::transform on every board size",
          "[puzzle]") {
  std::mt19937_64 rng(11);
  for (int size : {4, 6, 8}) {
    const Geometry g(size);
    const puzzle_detail::Symmetries<Kernel8> sym(g, static_cast<Bits64>(g.squares()));
    CHECK(sym.group().size() == 8);
    for (int i = 0; i < 200; ++i) {
      const Bits set = static_cast<Bits>(rng()) & g.squares();
      for (int s = 0; s < symmetry_count; ++s)
        CHECK(sym.apply(static_cast<Bits64>(set), s) == static_cast<Bits64>(g.transform(set, s)));
    }
  }
  const Geometry g10(10);
  const puzzle_detail::Symmetries<Kernel10> sym10(g10, g10.squares());
  const Bits set = (static_cast<Bits>(rng()) << 64 | rng()) & g10.squares();
  for (int s = 0; s < symmetry_count; ++s) CHECK(sym10.apply(set, s) == g10.transform(set, s));
}

TEST_CASE("A hole off the diagonals leaves only the symmetries that keep it in place", "[puzzle]") {
  const Geometry g(8);
  const Bits64 playable = static_cast<Bits64>(g.squares() & ~bit<Bits>(*g.parse("b1")));
  CHECK(puzzle_detail::Symmetries<Kernel8>(g, playable).group() == std::vector<int>{0});
  const Bits64 corner = static_cast<Bits64>(g.squares() & ~bit<Bits>(*g.parse("a1")));
  // a1 stays put under the identity and the a1-h8 transposition only.
  CHECK(puzzle_detail::Symmetries<Kernel8>(g, corner).group() == std::vector<int>{0, 4});
}

TEST_CASE("The puzzle board plays random games exactly as the rules layer does", "[puzzle]") {
  std::mt19937_64 rng(5);
  for (const Rules& rules : {Rules(4, Start::free), Rules(6, Start::free), Rules(8, Start::free),
                             Rules(6, Start::standard, false, bit<Bits>(9))}) {
    const puzzle_detail::PuzzleBoard<Kernel8> board(rules);
    for (int game = 0; game < 200; ++game) {
      Position p = rules.initial();
      auto s = board.from_position(p);
      while (!rules.game_over(p)) {
        REQUIRE(board.to_position(s) == p);
        const Bits legal = rules.legal_moves(p);
        REQUIRE(static_cast<Bits>(board.moves(s)) == legal);
        if (legal == 0) {
          p = rules.pass(p);
          s = board.pass(s);
          continue;
        }
        Bits pick = legal;
        for (auto n = rng() % static_cast<std::uint64_t>(popcount(legal)); n > 0; --n)
          pick &= pick - 1;
        const Square sq = lowest_square(pick);
        p = rules.play(p, sq);
        s = board.play(s, sq);
      }
      CHECK(board.over(s));
    }
  }
}

// Cross-checks every goal in `goals` on `rules`, under both readings for the free start.
void check_variant(const Rules& rules, const std::vector<PuzzleGoal>& goals) {
  const auto readings =
      rules.start() == Start::free ? std::vector<bool>{true, false} : std::vector<bool>{true};
  const reference::Board start = reference::from_position(rules, rules.initial());
  for (const PuzzleGoal& goal : goals) {
    std::vector<Found> all;
    Path path;
    enumerate(ref_goal(goal), start, path, 0, all);
    for (bool placements_are_moves : readings)
      for (int by : {5, 8, 12}) {
        PuzzleRequest req = request(rules, goal, by);
        req.placements_are_moves = placements_are_moves;
        check_against_enumeration(req, all, placements_are_moves ? 0 : 4);
      }
  }
}

TEST_CASE("On 4x4 every answer, count, list and class count matches plain enumeration",
          "[puzzle]") {
  check_variant(Rules(4), goals_for(4));
  // The sanitizer run (REVERSI_TEST_SCALE > 1) stops at the standard rules; the release run
  // covers these too.
  if (reference::test_scale() > 1) return;
  const std::vector<PuzzleGoal> wipeouts = {{PuzzleGoalKind::wipeout, std::nullopt, 0},
                                            {PuzzleGoalKind::wipeout, Color::light, 0}};
  // The other variants' trees are bigger: their full sweep is the slow test below.
  check_variant(small_variants()[1], wipeouts);
  check_variant(small_variants()[2], wipeouts);
}

TEST_CASE("On 4x4 every variant and goal matches plain enumeration", "[puzzle][slow]") {
  for (const Rules& rules : small_variants()) check_variant(rules, goals_for(4));
}

TEST_CASE("On 4x4 the forced answers match a plain AND-OR search", "[puzzle]") {
  for (const Rules& rules : small_variants()) {
    const reference::Board start = reference::from_position(rules, rules.initial());
    for (const PuzzleGoal& goal : goals_for(4))
      for (Color forcer : {Color::dark, Color::light}) {
        const PuzzleRequest req = request(rules, goal, 12);
        const ForcedResult r = puzzle_forced(req, forcer);
        PuzzleGoal own = goal;
        if (goal.kind != PuzzleGoalKind::end) own.side = forcer;
        const RefGoal g = ref_goal(own);
        const auto cell = forcer == Color::dark ? reference::dark : reference::light;
        std::optional<int> earliest;
        for (int k = 0; k <= req.by && !earliest; ++k)
          if (plain_forced(g, start, k, cell)) earliest = k;
        INFO(rules.describe() << ", " << goal_kind_name(goal.kind) << " forced by "
                              << color_name(forcer));
        REQUIRE(r.complete);
        CHECK(r.yes == earliest.has_value());
        CHECK(r.earliest == earliest);
        CHECK(r.proof_positions > 0);
        if (r.yes) {
          REQUIRE(r.strategy_built);
          check_strategy(rules, g, r.strategy, rules.initial(), forcer, *r.earliest);
        }
      }
  }
}

TEST_CASE(
    "4x4: the earliest wipeout is at move 10, the earliest game over at move 6, and all "
    "60060 games end by move 12",
    "[puzzle]") {
  PuzzleRequest wipe = request(Rules(4), {}, 12);
  wipe.count = true;
  const ExistsResult w = puzzle_exists(wipe);
  CHECK(w.earliest == 10);
  CHECK(w.counts->sequences == 5576);
  CHECK(w.counts->classes == 1394);
  PuzzleRequest end = request(Rules(4), {PuzzleGoalKind::end, std::nullopt, 0}, 12);
  end.count = true;
  const ExistsResult e = puzzle_exists(end);
  CHECK(e.earliest == 6);
  // The published number of complete 4x4 games.
  CHECK(e.counts->sequences == 60060);
  CHECK(e.counts->symmetries == 4);
}
