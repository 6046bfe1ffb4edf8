// Game annotation on hand-made games whose answers are known by construction: plain minimax over
// the reference rules says what every position and move is worth, and games built to contain
// one blunder say where the loss and the turning point must be.
#include "analysis/annotate.hpp"

#include <array>
#include <atomic>
#include <catch2/catch.hpp>
#include <random>

#include "annotate_games.hpp"
#include "reference.hpp"

using namespace reversi;
using namespace reversi::annotate_games;

namespace {

// Checks every exactly analysed move against plain minimax: the position's value, the move's,
// the best moves and the loss; and the summary's totals and turning point against them.
void check_against_minimax(const Rules& rules, const records::GameRecord& record,
                           const Annotation& a, int exact_empties) {
  const Replay r = replay(rules, record.start, record.moves);
  const std::vector<Position> positions = r.positions(rules);
  REQUIRE(a.moves.size() == r.moves.size());
  std::array<int, 2> loss{};
  std::vector<int> dark;  // minimax values for dark, by position, in the exact zone
  for (std::size_t k = 0; k < a.moves.size(); ++k) {
    const MoveAnnotation& m = a.moves[k];
    const Position& p = positions[k];
    INFO("move " << m.number);
    CHECK(m.side == p.to_move);
    CHECK(m.square == r.moves[k].square);
    CHECK(m.legal == rules.legal_moves(p));
    CHECK(m.empties == rules.empties(p));
    if (rules.empties(p) > exact_empties) {
      CHECK_FALSE(m.exact);
      CHECK(m.estimate);
      continue;
    }
    REQUIRE(m.exact);
    CHECK_FALSE(m.estimate);
    const int value = minimax(rules, p);
    CHECK(m.exact->value == value);
    CHECK(m.exact->played == -minimax(rules, positions[k + 1]));
    std::vector<Square> best;
    for_each_square(rules.legal_moves(p), [&](Square sq) {
      if (-minimax(rules, rules.play(p, sq)) == value) best.push_back(sq);
    });
    CHECK(m.exact->best == best);
    CHECK(m.exact->loss() >= 0);
    if (!m.is_pass()) loss[static_cast<std::size_t>(index(m.side))] += m.exact->loss();
    if (m.is_pass()) continue;
    // An exact loss is called as it is: a mistake from 2 discs, a blunder from 6.
    REQUIRE(m.judgement);
    CHECK(m.judgement->exact);
    CHECK(m.judgement->margin == 0);
    const int lost = -minimax(rules, positions[k + 1]);
    const Call expected = value - lost >= blunder_discs   ? Call::blunder
                          : value - lost >= mistake_discs ? Call::mistake
                                                          : Call::none;
    CHECK(m.judgement->call == expected);
  }
  CHECK(a.sides[0].exact_loss == loss[0]);
  CHECK(a.sides[1].exact_loss == loss[1]);
  std::array<int, 2> mistakes{};
  std::array<int, 2> blunders{};
  for (const MoveAnnotation& m : a.moves) {
    if (!m.judgement) continue;
    const auto side = static_cast<std::size_t>(index(m.side));
    if (m.judgement->call == Call::mistake) ++mistakes[side];
    if (m.judgement->call == Call::blunder) ++blunders[side];
  }
  CHECK(a.sides[0].mistakes == mistakes[0]);
  CHECK(a.sides[1].mistakes == mistakes[1]);
  CHECK(a.sides[0].blunders == blunders[0]);
  CHECK(a.sides[1].blunders == blunders[1]);
}

}  // namespace

TEST_CASE("Every exact value of a 4x4 game with passes agrees with plain minimax", "[annotate]") {
  const Rules rules(4);
  std::mt19937_64 rng(1);
  int games_with_pass = 0;
  for (int i = 0; i < 200 && games_with_pass < 4; ++i) {
    bool had_pass = false;
    const auto moves = random_game(rules, rules.initial(), rng, &had_pass);
    if (!had_pass) continue;
    ++games_with_pass;
    const auto record = record_of(rules, rules.initial(), moves);
    AnnotateEngines engines(4);
    const Annotation a = annotate(record, engines, exact_from(20));
    CHECK(a.complete);
    CHECK(a.passes > 0);
    CHECK(a.moves_played == static_cast<int>(moves.size()));
    check_against_minimax(rules, record, a, 20);
    for (const auto& m : a.moves) {
      if (!m.is_pass()) continue;
      // A forced pass is the only move: it loses nothing and keeps the value.
      CHECK(m.inferred);
      CHECK(m.legal == 0);
      CHECK(m.exact->loss() == 0);
    }
  }
  CHECK(games_with_pass == 4);
}

