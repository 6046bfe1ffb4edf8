// The positions file: labelled training positions, compact and versioned.
//
//   line 1   "reversi positions 1" (the format and its version)
//   line 2   what made the file (free text, one line)
//   8 bytes  the number of positions, little-endian
//   then per position 18 bytes: the mover's discs and the other side's (8 bytes each,
//   little-endian, bit 8 * row + column), the label (signed byte, final margin in discs for the
//   mover) and the depth of the search behind it (0: exact).
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/training/self_play.hpp"

namespace reversi::eval {

inline constexpr std::string_view positions_file_magic = "reversi positions 1";

// A file that is not a positions file, or a damaged one: the message names the file and, for a
// bad position, its number (from 1).
class PositionsFileError : public std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The records alone, as work units pass them around.
std::string encode_positions(const std::vector<PlayedPosition>& positions);
// Throws PositionsFileError naming `what` when the bytes are not whole, valid records.
std::vector<PlayedPosition> decode_positions(std::string_view bytes, const std::string& what);

struct PositionsFile {
  std::string about;
  std::vector<PlayedPosition> positions;
};

// Written to a temporary file beside `path` and renamed: never left half-written.
void write_positions_file(const std::string& path, const PositionsFile& file);
PositionsFile read_positions_file(const std::string& path);

}  // namespace reversi::eval
