// The pattern evaluation of 8x8 and 6x6 positions, as strong engines do it: the configuration of
// each edge, corner region, diagonal and line is looked up in a table of weights learned from
// games, one set of tables per game phase.
//
// A shape is a sequence of squares (the edge with its two X-squares, a corner's 3x3 or 2x5
// region, a row, a diagonal). Its images under the eight symmetries of the board share one
// table, and configurations that a symmetry fixing the shape maps onto each other share one
// weight, so the evaluation is the same on all eight images of a position by construction.
// A configuration is read as a base-3 number, one digit per square in the shape's order:
// 0 empty, 1 the mover's disc, 2 the other side's.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/bits.hpp"

namespace reversi::eval {

// The 8x8 set's phases (PatternSet::phase is the general form).
inline constexpr int phase_count = 15;
inline constexpr int empties_per_phase = 4;
// Four empties a phase: 1-4 empties is phase 0, 57-60 is phase 14.
constexpr int phase_of(int empties, int phases = phase_count) {
  const int p = (empties - 1) / empties_per_phase;
  return p < 0 ? 0 : (p >= phases ? phases - 1 : p);
}
// The 6x6 set's phases: 1-4 empties is phase 0, 29-32 (the start) is phase 7.
inline constexpr int small_phase_count = 8;

// Mobility counts at or above this share the last weight.
inline constexpr int mobility_cap = 32;

// 8x8 positions also read whole-board counts that no shape sees: each side's potential mobility
// (empty squares next to the other side's discs, capped), the disc difference, where the
// position's empties lie within its phase (parity: who plays last), and how many of the four
// quadrants hold an odd number of empties (where the last moves fall).
inline constexpr int frontier_cap = 40;
inline constexpr int disc_difference_weights = 2 * 64 + 1;
inline constexpr int odd_quadrant_weights = 5;
inline constexpr int board_feature_count = 5;
inline constexpr int board_feature_weights =
    2 * (frontier_cap + 1) + disc_difference_weights + empties_per_phase + odd_quadrant_weights;

// The squares next to those of `x` on the 8x8 board (not `x` itself unless next to another).
inline Bits64 neighbours_8x8(Bits64 x) {
  constexpr Bits64 not_first_column = 0xfefefefefefefefeULL;
  constexpr Bits64 not_last_column = 0x7f7f7f7f7f7f7f7fULL;
  return (x << 8) | (x >> 8) | (((x << 1) | (x << 9) | (x >> 7)) & not_first_column) |
         (((x >> 1) | (x >> 9) | (x << 7)) & not_last_column);
}

// How many of the four 4x4 quadrants hold an odd number of `empty`'s squares: each quadrant's
// parity folded into its first square by exclusive or, four columns then four rows at once.
inline int odd_quadrants_8x8(Bits64 empty) {
  Bits64 x = empty ^ (empty >> 1);
  x ^= x >> 2;
  x ^= x >> 8;
  x ^= x >> 16;
  constexpr Bits64 first_squares = 0x0000001100000011ULL;  // a1, e1, a5, e5
  return popcount(x & first_squares);
}

// The weight of each board feature of an 8x8 position, relative to the features' first weight.
// `empties` is popcount(empty), which the caller has already counted for the phase.
inline std::array<std::uint32_t, board_feature_count> board_feature_indices(Bits64 p, Bits64 o,
                                                                            Bits64 empty,
                                                                            int empties) {
  const int mine = std::min(popcount(neighbours_8x8(o) & empty), frontier_cap);
  const int theirs = std::min(popcount(neighbours_8x8(p) & empty), frontier_cap);
  const int difference = popcount(p) - popcount(o) + 64;
  const int within_phase =
      empties == 0 ? 0 : static_cast<int>(static_cast<unsigned>(empties - 1) % empties_per_phase);
  const int odd_quadrants = odd_quadrants_8x8(empty);
  constexpr std::uint32_t theirs_at = frontier_cap + 1;
  constexpr std::uint32_t difference_at = 2 * theirs_at;
  constexpr std::uint32_t parity_at = difference_at + disc_difference_weights;
  constexpr std::uint32_t quadrants_at = parity_at + empties_per_phase;
  return {static_cast<std::uint32_t>(mine), theirs_at + static_cast<std::uint32_t>(theirs),
          difference_at + static_cast<std::uint32_t>(difference),
          parity_at + static_cast<std::uint32_t>(within_phase),
          quadrants_at + static_cast<std::uint32_t>(odd_quadrants)};
}

// The base-3 configuration of the squares under `mask`, given the digit each of their bit
// patterns stands for (an Image's `digits`): mover's discs 1, the other side's 2.
inline std::uint32_t configuration(const std::uint16_t* digits, Bits64 mask, Bits64 p, Bits64 o) {
  return static_cast<std::uint32_t>(digits[extract_bits(p, mask)]) +
         2u * digits[extract_bits(o, mask)];
}

struct Shape {
  std::string name;
  std::vector<int> squares;  // bit indices (row * 8 + col, also on 6x6), in digit order
  int configurations = 0;    // 3^squares
  // Per configuration, its class under the symmetries that fix the shape (dense, from 0).
  std::vector<std::uint32_t> class_of;
  int classes = 0;
};

// One symmetric image of a shape on the board, ready for lookup.
struct Image {
  int shape = 0;
  Bits64 mask = 0;
  // For the mask's squares read lowest first as bits, the base-3 digits they stand for.
  std::vector<std::uint16_t> digits;
};

class PatternSet {
 public:
  // The fixed sets of shapes, 8x8 and 6x6; changing one changes its weights file's layout.
  static const PatternSet& standard();
  static const PatternSet& small();
  // The set for a board size (8 or 6; throws std::invalid_argument otherwise).
  static const PatternSet& of_size(int size);