TEST_CASE("A written pass is annotated like an inferred one, but not marked inferred",
          "[annotate]") {
  const Rules rules(4);
  std::mt19937_64 rng(2);
  for (int i = 0; i < 200; ++i) {
    bool had_pass = false;
    auto moves = random_game(rules, rules.initial(), rng, &had_pass);
    if (!had_pass) continue;
    // Write the passes out.
    std::vector<Square> written;
    Position p = rules.initial();
    for (Square sq : moves) {
      if (rules.legal_moves(p) == 0) {
        written.push_back(no_square);
        p = rules.pass(p);
      }
      written.push_back(sq);
      p = rules.play(p, sq);
    }
    AnnotateEngines engines(4);
    const Annotation implicit =
        annotate(record_of(rules, rules.initial(), moves), engines, exact_from(20));
    const Annotation explicit_ =
        annotate(record_of(rules, rules.initial(), written), engines, exact_from(20));
    REQUIRE(implicit.moves.size() == explicit_.moves.size());
    for (std::size_t k = 0; k < implicit.moves.size(); ++k) {
      CHECK(implicit.moves[k].square == explicit_.moves[k].square);
      CHECK(implicit.moves[k].exact->value == explicit_.moves[k].exact->value);
      if (explicit_.moves[k].is_pass()) CHECK_FALSE(explicit_.moves[k].inferred);
    }
    return;
  }
  FAIL("no 4x4 game with a pass found");
}

TEST_CASE("A 6x6 game is estimated in the opening and solved exactly near the end", "[annotate]") {
  const Rules rules(6);
  std::mt19937_64 rng(3);
  const auto moves = random_game(rules, rules.initial(), rng);
  const auto record = record_of(rules, rules.initial(), moves);
  AnnotateEngines engines(4);
  constexpr int limit = 9;
  const Annotation a = annotate(record, engines, exact_from(limit));
  check_against_minimax(rules, record, a, limit);
  REQUIRE(a.exact_from);
  CHECK(a.moves[static_cast<std::size_t>(*a.exact_from - 1)].empties <= limit);
  CHECK(a.sides[0].estimate_moves + a.sides[1].estimate_moves + a.sides[0].exact_moves +
            a.sides[1].exact_moves ==
        a.moves_played);
  CHECK(a.result.finished);
}

TEST_CASE("An anti-reversi game's values count fewer discs as better", "[annotate]") {
  const Rules rules(4, Start::standard, true);
  std::mt19937_64 rng(4);
  for (int i = 0; i < 3; ++i) {
    const auto moves = random_game(rules, rules.initial(), rng);
    const auto record = record_of(rules, rules.initial(), moves);
    AnnotateEngines engines(4);
    const Annotation a = annotate(record, engines, exact_from(20));
    check_against_minimax(rules, record, a, 20);
    const Tally& t = a.result.discs;
    // Dark's margin under anti: light's discs less dark's.
    CHECK(*a.result.dark_count == t.light - t.dark);
  }
  // And on 6x6, exact near the end.
  const Rules rules6(6, Start::standard, true);
  const auto moves = random_game(rules6, rules6.initial(), rng);
  const auto record = record_of(rules6, rules6.initial(), moves);
  AnnotateEngines engines(4);
  check_against_minimax(rules6, record, annotate(record, engines, exact_from(8)), 8);
}

TEST_CASE("A free-centre game and a game with a black hole agree with plain minimax",
          "[annotate]") {
  std::mt19937_64 rng(10);
  const Rules free_start(4, Start::free);
  const Rules holed(6, Start::standard, false, bit<Bits>(Geometry(6).square(1, 1)));
  for (const Rules& rules : {free_start, holed}) {
    INFO(rules.describe());
    const auto moves = random_game(rules, rules.initial(), rng);
    const auto record = record_of(rules, rules.initial(), moves);
    AnnotateEngines engines(4);
    check_against_minimax(rules, record, annotate(record, engines, exact_from(9)), 9);
  }
}

