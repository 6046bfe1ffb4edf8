// Board sizes, square indices and the eight symmetries of the square board.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>

#include "core/bits.hpp"

namespace reversi {

// A square is a bit index: row * stride + col, with stride 8 up to 8x8 and 10 on 10x10.
using Square = int;
inline constexpr Square no_square = -1;

class Geometry {
 public:
  static constexpr std::array<int, 4> supported_sizes{4, 6, 8, 10};
  static bool is_supported(int size);

  explicit Geometry(int size = 8);

  int size() const { return size_; }
  int stride() const { return stride_; }
  int cells() const { return size_ * size_; }
  // True when positions fit the 64-bit kernel.
  bool narrow() const { return stride_ == 8; }

  Square square(int row, int col) const { return row * stride_ + col; }
  int row(Square sq) const { return sq / stride_; }
  int col(Square sq) const { return sq % stride_; }
  bool on_board(int row, int col) const {
    return row >= 0 && row < size_ && col >= 0 && col < size_;
  }
  bool contains(Square sq) const { return sq >= 0 && sq < stride_ * size_ && col(sq) < size_; }
  // Every square of the board, holes included.
  Bits squares() const { return squares_; }
  // The four centre squares.
  Bits centre() const;

  // "d3": column letter then row number, 1-based.
  std::string name(Square sq) const;
  // Accepts "d3", "D3", "j10"; on 8x8 also the square numbers "1".."64". Nothing else.
  std::optional<Square> parse(std::string_view text) const;
  // 1..N*N, row by row (a1 = 1).
  int number(Square sq) const { return row(sq) * size_ + col(sq) + 1; }

  // Symmetry s in 0..7: bit 0 mirrors columns, bit 1 mirrors rows, bit 2 transposes first.
  Square transform(Square sq, int symmetry) const;
  Bits transform(Bits set, int symmetry) const;

  std::string list(Bits set) const;

 private:
  int size_;
  int stride_;
  Bits squares_ = 0;
};

inline constexpr int symmetry_count = 8;

}  // namespace reversi
