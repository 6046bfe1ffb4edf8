// The depth-limited estimator: exact where its horizon reaches the end, plain minimax of the
// evaluation everywhere else, the same on every board size and variant. The hidden [.fit] test
// refits the evaluation weights on the WTHOR games.
#include "analysis/estimate/estimate.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <random>
#include <sstream>

#include "cli/run_binary.hpp"
#include "core/game.hpp"
#include "core/records/source.hpp"
#include "core/records/validate.hpp"
#include "core/records/wthor.hpp"
#include "reference.hpp"

using namespace reversi;

namespace {

EstimateResult estimate(Estimator& e, const Rules& rules, const Position& p, int depth,
                        Square wanted = no_square) {
  EstimateRequest r;
  r.rules = rules;
  r.root = p;
  r.depth = depth;
  r.wanted = wanted;
  return e.estimate(r);
}

// A position `empty_target` empties from the end reached by random play, not over.
std::optional<Position> random_endgame(const Rules& rules, std::mt19937_64& rng, int empty_target) {
  const int plies = popcount(rules.playable()) - 4 - empty_target;
  for (int attempt = 0; attempt < 20; ++attempt) {
    const Position p = reference::random_position(rules, rng, std::max(0, plies));
    if (!rules.game_over(p)) return p;
  }
  return std::nullopt;
}

const std::vector<std::pair<const char*, Rules>>& variants() {
  static const std::vector<std::pair<const char*, Rules>> all = {
      {"8x8", Rules(8)},
      {"6x6", Rules(6)},
      {"4x4", Rules(4)},
      {"6x6 anti", Rules(6, Start::standard, true)},
      {"8x8 count scoring", Rules(8, Start::standard, false, 0, Scoring::count)},
      {"6x6 hole b2", Rules(6, Start::standard, false, bit<Bits>(Geometry(6).square(1, 1)))},
      {"10x10", Rules(10)},
      {"6x6 free centre", Rules(6, Start::free)},
  };
  return all;
}

}  // namespace

TEST_CASE("An estimate of a finished game is its exact margin", "[estimate]") {
  // e6 f4 e3 f6 g5 d6 e7 f5 c5: dark wipes light out, 13-0 with 51 empties.
  const Rules rules;
  Position p = rules.initial();
  for (const char* m : {"e6", "f4", "e3", "f6", "g5", "d6", "e7", "f5", "c5"})
    p = rules.play(p, *rules.geometry().parse(m));
  Estimator e;
  const EstimateResult r = estimate(e, rules, p, 4);
  CHECK(r.game_over);
  // Light to move, wiped out: -(13 + 51) discs under winner-takes-empties.
  CHECK(r.value == -64 * estimate_units_per_disc);
}

TEST_CASE("An estimate whose horizon reaches the end is the exact minimax value", "[estimate]") {
  std::mt19937_64 rng(7);
  Estimator e;
  for (const auto& [name, rules] : variants()) {
    INFO(name);
    for (int i = 0; i < 12; ++i) {
      const int target = 3 + i % 5;
      const auto p = random_endgame(rules, rng, target);
      if (!p) continue;
      const int exact = reference::minimax(rules, reference::from_position(rules, *p));
      const EstimateResult r = estimate(e, rules, *p, rules.empties(*p) + 1);
      INFO("empties " << rules.empties(*p));
      CHECK(r.value == exact * estimate_units_per_disc);
    }
  }
}

TEST_CASE("Each move's estimate is the negated estimate of the position it leads to",
          "[estimate]") {
  std::mt19937_64 rng(11);
  Estimator e;
  constexpr int depth = 3;
  for (const auto& [name, rules] : variants()) {
    INFO(name);
    for (int i = 0; i < 6; ++i) {
      const auto p = random_endgame(rules, rng, 8 + 3 * i);
      if (!p || rules.legal_moves(*p) == 0) continue;
      int best = -1'000'000;
      std::vector<std::pair<Square, int>> values;
      for_each_square(rules.legal_moves(*p), [&](Square sq) {
        const int v = -estimate(e, rules, rules.play(*p, sq), depth - 1).value;
        values.emplace_back(sq, v);
        best = std::max(best, v);
      });
      std::vector<Square> best_moves;
      for (const auto& [sq, v] : values)
        if (v == best) best_moves.push_back(sq);
      for (const auto& [sq, v] : values) {
        const EstimateResult r = estimate(e, rules, *p, depth, sq);
        CHECK(r.value == best);
        CHECK(r.best_moves == best_moves);
        REQUIRE(r.wanted_value);
        CHECK(*r.wanted_value == v);
      }
    }
  }
}

