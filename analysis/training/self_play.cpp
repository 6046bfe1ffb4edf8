#include "analysis/training/self_play.hpp"

#include <tbb/enumerable_thread_specific.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "analysis/estimate/estimate.hpp"
#include "analysis/parallel_each.hpp"
#include "analysis/solver/search.hpp"
#include "analysis/training/exact_labels.hpp"
#include "core/rules.hpp"

namespace reversi::eval {

namespace {

constexpr int percent = 100;

// Game i's random stream: seeded from the seed and i alone, mixed (splitmix64) so that
// neighbouring games and seeds do not start from neighbouring states.
std::mt19937_64 game_stream(std::uint64_t seed, std::uint64_t game) {
  std::uint64_t z = seed * 0x9E3779B97F4A7C15ULL + game + 1;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return std::mt19937_64(z ^ (z >> 31));
}

// A number below n from the stream, the same on every platform (mt19937_64's sequence is fixed
// by the standard; the distributions of <random> are not).
std::size_t draw(std::mt19937_64& rng, std::size_t n) {
  return static_cast<std::size_t>(rng() % n);
}

Square random_move(const Rules& rules, const Position& p, std::mt19937_64& rng) {
  std::vector<Square> legal;
  for_each_square(rules.legal_moves(p), [&](int sq) { legal.push_back(sq); });
  return legal[draw(rng, legal.size())];
}

// One game's engines, one set per thread.
struct Engines {
  Estimator estimator;
  Solver solver;
  explicit Engines(std::size_t hash_mb) : solver(hash_mb) {}
};

class GamePlayer {
 public:
  GamePlayer(const SelfPlayRequest& request, Engines& engines, std::uint64_t game)
      : request_(request), engines_(engines), rng_(game_stream(request.seed, game)) {}

  PlayedGames play() {
    Position p = opening();
    std::vector<std::size_t> to_solve;  // indices of positions in the exact zone
    while (!rules_.game_over(p)) {
      if (stopped()) return stopped_game();
      if (!rules_.has_move(p)) {
        p = rules_.pass(p);
        continue;
      }
      const bool exact = rules_.empties(p) <= request_.exact_empties;
      const EstimateResult r = estimate(p, exact);
      PlayedPosition kept{static_cast<Bits64>(p.player), static_cast<Bits64>(p.opponent), 0, 0};
      if (exact) {
        to_solve.push_back(out_.positions.size());
      } else {
        kept.label = discs(r.value);
        kept.depth = static_cast<std::uint8_t>(r.depth);
      }
      out_.positions.push_back(kept);
      p = rules_.play(p, choose(p, r.best_moves));
    }
    // From the end back: the solver's table, filled by the later positions, helps the earlier.
    for (std::size_t i = to_solve.size(); i-- > 0;) {
      PlayedPosition& s = out_.positions[to_solve[i]];
      const SolveResult r = solve_label(engines_.solver, rules_, s.player, s.opponent,
                                        request_.stop, request_.patterns);
      if (!r.complete) return stopped_game();
      s.label = static_cast<std::int8_t>(r.value);
      out_.solver_nodes += r.nodes;
      ++out_.exact;
    }
    out_.games = 1;
    return std::move(out_);
  }

 private:
  bool stopped() const { return request_.stop != nullptr && request_.stop->load(); }
  PlayedGames stopped_game() {
    out_.complete = false;
    return std::move(out_);
  }

  Position opening() {
    Position p = rules_.initial();
    if (!request_.openings.empty())
      for (const Square sq : request_.openings[draw(rng_, request_.openings.size())])
        p = rules_.play(p, sq);
    for (int ply = 0; ply < request_.random_plies && !rules_.game_over(p); ++ply)
      p = rules_.has_move(p) ? rules_.play(p, random_move(rules_, p, rng_)) : rules_.pass(p);
    return p;
  }

  EstimateResult estimate(const Position& p, bool exact_zone) {
    EstimateRequest e =
        exact_zone ? EstimateRequest{.rules = rules_, .root = p, .depth = request_.move_depth}
                   : annotation_estimate(rules_, p, request_.label_depth, request_.selectivity);
    e.patterns = request_.patterns;
    e.stop = request_.stop;
    EstimateResult r = engines_.estimator.estimate(e);
    out_.search_nodes += r.nodes;
    return r;
  }

  Square choose(const Position& p, const std::vector<Square>& best) {
    // Drawn first in every case, so that each turn takes as many numbers from the stream.
    const bool random =
        draw(rng_, percent) < static_cast<std::size_t>(request_.random_move_percent);
    if (random || best.empty()) return random_move(rules_, p, rng_);
    return best[draw(rng_, best.size())];
  }

  std::int8_t discs(int units) const {
    const long d = std::lround(static_cast<double>(units) / estimate_units_per_disc);
    return static_cast<std::int8_t>(std::clamp(d, -max_margin, max_margin));
  }

  static constexpr long max_margin = 64;
  const SelfPlayRequest& request_;
  Engines& engines_;
  const Rules rules_{8};
  std::mt19937_64 rng_;
  PlayedGames out_;
};

}  // namespace

void PlayedGames::append(const PlayedGames& later) {
  positions.insert(positions.end(), later.positions.begin(), later.positions.end());
  games += later.games;
  exact += later.exact;
  search_nodes += later.search_nodes;
  solver_nodes += later.solver_nodes;
  complete = complete && later.complete;
}

PlayedGames play_games(const SelfPlayRequest& request, std::uint64_t first_game, int count) {
  std::vector<PlayedGames> games(static_cast<std::size_t>(std::max(0, count)));
  tbb::enumerable_thread_specific<Engines> engines([&] { return Engines(request.hash_mb); });
  tbb::task_arena arena(std::max(1, request.threads));
  arena.execute([&] {
    parallel_each(games.size(), [&](std::size_t i) {
      games[i] = GamePlayer(request, engines.local(), first_game + i).play();
    });
  });
  PlayedGames out;
  for (const PlayedGames& g : games) out.append(g);
  return out;
}

}  // namespace reversi::eval
