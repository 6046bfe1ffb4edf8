// End to end: a weights file the user gives is checked before any work, and a bad one stops the
// command with one line naming the file and the reason, and exit status 2.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "analysis/eval/shipped.hpp"
#include "cli/run_binary.hpp"

using namespace reversi::testing;
namespace fs = std::filesystem;

namespace {

std::string write_temp(const std::string& name, const std::string& bytes) {
  const fs::path path = fs::temp_directory_path() / ("reversi_weights_test_" + name);
  std::ofstream(path, std::ios::binary) << bytes;
  return path.string();
}

void check_refused(const std::string& name, const std::string& bytes, const std::string& reason) {
  const std::string path = write_temp(name, bytes);
  const auto r = run_reversi("annotate --weights " + path + " -", "f5d6c3\n");
  INFO(r.err);
  CHECK(r.status == 2);
  CHECK(r.out.empty());
  CHECK(r.err.find(path) != std::string::npos);
  CHECK(r.err.find(reason) != std::string::npos);
  CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  fs::remove(path);
}

}  // namespace

TEST_CASE("A weights file with a wrong size, version or checksum stops annotate with exit 2",
          "[cli][eval]") {
  const std::string good(reversi::eval::shipped_weights_bytes());
  check_refused("short.bin", good.substr(0, good.size() - 10), "wrong size");
  std::string version = good;
  version[8] = 7;
  check_refused("version.bin", version, "format version 7");
  std::string corrupt = good;
  corrupt[good.size() / 2] ^= 0x10;
  check_refused("corrupt.bin", corrupt, "checksum mismatch");
  check_refused("empty.bin", "", "not a reversi weights file");
}

TEST_CASE("A good weights file given by the user annotates like the built-in one", "[cli][eval]") {
  const std::string path =
      write_temp("good.bin", std::string(reversi::eval::shipped_weights_bytes()));
  const auto given = run_reversi("annotate --weights " + path + " -", "f5d6c3d3c4\n");
  const auto built_in = run_reversi("annotate -", "f5d6c3d3c4\n");
  REQUIRE(built_in.status == 0);
  CHECK(given.status == 0);
  CHECK(given.out == built_in.out);
  fs::remove(path);
}

TEST_CASE("Weights made for 6x6 are refused by the 8x8-only commands with exit 2", "[cli][eval]") {
  const std::string path = write_temp(
      "six.bin",
      std::string(reversi::eval::shipped_weights_bytes(reversi::eval::WeightsGame::standard_6x6)));
  // Checked before any game is read: the input need not even exist.
  const std::string games = (fs::temp_directory_path() / "reversi_no_such_games").string();
  for (const std::string& command :
       {"bench eval --games 2 --file " + games, "train --fit-probcut 1 --wthor " + games,
        "bench ffo --first 40 --last 40 --threads 1 --dir " + games}) {
    const auto r = run_reversi(command + " --weights " + path);
    INFO(command << ": " << r.err);
    CHECK(r.status == 2);
    CHECK(r.err.find(path + ": made for 6x6 games") != std::string::npos);
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  }
  fs::remove(path);
}
