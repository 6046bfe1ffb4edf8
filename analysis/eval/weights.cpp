#include "analysis/eval/weights.hpp"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

#include "analysis/eval/patterns.hpp"

namespace reversi::eval {

namespace {

constexpr char magic[8] = {'R', 'V', 'S', 'I', 'P', 'A', 'T', 'W'};

std::uint32_t read_u32(std::string_view b, std::size_t at) {
  std::uint32_t v = 0;
  for (std::size_t i = 0; i < 4; ++i)
    v |= static_cast<std::uint32_t>(static_cast<unsigned char>(b[at + i])) << (8 * i);
  return v;
}

std::uint64_t read_u64(std::string_view b, std::size_t at) {
  return static_cast<std::uint64_t>(read_u32(b, at)) |
         static_cast<std::uint64_t>(read_u32(b, at + 4)) << 32;
}

void put_u32(std::string& out, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) out += static_cast<char>((v >> (8 * i)) & 0xFF);
}

void put_u64(std::string& out, std::uint64_t v) {
  put_u32(out, static_cast<std::uint32_t>(v));
  put_u32(out, static_cast<std::uint32_t>(v >> 32));
}

}  // namespace

int board_size(WeightsGame game) {
  return game == WeightsGame::standard_8x8 ? 8 : 6;
}

bool is_anti(WeightsGame game) {
  return game == WeightsGame::anti_6x6;
}

std::string game_name(WeightsGame game) {
  switch (game) {
    case WeightsGame::standard_8x8:
      return "8x8";
    case WeightsGame::standard_6x6:
      return "6x6";
    case WeightsGame::anti_6x6:
      return "6x6 anti";
  }
  return "unknown";
}

std::uint64_t fnv1a64(std::string_view bytes) {
  std::uint64_t h = 0xCBF29CE484222325ull;
  for (char c : bytes) {
    h ^= static_cast<unsigned char>(c);
    h *= 0x100000001B3ull;
  }
  return h;
}

WeightsView view_weights(std::string_view bytes, const std::string& name, Checksum checksum) {
  const auto fail = [&](const std::string& why) -> WeightsError {
    return WeightsError("weights file " + name + ": " + why);
  };
  if (bytes.size() < weights_header_bytes || bytes.substr(0, 8) != std::string_view(magic, 8))
    throw fail("not a reversi weights file (no RVSIPATW header)");
  const std::uint32_t version = read_u32(bytes, 8);
  if (version != weights_format_version)
    throw fail("format version " + std::to_string(version) + ", this build reads version " +
               std::to_string(weights_format_version));
  const std::uint32_t game = read_u32(bytes, 20);
  if (game >= weights_game_count)
    throw fail("game " + std::to_string(game) + " is unknown to this build");
  WeightsView w;
  w.game = static_cast<WeightsGame>(game);
  const PatternSet& set = PatternSet::of_size(board_size(w.game));
  w.phases = static_cast<int>(read_u32(bytes, 12));
  w.per_phase = static_cast<int>(read_u32(bytes, 16));
  if (w.phases != set.phases() || w.per_phase != set.weights_per_phase())
    throw fail("layout " + std::to_string(w.phases) + " x " + std::to_string(w.per_phase) +
               " does not match this build's " + game_name(w.game) + " patterns (" +
               std::to_string(set.phases()) + " x " + std::to_string(set.weights_per_phase()) +
               ")");
  const std::size_t count =
      static_cast<std::size_t>(w.phases) * static_cast<std::size_t>(w.per_phase);
  const std::size_t expected = weights_header_bytes + 2 * count;
  if (bytes.size() != expected)
    throw fail("wrong size: " + std::to_string(bytes.size()) + " bytes, expected " +
               std::to_string(expected));
  w.payload = bytes.substr(weights_header_bytes);
  if (checksum == Checksum::verify && fnv1a64(w.payload) != read_u64(bytes, 24))
    throw fail("checksum mismatch: the file is corrupt");
  return w;
}

WeightsView view_weights(std::string_view bytes, const std::string& name, WeightsGame game,
                         Checksum checksum) {
  const WeightsView w = view_weights(bytes, name, checksum);
  if (w.game != game)
    throw WeightsError("weights file " + name + ": made for " + game_name(w.game) +
                       " games, not for " + game_name(game));
  return w;
}

namespace {

Weights copied(const WeightsView& view) {
  Weights w;
  w.phases = view.phases;
  w.per_phase = view.per_phase;
  w.game = view.game;
  const std::size_t count = view.payload.size() / 2;
  w.values.reserve(count);
  for (std::size_t i = 0; i < count; ++i) w.values.push_back(view[i]);
  return w;
}

}  // namespace

Weights parse_weights(std::string_view bytes, const std::string& name, Checksum checksum) {
  return copied(view_weights(bytes, name, checksum));
}

Weights parse_weights(std::string_view bytes, const std::string& name, WeightsGame game,
                      Checksum checksum) {
  return copied(view_weights(bytes, name, game, checksum));
}

std::string weights_payload(const std::vector<std::int16_t>& values) {
  std::string payload;
  payload.reserve(2 * values.size());
  for (const std::int16_t v : values) {
    const auto u = static_cast<std::uint16_t>(v);
    payload += static_cast<char>(u & 0xFF);
    payload += static_cast<char>(u >> 8);
  }
  return payload;
}

std::string serialize_weights(const Weights& weights) {
  const std::string payload = weights_payload(weights.values);
  std::string out(magic, 8);
  put_u32(out, weights_format_version);
  put_u32(out, static_cast<std::uint32_t>(weights.phases));
  put_u32(out, static_cast<std::uint32_t>(weights.per_phase));
  put_u32(out, static_cast<std::uint32_t>(weights.game));
  put_u64(out, fnv1a64(payload));
  return out + payload;
}

namespace {

std::string file_bytes(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw WeightsError("weights file " + path + ": is a directory, not a file");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw WeightsError("weights file " + path + ": cannot be opened");
  std::ostringstream bytes;
  // A read error (a device, a file that vanished) ends the stream; it is reported, not thrown.
  bytes << in.rdbuf();
  if (in.bad()) throw WeightsError("weights file " + path + ": cannot be read");
  return std::move(bytes).str();
}

}  // namespace

Weights read_weights_file(const std::string& path) {
  return parse_weights(file_bytes(path), path);
}

Weights read_weights_file(const std::string& path, WeightsGame game) {
  return parse_weights(file_bytes(path), path, game);
}

void write_weights_file(const Weights& weights, const std::string& path) {
  const std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    const std::string bytes = serialize_weights(weights);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    if (!out) throw WeightsError("weights file " + path + ": cannot be written");
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0)
    throw WeightsError("weights file " + path + ": cannot be renamed into place");
}

}  // namespace reversi::eval
