// A puzzle's difficulty, read from the position: how a shallow search sees the answer, how many
// moves look as good, how many moves there are, and how far behind the other moves fall. The
// rating is the share of tournament players expected to miss the answer, in percent, from a
// logistic model fitted on the tournament games of WTHOR.
#pragma once

#include <atomic>
#include <vector>

#include "analysis/estimate/estimate.hpp"
#include "analysis/solver/search.hpp"
#include "core/rules.hpp"

namespace reversi {

struct PuzzleFeatures {
  int sure_depth = 0;        // the shallowest estimate depth from which the answer is best alone
  int first_sight_loss = 0;  // discs the answer seems to lose at depth 1 (0 when best), at most 9
  int rivals = 0;            // other moves that look within a disc of the answer at depth 1
  int moves = 0;             // legal moves
  int empties = 0;
  int gap = 0;  // discs the second-best move loses against the answer (exact), at most 20
};

// The deepest estimate the rating tries: a move still not preferred there rates as one deeper.
inline constexpr int max_rating_depth = 8;
inline constexpr int lowest_rating = 1;
inline constexpr int highest_rating = 99;

struct RatingRequest {
  const std::atomic<bool>* stop = nullptr;
  const eval::PatternEvaluator* patterns = nullptr;
};

// The features of a proven puzzle: `scores` is every legal move's exact value, best first.
PuzzleFeatures puzzle_features(Estimator& estimator, const Rules& rules, const Position& p,
                               const std::vector<MoveValue>& scores, const RatingRequest& request);

// The expected percentage of players who miss the answer, lowest_rating to highest_rating.
int puzzle_rating(const PuzzleFeatures& f);

}  // namespace reversi
