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
  // The same with the two sides' move counts already known, as a search's leaves know them
  // (under a limited disc supply, the moves the rules allow).
  int evaluate(Bits64 p, Bits64 o, int my_moves, int their_moves) const;

  // The game the weights were learnt for, and so the board and rules this evaluates.
  WeightsGame game() const { return game_; }

 private:
  const PatternSet& set_;
  WeightsGame game_;
  int units_cap_ = 0;
  // Per image, in one flat array so the lookups stay in cache: its squares, where its digit
  // table starts in digits_, and where its shape's weights start within a phase.
  struct Lookup {
    Bits64 mask = 0;
    std::uint32_t digits_at = 0;
    std::uint32_t base = 0;
  };
  std::vector<Lookup> lookups_;
  std::vector<std::uint16_t> digits_;
  std::size_t per_phase_ = 0;
  std::size_t mobility_at_ = 0;
  std::vector<std::int16_t> table_;  // phases * per_phase_
};

}  // namespace reversi::eval