TEST_CASE("A blended estimate weighs the plain estimates of its depth and the two before 1, 2, 1",
          "[estimate]") {
  std::mt19937_64 rng(29);
  Estimator e;
  // Depth 2 has one depth below it: the plain mean of the two.
  const auto blend = [](const std::vector<int>& deepest_first) {
    if (deepest_first.size() == 2) return (deepest_first[0] + deepest_first[1]) / 2;
    return (deepest_first[0] + 2 * deepest_first[1] + deepest_first[2]) / 4;
  };
  for (const auto& [name, rules] : variants()) {
    INFO(name);
    for (int i = 0; i < 4; ++i) {
      const auto p = random_endgame(rules, rng, 10 + 4 * i);
      if (!p) continue;
      for (int depth = 2; depth <= 5; ++depth) {
        INFO("depth " << depth);
        std::vector<int> plain;
        for (int d = depth; d >= std::max(1, depth - 2); --d)
          plain.push_back(estimate(e, rules, *p, d).value);
        EstimateRequest blended;
        blended.rules = rules;
        blended.root = *p;
        blended.depth = depth;
        blended.blend_shallower = true;
        // Every legal move as the wanted one, and none.
        std::vector<Square> wanted{no_square};
        for_each_square(rules.legal_moves(*p), [&](Square sq) { wanted.push_back(sq); });
        for (const Square sq : wanted) {
          blended.wanted = sq;
          const EstimateResult r = e.estimate(blended);
          CHECK(r.value == blend(plain));
          CHECK(r.best_moves == estimate(e, rules, *p, depth).best_moves);
          if (sq == no_square) continue;
          std::vector<int> plain_wanted;
          for (int d = depth; d >= std::max(1, depth - 2); --d)
            plain_wanted.push_back(*estimate(e, rules, *p, d, sq).wanted_value);
          REQUIRE(r.wanted_value);
          CHECK(*r.wanted_value == blend(plain_wanted));
          CHECK(*r.wanted_value <= r.value);
        }
      }
    }
  }
}

TEST_CASE("A position with no move is estimated after the pass", "[estimate]") {
  // 4x4: after a1-style play a side often has to pass; find such a position by random play.
  const Rules rules(4);
  std::mt19937_64 rng(3);
  Estimator e;
  int found = 0;
  for (int i = 0; i < 400 && found < 5; ++i) {
    const Position p = reference::random_position(rules, rng, static_cast<int>(rng() % 10));
    if (rules.legal_moves(p) != 0 || rules.game_over(p)) continue;
    ++found;
    const EstimateResult r = estimate(e, rules, p, 3);
    CHECK(r.passed);
    CHECK(r.best_moves.empty());
    REQUIRE(r.wanted_value);
    CHECK(*r.wanted_value == r.value);
    CHECK(r.value == -estimate(e, rules, rules.pass(p), 3).value);
  }
  CHECK(found > 0);
}

TEST_CASE("Estimates do not depend on what the estimator was asked before", "[estimate]") {
  const Rules rules;
  std::mt19937_64 rng(5);
  const Position a = reference::random_position(rules, rng, 20);
  const Position b = reference::random_position(rules, rng, 30);
  Estimator fresh;
  Estimator used;
  estimate(used, rules, b, 6);
  estimate(used, Rules(6), Rules(6).initial(), 4);
  const EstimateResult x = estimate(fresh, rules, a, 6);
  const EstimateResult y = estimate(used, rules, a, 6);
  CHECK(x.value == y.value);
  CHECK(x.best_moves == y.best_moves);
}

TEST_CASE("The evaluation favours the side holding the corners", "[estimate]") {
  const Rules rules;
  // Dark holds a1 and h8 among a balanced middle game; light holds none.
  const auto board = parse_board(
      "X-OOOO--"
      "-XOOOO--"
      "OOXXOX--"
      "-OXXXO--"
      "--OXXO--"
      "--OOXO--"
      "--------"
      "-------X X",
      rules);
  REQUIRE_FALSE(board.error);
  const EvalFeatures f = eval_features(rules, board.position);
  CHECK(f[feature_corners] == 2);
  CHECK(evaluate(rules, board.position) > 0);
}

TEST_CASE("A stop flag ends an estimate early and marks it incomplete", "[estimate]") {
  std::atomic<bool> stop{true};
  Estimator e;
  EstimateRequest r;
  r.root = Rules().initial();
  r.depth = 12;
  r.stop = &stop;
  const EstimateResult result = e.estimate(r);
  CHECK_FALSE(result.complete);
}

// ---------------------------------------------------------------- the fit

