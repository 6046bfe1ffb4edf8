// Learning the pattern weights from games: labelled positions in, weights and losses out.
//
// Each phase is a separate ridge regression (least squares with a penalty on the size of the
// weights), solved by conjugate gradients with a diagonal preconditioner. The phases are
// independent, so they are trained in parallel and the result does not depend on the number of
// threads: the same samples in the same order give the same weights, bit for bit.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "analysis/eval/weights.hpp"
#include "core/bits.hpp"
#include "core/game.hpp"

namespace reversi::eval {

struct Sample {
  Bits64 player = 0;
  Bits64 opponent = 0;
  std::int8_t target = 0;  // the label: a final margin for the mover, in discs
};

// What a game record says about the value of its positions, from dark's side.
struct GameLabels {
  int final_margin = 0;                   // dark's final margin, winner takes empties
  std::optional<int> theoretical_margin;  // dark's margin with perfect play from ...
  int theoretical_empties = 0;            // ... the position with this many empties
  int solved_empties = 0;                 // positions with at most this many go to the solver
  int backed_up_empties = 0;              // positions up to this many go to a search (see below)
};

// A game's positions where the mover has a move, by where their labels come from.
struct GameSamples {
  // From the record: positions with at least `theoretical_empties` empties take the theoretical
  // margin when the record has one (errors made after it do not blur the label), the others
  // that neither the solver nor a search takes get the final margin.
  std::vector<Sample> labelled;
  std::size_t final_results = 0;  // how many of `labelled` carry the final margin
  // Unlabelled, in the order played: at most `solved_empties` empties, for label_exactly
  // (analysis/training/exact_labels.hpp) ...
  std::vector<Sample> to_solve;
  // ... and above that, up to `backed_up_empties` and below the theoretical score's depth, for
  // back_up_phase (analysis/training/backed_up_labels.hpp).
  std::vector<Sample> to_back_up;
};

GameSamples game_samples(const Replay& replay, const GameLabels& labels);
// Every position labelled from the record alone (theoretical or final margin).
void add_game_samples(const Replay& replay, const GameLabels& labels, std::vector<Sample>& out);

struct TrainRequest {
  int iterations = 100;  // conjugate-gradient steps per phase
  double ridge = 16.0;   // penalty per weight, in the units of one sample's squared error
};

struct PhaseLoss {
  int phase = 0;
  std::size_t train_count = 0;
  std::size_t valid_count = 0;
  double train_mae = 0;  // mean absolute error, discs
  double valid_mae = 0;
  double train_rmse = 0;
  double valid_rmse = 0;
};

struct TrainResult {
  Weights weights;
  std::vector<PhaseLoss> phases;
};

// The 8x8 weights.
TrainResult train(const std::vector<Sample>& train_set, const std::vector<Sample>& valid_set,
                  const TrainRequest& request);
// The weights of any game with a pattern set; a phase without samples gets zero weights.
TrainResult train(WeightsGame game, const std::vector<Sample>& train_set,
                  const std::vector<Sample>& valid_set, const TrainRequest& request);

}  // namespace reversi::eval
