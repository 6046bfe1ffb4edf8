// Evaluates 8x8 or 6x6 positions with learned pattern weights: a table lookup per symmetric image
// of every shape, the two sides' mobility and a constant, from the weights of the position's
// phase.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

#include "analysis/eval/patterns.hpp"
#include "analysis/eval/weights.hpp"
#include "analysis/huge_pages.hpp"

namespace reversi::eval {

// Room for every image of the larger set (46 on 8x8), a whole number of 256-bit vectors.
inline constexpr int max_images = 48;
using ImageLanes = std::array<std::uint16_t, max_images>;

// Per image, the base-3 configuration index of a position read from each side: `mover` counts
// the mover's discs as 1 and the other side's as 2, `other` the reverse. A move changes both by
// additions only, so a search keeps them from parent to child instead of reading the board at
// every leaf (PatternEvaluator::after_move).
struct PatternIndices {
  alignas(32) ImageLanes mover;
  alignas(32) ImageLanes other;
};

class PatternEvaluator {
 public:
  // Expands each shape's class weights to one entry per configuration, for plain lookups, a
  // phase when it is first evaluated (a small solve needs two or three of the fifteen).
  explicit PatternEvaluator(const Weights& weights);
  // The same from a file's bytes in place (the weights built into the binary), which must
  // outlive the evaluator.
  explicit PatternEvaluator(const WeightsView& weights);
  PatternEvaluator(const PatternEvaluator&) = delete;
  PatternEvaluator& operator=(const PatternEvaluator&) = delete;

  // The estimated final margin for the mover (discs `p`), in hundredths of a disc, of a
  // position with a move for at least one side.
  int evaluate(Bits64 p, Bits64 o) const;
  // The same with the two sides' move counts already known, as a search's leaves know them
  // (under a limited disc supply, the moves the rules allow).
  int evaluate(Bits64 p, Bits64 o, int my_moves, int their_moves) const;
  // The same from indices kept move by move; equal to the above for the same position.
  int evaluate(const ImageLanes& mover_indices, Bits64 p, Bits64 o, int my_moves,
               int their_moves) const;

  // The indices of a position, read from the board.
  PatternIndices indices(Bits64 p, Bits64 o) const;
  // The child's indices after the mover plays `square` and flips `flipped` (the child's mover
  // is the other side).
  PatternIndices after_move(const PatternIndices& parent, int square, Bits64 flipped) const;
  // Only the child's `mover` reading: all a leaf's evaluation needs.
  ImageLanes mover_after_move(const PatternIndices& parent, int square, Bits64 flipped) const;
  // The indices after a pass: the same board read from the other side.
  static PatternIndices after_pass(const PatternIndices& parent) {
    return {parent.other, parent.mover};
  }

  // The game the weights were learnt for, and so the board and rules this evaluates.
  WeightsGame game() const { return game_; }

 private:
  const PatternSet& set_;
  WeightsGame game_;
  int units_cap_ = 0;
  // Per image, in one flat array so the lookups stay in cache: its squares and where its digit
  // table starts in digits_ (where its weights start is in bases_).
  struct Lookup {
    Bits64 mask = 0;
    std::uint32_t digits_at = 0;
  };
  std::vector<Lookup> lookups_;
  std::vector<std::uint16_t> digits_;
  // Per square, per image, the place value 3^k of the square's digit (0 off the image); after
  // the 64 squares, an entry of zeros.
  struct alignas(32) SquareLanes {
    ImageLanes lanes{};
  };
  static constexpr std::size_t zero_lanes = 64;
  std::vector<SquareLanes> place_values_;
  ImageLanes place_value_sum(Bits64 squares) const;
  // Per image lane, where its shape's weights start within a phase (for the board reading and
  // the gathers alike); the spare lanes point at a zero weight kept at the end of each phase.
  alignas(32) std::array<std::uint32_t, max_images> bases_{};
  std::size_t per_phase_ = 0;
  std::size_t mobility_at_ = 0;
  HugePages<std::int16_t> table_;  // phases * per_phase_, and a spare entry
  // The class weights the table's phases are expanded from: a file's bytes in place, or a copy
  // of given weights in the same form.
  std::string owned_bytes_;
  WeightsView source_;
  // Which phases are expanded: read without a lock, set under it once a phase is filled.
  static constexpr std::size_t max_phases = 16;
  mutable std::array<std::atomic<bool>, max_phases> expanded_{};
  mutable std::mutex expanding_;

  PatternEvaluator(WeightsGame game, const WeightsView& source);
  // Fills one phase of the expanded table from the class weights.
  void expand_phase(std::size_t phase) const;

  // The expanded weights of the phase a position with `empties` empty squares is in.
  const std::int16_t* weights_for(int empties) const;
  int pattern_sum(const ImageLanes& indices, const std::int16_t* w) const;
  int add_non_pattern_terms(int sum, const std::int16_t* w, Bits64 p, Bits64 o, Bits64 empty,
                            int empties, int my_moves, int their_moves) const;
};

}  // namespace reversi::eval
