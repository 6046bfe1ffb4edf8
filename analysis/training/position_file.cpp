#include "analysis/training/position_file.hpp"

#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

namespace reversi::eval {

namespace {

constexpr std::size_t record_bytes = 18;
constexpr int max_label = 64;
constexpr int max_depth = 60;

void put_u64(std::string& out, std::uint64_t v) {
  for (int i = 0; i < 8; ++i) out.push_back(static_cast<char>((v >> (8 * i)) & 0xFF));
}

std::uint64_t get_u64(const char* at) {
  std::uint64_t v = 0;
  for (int i = 0; i < 8; ++i) v |= std::uint64_t{static_cast<unsigned char>(at[i])} << (8 * i);
  return v;
}

// Why a decoded position cannot be one, or nullptr.
const char* flaw(const PlayedPosition& p) {
  if ((p.player & p.opponent) != 0) return "a square holds discs of both sides";
  if (p.label < -max_label || p.label > max_label) return "the label is beyond 64 discs";
  if (p.depth > max_depth) return "the search depth is beyond 60";
  return nullptr;
}

}  // namespace

std::string encode_positions(const std::vector<PlayedPosition>& positions) {
  std::string out;
  out.reserve(positions.size() * record_bytes);
  for (const PlayedPosition& p : positions) {
    put_u64(out, p.player);
    put_u64(out, p.opponent);
    out.push_back(static_cast<char>(p.label));
    out.push_back(static_cast<char>(p.depth));
  }
  return out;
}

std::vector<PlayedPosition> decode_positions(std::string_view bytes, const std::string& what) {
  if (bytes.size() % record_bytes != 0)
    throw PositionsFileError(what + ": truncated (" + std::to_string(bytes.size()) +
                             " bytes of positions, not a multiple of 18)");
  std::vector<PlayedPosition> out(bytes.size() / record_bytes);
  for (std::size_t i = 0; i < out.size(); ++i) {
    const char* at = bytes.data() + i * record_bytes;
    PlayedPosition& p = out[i];
    p.player = get_u64(at);
    p.opponent = get_u64(at + 8);
    p.label = static_cast<std::int8_t>(at[16]);
    p.depth = static_cast<std::uint8_t>(at[17]);
    if (const char* why = flaw(p))
      throw PositionsFileError(what + ": position " + std::to_string(i + 1) + ": " + why);
  }
  return out;
}

void write_positions_file(const std::string& path, const PositionsFile& file) {
  if (file.about.find('\n') != std::string::npos)
    throw std::invalid_argument("positions file: the description must be one line");
  std::string out(positions_file_magic);
  out += "\n" + file.about + "\n";
  put_u64(out, file.positions.size());
  out += encode_positions(file.positions);
  const std::string temporary = path + ".tmp";
  {
    std::ofstream f(temporary, std::ios::binary | std::ios::trunc);
    f.write(out.data(), static_cast<std::streamsize>(out.size()));
    if (!f.flush()) {
      std::error_code ec;
      std::filesystem::remove(temporary, ec);
      throw PositionsFileError(path + ": cannot write");
    }
  }
  std::filesystem::rename(temporary, path);
}

PositionsFile read_positions_file(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) throw PositionsFileError(path + ": cannot read");
  const std::string bytes((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  const std::size_t magic_end = bytes.find('\n');
  if (magic_end == std::string::npos || bytes.compare(0, magic_end, positions_file_magic) != 0)
    throw PositionsFileError(path + ": not a positions file (it should start with \"" +
                             std::string(positions_file_magic) + "\")");
  const std::size_t about_end = bytes.find('\n', magic_end + 1);
  if (about_end == std::string::npos || bytes.size() < about_end + 1 + 8)
    throw PositionsFileError(path + ": truncated header");
  PositionsFile out;
  out.about = bytes.substr(magic_end + 1, about_end - magic_end - 1);
  const std::uint64_t count = get_u64(bytes.data() + about_end + 1);
  const std::string_view records = std::string_view(bytes).substr(about_end + 1 + 8);
  if (records.size() / record_bytes != count || records.size() % record_bytes != 0)
    throw PositionsFileError(path + ": the header counts " + std::to_string(count) +
                             " positions, the file holds " + std::to_string(records.size()) +
                             " bytes of them (truncated or damaged)");
  out.positions = decode_positions(records, path);
  return out;
}

}  // namespace reversi::eval
