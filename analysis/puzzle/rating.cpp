#include "analysis/puzzle/rating.hpp"

#include <algorithm>
#include <cmath>

namespace reversi {

namespace {

constexpr int max_first_sight_loss = 9;
constexpr int max_gap = 20;
// A rival looks at least this good at depth 1, in estimate units below the answer.
constexpr int rival_window = estimate_units_per_disc;

// Logistic weights of the chance that a player misses the answer, fitted by
// analysis/training/fit_puzzle_rating.py on 1,459 puzzles of WTHOR 1977-2000 (WTH_2019 held out).
constexpr double weight_bias = -2.424;
constexpr double weight_sure_depth = 0.146;
constexpr double weight_first_sight_loss = 0.052;
constexpr double weight_rivals = 0.102;
constexpr double weight_moves = -0.062;
constexpr double weight_empties = 0.091;
constexpr double weight_gap = -0.055;

EstimateResult estimate_at(Estimator& estimator, const Rules& rules, const Position& p, int depth,
                           Square wanted, const RatingRequest& r) {
  EstimateRequest req;
  req.rules = rules;
  req.root = p;
  req.depth = depth;
  req.wanted = wanted;
  req.stop = r.stop;
  req.patterns = r.patterns;
  return estimator.estimate(req);
}

// The shallowest depth from which every deeper estimate (to max_rating_depth) prefers the
// answer alone; max_rating_depth + 1 when even the deepest does not.
int sure_depth_of(Estimator& estimator, const Rules& rules, const Position& p, Square answer,
                  const RatingRequest& r) {
  for (int depth = max_rating_depth; depth >= 1; --depth) {
    const EstimateResult e = estimate_at(estimator, rules, p, depth, answer, r);
    if (e.best_moves != std::vector<Square>{answer}) return depth + 1;
  }
  return 1;
}

}  // namespace

PuzzleFeatures puzzle_features(Estimator& estimator, const Rules& rules, const Position& p,
                               const std::vector<MoveValue>& scores, const RatingRequest& request) {
  PuzzleFeatures f;
  const Square answer = scores.front().move;
  f.sure_depth = sure_depth_of(estimator, rules, p, answer, request);
  f.moves = static_cast<int>(scores.size());
  f.empties = rules.empties(p);
  f.gap = std::min(scores.front().value - scores[1].value, max_gap);
  // Depth 1 move by move: what the answer seems to lose, and which moves look as good.
  std::vector<int> seen;
  for (const MoveValue& m : scores) {
    const EstimateResult e = estimate_at(estimator, rules, p, 1, m.move, request);
    seen.push_back(e.wanted_value.value_or(e.value));
  }
  const int best_seen = *std::max_element(seen.begin(), seen.end());
  const double loss = static_cast<double>(best_seen - seen.front()) / estimate_units_per_disc;
  f.first_sight_loss = std::clamp(static_cast<int>(std::lround(loss)), 0, max_first_sight_loss);
  f.rivals = static_cast<int>(std::count_if(
      seen.begin() + 1, seen.end(), [&](int v) { return v >= seen.front() - rival_window; }));
  return f;
}

int puzzle_rating(const PuzzleFeatures& f) {
  const double z = weight_bias + weight_sure_depth * f.sure_depth +
                   weight_first_sight_loss * f.first_sight_loss + weight_rivals * f.rivals +
                   weight_moves * f.moves + weight_empties * f.empties + weight_gap * f.gap;
  const double miss = 1.0 / (1.0 + std::exp(-z));
  return std::clamp(static_cast<int>(std::lround(100.0 * miss)), lowest_rating, highest_rating);
}

}  // namespace reversi