namespace {

// The value of a move for the mover, from the solver (itself checked against minimax elsewhere).
int move_value(Solver& solver, const Rules& rules, const Position& p, Square sq) {
  SolveRequest r;
  r.rules = rules;
  r.root = rules.play(p, sq);
  r.want_pv = false;
  return -solver.solve(r).value;
}

// A game from `start` where both sides play a best move (the lowest-numbered one) except at ply
// `blunder_ply`, where the mover plays its worst move. Passes are left out.
struct BuiltGame {
  std::vector<Square> moves;
  int blunder_number = 0;  // 1-based number of the blunder in the annotation (passes included)
  int best_value = 0;      // at the blunder
  int blunder_value = 0;
  std::vector<Square> best_moves;
  bool outcome_changed = false;
};

BuiltGame build_game_with_blunder(const Rules& rules, const Position& start, int blunder_ply) {
  Solver solver(8);
  BuiltGame g;
  Position p = start;
  int ply = 0;
  int number = 0;
  while (!rules.game_over(p)) {
    const Bits legal = rules.legal_moves(p);
    ++number;
    if (legal == 0) {
      p = rules.pass(p);
      continue;
    }
    std::vector<std::pair<Square, int>> values;
    for_each_square(legal,
                    [&](Square sq) { values.emplace_back(sq, move_value(solver, rules, p, sq)); });
    auto best = values.front();
    auto worst = values.front();
    for (const auto& v : values) {
      if (v.second > best.second) best = v;
      if (v.second < worst.second) worst = v;
    }
    Square chosen = best.first;
    if (ply == blunder_ply) {
      chosen = worst.first;
      g.blunder_number = number;
      g.best_value = best.second;
      g.blunder_value = worst.second;
      for (const auto& v : values)
        if (v.second == best.second) g.best_moves.push_back(v.first);
      const auto sign = [](int x) { return (x > 0) - (x < 0); };
      g.outcome_changed = sign(best.second) != sign(worst.second);
    }
    g.moves.push_back(chosen);
    p = rules.play(p, chosen);
    ++ply;
  }
  return g;
}

}  // namespace

TEST_CASE("A game with one blunder loses exactly there, and turns there when the outcome flips",
          "[annotate]") {
  const Rules rules;
  std::mt19937_64 rng(5);
  int turning = 0;
  for (int attempt = 0; attempt < 40 && turning < 2; ++attempt) {
    // A middle-game position with 12 empties, then perfect play but for one move.
    const Position start = reference::random_position(rules, rng, 48);
    if (rules.game_over(start) || rules.empties(start) < 10) continue;
    const int blunder_ply = static_cast<int>(rng() % 4);
    const BuiltGame g = build_game_with_blunder(rules, start, blunder_ply);
    if (g.blunder_number == 0 || g.best_value == g.blunder_value) continue;
    const auto record = record_of(rules, start, g.moves);
    AnnotateEngines engines(8);
    const Annotation a = annotate(record, engines, exact_from(20));
    INFO("attempt " << attempt);
    REQUIRE(a.complete);
    for (const auto& m : a.moves) {
      REQUIRE(m.exact);
      if (m.number == g.blunder_number) {
        CHECK(m.exact->value == g.best_value);
        CHECK(m.exact->played == g.blunder_value);
        CHECK(m.exact->loss() == g.best_value - g.blunder_value);
        CHECK(m.exact->best == g.best_moves);
      } else {
        CHECK(m.exact->loss() == 0);
      }
    }
    const MoveAnnotation& blunder = a.moves[static_cast<std::size_t>(g.blunder_number - 1)];
    const SideSummary& s = a.sides[static_cast<std::size_t>(index(blunder.side))];
    CHECK(s.exact_loss == g.best_value - g.blunder_value);
    CHECK(s.exact_errors == 1);
    CHECK(a.sides[static_cast<std::size_t>(index(opposite(blunder.side)))].exact_loss == 0);
    if (g.outcome_changed) {
      ++turning;
      REQUIRE(a.turning_point);
      CHECK(a.turning_point->move_number == g.blunder_number);
      CHECK(a.turning_point->side == blunder.side);
    } else {
      CHECK_FALSE(a.turning_point);
    }
  }
  CHECK(turning == 2);
}

TEST_CASE("An annotation counts its searches by what each asked, and their nodes add up",
          "[annotate]") {
  const Rules rules;
  std::mt19937_64 rng(17);
  for (int game = 0; game < 3; ++game) {
    std::vector<Square> moves = random_game(rules, rules.initial(), rng);
    // The last record stops early: its last position is solved from scratch.
    const bool unfinished = game == 2;
    constexpr std::size_t moves_left_out = 5;
    if (unfinished) moves.resize(moves.size() - moves_left_out);
    const auto record = record_of(rules, rules.initial(), moves);
    AnnotateEngines engines(8);
    const Annotation a = annotate(record, engines, exact_from(12));
    INFO("game " << game);
    REQUIRE(a.complete);
    long exact = 0;
    long better_found = 0;
    long estimated = 0;
    long proven = 0;
    for (const MoveAnnotation& m : a.moves) {
      if (m.estimate) {
        ++estimated;
        if (m.estimate->proven) ++proven;
      }
      if (!m.exact || m.is_pass()) continue;
      ++exact;
      if (m.exact->loss() > 0) ++better_found;
    }
    if (a.end && a.end->estimate) ++estimated;
    const AnnotationWork& w = a.work;
    // One narrow solve per position of the exact zone, and a second where it found a better move.
    CHECK(w.given_played.searches == exact);
    CHECK(w.after_better.searches == better_found);
    CHECK(better_found > 0);  // random play errs
    CHECK(w.estimates.searches == estimated);
    CHECK(w.proof.searches >= proven);
    CHECK(w.proof.searches <= 1);
    CHECK(w.final_position.searches == (unfinished ? 1 : 0));
    CHECK(a.end.has_value() == unfinished);
    for (const AnnotationWork::Part* part : {&w.given_played, &w.after_better, &w.estimates})
      CHECK(part->nodes >= static_cast<std::uint64_t>(part->searches));
  }
}

