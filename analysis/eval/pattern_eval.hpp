// Evaluates 8x8 or 6x6 positions with learned pattern weights: a table lookup per symmetric image
// of every shape, the two sides' mobility and a constant, from the weights of the position's
// phase.
#pragma once

#include <cstdint>
#include <vector>

#include "analysis/eval/patterns.hpp"
#include "analysis/eval/weights.hpp"

namespace reversi::eval {

class PatternEvaluator {
 public:
  // Expands each shape's class weights to one entry per configuration, for plain lookups.
  explicit PatternEvaluator(const Weights& weights);

  // The estimated final margin for the mover (discs `p`), in hundredths of a disc, of a
  // position with a move for at least one side.
  int evaluate(Bits64 p, Bits64 o) const;

  // The game the weights were learnt for, and so the board and rules this evaluates.
  WeightsGame game() const { return game_; }

 private:
  const PatternSet& set_;
  WeightsGame game_;
  int units_cap_ = 0;
  std::vector<std::uint32_t> image_base_;  // per image, its shape's table start within a phase
  std::size_t per_phase_ = 0;
  std::size_t mobility_at_ = 0;
  std::vector<std::int16_t> table_;  // phases * per_phase_
};

}  // namespace reversi::eval
