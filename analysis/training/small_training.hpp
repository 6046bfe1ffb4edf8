// Learning the 6x6 pattern weights inside the project, from games it plays itself: random games
// from the standard start, positions near the end labelled by the exact solver, the earlier ones
// by a search down to the phases already fitted (backed-up labels), fitted phase by phase from
// the end of the game back to its start.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "analysis/training/training.hpp"
#include "core/rules.hpp"

namespace reversi::eval {

struct SmallTrainRequest {
  WeightsGame game = WeightsGame::standard_6x6;
  int games = 4000;
  std::uint64_t seed = 1;
  // Positions with at most this many empties take their exact value from the solver.
  int solve_empties = 16;
  // The deepest search that backs up a label from the phases below.
  int backup_depth = 6;
  // One game in this many is held out for validation.
  int holdout_every = 10;
  int threads = 2;
  TrainRequest fit;
  // One line about each step, one call at a time.
  std::function<void(const std::string&)> on_progress;
  const std::atomic<bool>* stop = nullptr;
};

struct SmallTrainResult {
  TrainResult fit;
  std::size_t exact_labels = 0;
  std::size_t backed_up_labels = 0;
  std::uint64_t solver_nodes = 0;
  std::uint64_t search_nodes = 0;
  bool complete = true;  // false when stopped: the weights are then not to be used
};

// The rules of a 6x6 weights game.
Rules rules_of(WeightsGame game);

// The positions with a move of `games` random games (uniform over the legal moves) from the
// start, game by game, in the order played; the same for the same seed on every platform.
// Stops early (fewer games) once `stop` is set.
std::vector<std::vector<Position>> random_games(const Rules& rules, int games, std::uint64_t seed,
                                                const std::atomic<bool>* stop = nullptr);

// The whole pipeline; the weights depend only on the request, never on the number of threads.
SmallTrainResult train_small(const SmallTrainRequest& request);

}  // namespace reversi::eval
