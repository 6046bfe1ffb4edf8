// The learned weights of the pattern evaluation, and the file that ships them.
//
// The file is little-endian: the 8 bytes "RVSIPATW", u32 format version, u32 phases, u32 weights
// per phase, u32 game (WeightsGame: 0 for 8x8, the field once reserved as 0), u64 FNV-1a checksum
// of the payload, then the payload: every weight as an i16 in hundredths of a disc, phase by
// phase in PatternSet order.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace reversi::eval {

inline constexpr std::uint32_t weights_format_version = 1;
inline constexpr std::size_t weights_header_bytes = 32;

// The game a set of weights was learnt for: its board's pattern set and its rules.
enum class WeightsGame : std::uint32_t { standard_8x8 = 0, standard_6x6 = 1, anti_6x6 = 2 };
inline constexpr std::uint32_t weights_game_count = 3;
int board_size(WeightsGame game);
bool is_anti(WeightsGame game);
// "8x8", "6x6", "6x6 anti": for messages.
std::string game_name(WeightsGame game);

struct Weights {
  int phases = 0;
  int per_phase = 0;
  std::vector<std::int16_t> values;  // phases * per_phase, hundredths of a disc
  WeightsGame game = WeightsGame::standard_8x8;
  std::int16_t at(int phase, int index) const {
    return values[static_cast<std::size_t>(phase) * static_cast<std::size_t>(per_phase) +
                  static_cast<std::size_t>(index)];
  }
};

// A weights file that cannot be used: its message is one line naming the file and the reason.
struct WeightsError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

std::uint64_t fnv1a64(std::string_view bytes);

// Whether the payload's checksum is computed: always for a file; the weights built into the
// binary skip it at every start (a test checks theirs once), since it is most of the start-up.
enum class Checksum { verify, trust };

// A checked weights file read in place, its weights not copied: the weights built into the binary
// are expanded straight from its read-only bytes at every start (a copy was a fifth of a small
// solve's process).
struct WeightsView {
  int phases = 0;
  int per_phase = 0;
  WeightsGame game = WeightsGame::standard_8x8;
  std::string_view payload;  // phases * per_phase weights, each two bytes, little-endian
  // The i-th weight of the payload, phase by phase.
  std::int16_t operator[](std::size_t i) const {
    const auto lo = static_cast<unsigned char>(payload[2 * i]);
    const auto hi = static_cast<unsigned char>(payload[2 * i + 1]);
    return static_cast<std::int16_t>(static_cast<std::uint16_t>(lo | (hi << 8)));
  }
};

// Checks magic, version, game, layout against this build's PatternSet, size and checksum; the
// view reads `bytes`, which must outlive it.
WeightsView view_weights(std::string_view bytes, const std::string& name,
                         Checksum checksum = Checksum::verify);
WeightsView view_weights(std::string_view bytes, const std::string& name, WeightsGame game,
                         Checksum checksum = Checksum::verify);
// The same checks, and the weights copied out.
Weights parse_weights(std::string_view bytes, const std::string& name,
                      Checksum checksum = Checksum::verify);
// The same, and that the file is for `game` (a file for another game is refused by name).
Weights parse_weights(std::string_view bytes, const std::string& name, WeightsGame game,
                      Checksum checksum = Checksum::verify);
// The weights in the file's form, two little-endian bytes each (the payload a WeightsView reads).
std::string weights_payload(const std::vector<std::int16_t>& values);
std::string serialize_weights(const Weights& weights);
Weights read_weights_file(const std::string& path);
Weights read_weights_file(const std::string& path, WeightsGame game);
// Writes through a temporary file and a rename, so a reader never sees half a file.
void write_weights_file(const Weights& weights, const std::string& path);

}  // namespace reversi::eval