  int size() const { return size_; }
  // The board's squares: the empties are these minus the discs.
  Bits64 playable() const { return playable_; }
  int phases() const { return phases_; }
  int phase(int empties) const { return phase_of(empties, phases_); }

  const std::vector<Shape>& shapes() const { return shapes_; }
  const std::vector<Image>& images() const { return images_; }
  // Weights per phase: each shape's classes in shape order, then the mobility weights of the
  // mover (mobility_cap + 1), of the other side (mobility_cap + 1), on 8x8 the board features'
  // (board_feature_weights), then a constant.
  int weights_per_phase() const { return weights_per_phase_; }
  int shape_offset(int shape) const { return shape_offset_[static_cast<std::size_t>(shape)]; }
  int mobility_offset() const { return mobility_offset_; }
  bool has_board_features() const { return size_ == 8; }
  int board_features_offset() const { return mobility_offset_ + 2 * (mobility_cap + 1); }
  int bias_offset() const { return weights_per_phase_ - 1; }

  // The configuration index of an image in a position (mover's discs `p`).
  static std::uint32_t index(const Image& image, Bits64 p, Bits64 o) {
    return configuration(image.digits.data(), image.mask, p, o);
  }

 private:
  explicit PatternSet(int size);
  int size_ = 8;
  Bits64 playable_ = ~Bits64{0};
  int phases_ = phase_count;
  std::vector<Shape> shapes_;
  std::vector<Image> images_;
  std::vector<int> shape_offset_;
  int mobility_offset_ = 0;
  int weights_per_phase_ = 0;
};

// The features one position activates: a weight index per image, the two mobility weights and
// the constant. Training and evaluation read positions through this one function; the
// position's squares must lie on the set's board.
struct ActiveWeights {
  std::array<std::uint32_t, 64> index{};  // within the phase's weights
  int count = 0;
};
ActiveWeights active_weights(const PatternSet& set, Bits64 p, Bits64 o);

}  // namespace reversi::eval