TEST_CASE("An unfinished record is valued at its end, and a position alone has no moves",
          "[annotate]") {
  const Rules rules(6);
  std::mt19937_64 rng(6);
  auto moves = random_game(rules, rules.initial(), rng);
  moves.resize(moves.size() - 4);
  const auto record = record_of(rules, rules.initial(), moves);
  AnnotateEngines engines(4);
  const Annotation a = annotate(record, engines, exact_from(10));
  CHECK_FALSE(a.result.finished);
  CHECK_FALSE(a.result.dark_winner);
  REQUIRE(a.end);
  const Replay r = replay(rules, rules.initial(), record.moves);
  const Position last = r.positions(rules).back();
  REQUIRE(a.end->exact);
  CHECK(a.end->exact->value == minimax(rules, last));

  records::GameRecord position_only;
  position_only.rules = rules;
  position_only.start = last;
  position_only.position_only = true;
  const Annotation b = annotate(position_only, engines, exact_from(10));
  CHECK(b.moves.empty());
  REQUIRE(b.end);
  CHECK(b.end->exact->value == a.end->exact->value);
  CHECK(b.end->exact->best == a.end->exact->best);
}

TEST_CASE("A stop flag ends an annotation early and marks it incomplete", "[annotate]") {
  const Rules rules;
  std::mt19937_64 rng(9);
  const auto record = record_of(rules, rules.initial(), random_game(rules, rules.initial(), rng));
  std::atomic<bool> stop{true};
  AnnotateOptions o = exact_from(14);
  o.stop = &stop;
  AnnotateEngines engines(8);
  CHECK_FALSE(annotate(record, engines, o).complete);
}

TEST_CASE("A standard game is named by the deepest opening it passes through, up to symmetry",
          "[annotate]") {
  // Names keyed by position: the line's symmetric image (d3 c5 ... is f5 d6 ... transposed)
  // and a transposition reach the same names.
  const OpeningBook book = OpeningBook::parse("Short: f5 d6\nLonger: f5 d6 c3 d3 c4\n");
  const Rules rules;
  const Geometry& g = rules.geometry();
  const auto line = [&](const std::vector<std::string>& names) {
    std::vector<Square> moves;
    for (const auto& n : names) moves.push_back(*g.parse(n));
    return moves;
  };
  AnnotateEngines engines(4);
  AnnotateOptions options = exact_from(0);
  options.estimate_depth = 1;
  options.openings = &book;

  // Turned by the transposition (symmetry 4): f5 -> e6, d6 -> f4, c3 -> c3, d3 -> c4, c4 -> d3.
  std::vector<Square> moves = line({"e6", "f4", "c3", "c4", "d3"});
  Position p = rules.initial();
  for (const Square sq : moves) p = rules.play(p, sq);
  moves.push_back(lowest_square(rules.legal_moves(p)));  // out of the book
  const auto record = record_of(rules, rules.initial(), moves);
  const Annotation a = annotate(record, engines, options);
  REQUIRE(a.moves.size() == 6);
  CHECK(a.moves[1].opening == std::optional<std::string>("Short"));
  CHECK_FALSE(a.moves[2].opening);
  CHECK(a.moves[4].opening == std::optional<std::string>("Longer"));
  CHECK(a.opening == std::optional<std::string>("Longer"));
  CHECK(a.opening_move == std::optional<int>(5));

  // A line that leaves the book after two moves keeps the shorter name.
  const Annotation b =
      annotate(record_of(rules, rules.initial(), line({"f5", "d6", "c5"})), engines, options);
  CHECK(b.opening == std::optional<std::string>("Short"));
  CHECK(b.opening_move == std::optional<int>(2));

  // Anti-reversi has the same positions but not these openings.
  const Rules anti(8, Start::standard, true);
  const Annotation c =
      annotate(record_of(anti, anti.initial(), line({"f5", "d6"})), engines, options);
  CHECK_FALSE(c.opening);
  CHECK_FALSE(c.moves[1].opening);
}