namespace {

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Least squares by the normal equations, one stage at a time.
struct Fit {
  std::array<std::array<double, feature_count>, feature_count> ata{};
  std::array<double, feature_count> atb{};
  long samples = 0;
  void add(const EvalFeatures& f, double target) {
    for (std::size_t i = 0; i < f.size(); ++i) {
      for (std::size_t j = 0; j < f.size(); ++j) ata[i][j] += f[i] * f[j];
      atb[i] += f[i] * target;
    }
    ++samples;
  }
  std::array<double, feature_count> solve() const {
    auto a = ata;
    auto b = atb;
    const std::size_t n = b.size();
    for (std::size_t i = 0; i < n; ++i) a[i][i] += 1e-6 * static_cast<double>(samples);  // ridge
    for (std::size_t c = 0; c < n; ++c) {
      std::size_t pivot = c;
      for (std::size_t r = c + 1; r < n; ++r)
        if (std::abs(a[r][c]) > std::abs(a[pivot][c])) pivot = r;
      std::swap(a[c], a[pivot]);
      std::swap(b[c], b[pivot]);
      for (std::size_t r = 0; r < n; ++r) {
        if (r == c) continue;
        const double k = a[r][c] / a[c][c];
        for (std::size_t j = c; j < n; ++j) a[r][j] -= k * a[c][j];
        b[r] -= k * b[c];
      }
    }
    std::array<double, feature_count> x{};
    for (std::size_t i = 0; i < n; ++i) x[i] = b[i] / a[i][i];
    return x;
  }
};

// Calls f(position, final margin for the mover in units) for every position of every finished
// valid game of a WTHOR file.
template <class F>
void for_each_wthor_position(const std::string& path, F&& f) {
  const std::string bytes = slurp(path);
  records::MemorySource source(bytes);
  records::WthorReader reader(source, records::WthorOptions{path, std::nullopt, nullptr});
  while (auto game = reader.next()) {
    const records::Validation v = records::validate(*game);
    if (v.verdict != records::Verdict::valid) continue;
    const Rules& rules = game->record.rules;
    const Replay r = replay(rules, game->record.start, game->record.moves);
    const int dark = *v.dark_margin;
    for (const Position& p : r.positions(rules)) {
      if (rules.game_over(p)) continue;
      const int mover = p.to_move == Color::dark ? dark : -dark;
      f(rules, p, mover * estimate_units_per_disc);
    }
  }
}

}  // namespace

TEST_CASE("The evaluation weights are refitted on the WTHOR games", "[.fit]") {
  const std::string dir = testing::shared_data("wthor");
  std::array<Fit, eval_stages> fits;
  for (int year = 1977; year <= 2000; ++year)
    for_each_wthor_position(
        dir + "/WTH_" + std::to_string(year) + ".wtb",
        [&](const Rules& rules, const Position& p, int target) {
          const int stage = eval_stage(rules.empties(p), popcount(rules.playable()));
          fits[static_cast<std::size_t>(stage)].add(eval_features(rules, p), target);
        });
  std::printf("    //  mob  pot  corner    x     c  edge  discs parity\n");
  for (const auto& fit : fits) {
    const auto w = fit.solve();
    std::printf("    {{");
    for (std::size_t i = 0; i < w.size(); ++i)
      std::printf("%s%5ld", i == 0 ? " " : ", ", std::lround(w[i]));
    std::printf(" }},  // %ld positions\n", fit.samples);
  }
  // How well the weights in use predict the held-out 2019 games: mean absolute error in discs.
  double error = 0;
  long n = 0;
  for_each_wthor_position(dir + "/WTH_2019.wtb",
                          [&](const Rules& rules, const Position& p, int target) {
                            error += std::abs(evaluate(rules, p) - target);
                            ++n;
                          });
  std::printf("mean absolute error on WTH_2019 with the weights in use: %.2f discs over %ld\n",
              error / static_cast<double>(n) / estimate_units_per_disc, n);
}

TEST_CASE("Annotate searches two plies deeper up to 24 empties, and on to the exact labels",
          "[estimate]") {
  CHECK(annotation_depth(6, 40) == 6);
  CHECK(annotation_depth(6, 29) == 6);  // 20 empties is 9 plies away: more than 2 beyond 6
  CHECK(annotation_depth(6, 28) == 8);  // 8 plies reach 20 empties
  CHECK(annotation_depth(6, 27) == 7);
  CHECK(annotation_depth(6, 26) == 6);
  CHECK(annotation_depth(6, 24) == 8);
  CHECK(annotation_depth(6, 15) == 8);
  CHECK(annotation_depth(3, 24) == 5);
  CHECK(annotation_depth(2, 27) == 2);  // 7 plies away: more than 2 beyond 2
  CHECK(annotation_depth(4, 25) == 5);  // 5 plies reach 20 empties
}
