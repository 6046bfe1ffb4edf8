// The positions file: what is written is read back, and a damaged file is refused with the file
// and the position named.
#include "analysis/training/position_file.hpp"

#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

using namespace reversi::eval;
namespace fs = std::filesystem;

namespace {

struct TempFile {
  fs::path path;
  TempFile() {
    char pattern[] = "/tmp/reversi-positions-XXXXXX";
    const int fd = mkstemp(pattern);
    close(fd);
    path = pattern;
  }
  ~TempFile() {
    std::error_code ec;
    fs::remove(path, ec);
    fs::remove(path.string() + ".tmp", ec);
  }
};

PositionsFile sample_file() {
  return {"made by a test",
          {{0x0000000810000000ULL, 0x0000001008000000ULL, 0, 8},
           {0xFFULL, 0xFF00ULL, -64, 0},
           {1ULL << 63, 1ULL, 64, 60}}};
}

void overwrite(const fs::path& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}

std::string slurp(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::string error_of(const fs::path& path) {
  try {
    read_positions_file(path.string());
  } catch (const PositionsFileError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("A positions file reads back what was written, and no temporary file is left",
          "[eval][training]") {
  TempFile f;
  write_positions_file(f.path.string(), sample_file());
  const PositionsFile back = read_positions_file(f.path.string());
  CHECK(back.about == "made by a test");
  CHECK(back.positions == sample_file().positions);
  CHECK_FALSE(fs::exists(f.path.string() + ".tmp"));
  // 20 + 15 bytes of header lines, the count, 18 bytes a position.
  CHECK(fs::file_size(f.path) == 20 + 15 + 8 + 3 * 18);
}

TEST_CASE("A damaged positions file is refused with the file and the position named",
          "[eval][training]") {
  TempFile f;
  write_positions_file(f.path.string(), sample_file());
  const std::string good = slurp(f.path);

  overwrite(f.path, "reversi weights 1\n" + good.substr(20));
  CHECK(error_of(f.path).find(f.path.string() + ": not a positions file") != std::string::npos);

  overwrite(f.path, good.substr(0, good.size() - 5));
  CHECK(error_of(f.path).find("truncated or damaged") != std::string::npos);

  std::string both_sides = good;
  // The third position's opponent also on its player's square h8.
  both_sides[good.size() - 18 + 15] = static_cast<char>(0x80);
  overwrite(f.path, both_sides);
  CHECK(error_of(f.path) == f.path.string() + ": position 3: a square holds discs of both sides");

  std::string big_label = good;
  big_label[good.size() - 2 * 18 + 16] = 65;
  overwrite(f.path, big_label);
  CHECK(error_of(f.path) == f.path.string() + ": position 2: the label is beyond 64 discs");

  CHECK(error_of("/nonexistent/x.pos").find("cannot read") != std::string::npos);
}
