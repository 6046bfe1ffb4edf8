// Puzzles from real positions: the side to move has exactly one move that keeps the best result,
// and every other move loses at least a margin, all proven by the exact solver, then rated
// (analysis/puzzle/rating.hpp).
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "analysis/estimate/estimate.hpp"
#include "analysis/puzzle/rating.hpp"
#include "analysis/solver/search.hpp"
#include "core/rules.hpp"

namespace reversi {

// A position from a game, and what the player there did.
struct PuzzleCandidate {
  Position position;
  Square played = no_square;  // the move the game went on with
  std::string source;         // "FILE game N, move M"
};

struct UniquePuzzle {
  PuzzleCandidate from;
  Square answer = no_square;
  int value = 0;                  // exact, for the side to move
  std::vector<MoveValue> scores;  // every legal move's exact value, best first
  std::vector<Square> pv;         // the answer's principal variation, to the end
  PuzzleFeatures features;        // what the rating is read from
  int rating = 0;                 // players expected to miss the answer, in percent: higher, harder
  bool player_found() const { return from.played == answer; }
  std::uint64_t nodes = 0;
};

struct UniqueRequest {
  int margin = 4;  // every other move loses at least this many discs
  const std::atomic<bool>* stop = nullptr;
  const eval::PatternEvaluator* patterns = nullptr;
};

// Proves the candidate a puzzle (8x8 and the other sizes alike), or nullopt: fewer than two
// moves, more than one move within the margin of the best, or stopped. Values are the solver's;
// the tables of `solver` and `estimator` only change the work.
std::optional<UniquePuzzle> prove_unique(Solver& solver, Estimator& estimator, const Rules& rules,
                                         const PuzzleCandidate& candidate,
                                         const UniqueRequest& request);

// Re-proves a puzzle read back: the scores given must be every legal move's exact value and the
// best must be unique by the margin. Empty when it holds, else what is wrong.
std::string check_unique(Solver& solver, const Rules& rules, const Position& position,
                         const std::vector<MoveValue>& given, int margin,
                         const std::atomic<bool>* stop = nullptr);

}  // namespace reversi
