// End to end: `reversi selfplay` writes the same positions file for the same seed whatever the
// threads, the work units or an interruption resumed from its journal; a bad opening line is one
// message naming the file and line; `train --positions` learns from the file.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "analysis/training/position_file.hpp"
#include "cli/run_binary.hpp"

// run_reversi, TempDir, quoted, slurp.
using namespace reversi::testing;
namespace fs = std::filesystem;

namespace {

// Small searches: a game in milliseconds.
const std::string quick = "selfplay --games 6 --label-depth 2 --move-depth 1 --exact-empties 10 ";

}  // namespace

TEST_CASE("selfplay writes the same file on one thread or two and in any units", "[cli][eval]") {
  TempDir dir;
  const auto one = dir.path / "one.pos";
  const auto two = dir.path / "two.pos";
  const auto r1 = run_reversi(quick + "--threads 1 -o " + quoted(one));
  REQUIRE(r1.status == 0);
  CHECK(r1.out.find("selfplay: 6 games, ") != std::string::npos);
  CHECK(r1.out.find("wrote " + one.string()) != std::string::npos);
  REQUIRE(run_reversi(quick + "--threads 2 --unit-games 4 -o " + quoted(two)).status == 0);
  CHECK(slurp(one) == slurp(two));
  const auto file = reversi::eval::read_positions_file(one.string());
  CHECK(file.positions.size() > 6 * 30);
  CHECK(file.about.find("6 games, seed 1") != std::string::npos);
  CHECK_FALSE(fs::exists(one.string() + ".tmp"));
}

TEST_CASE("selfplay resumed from its journal writes the file of an uninterrupted run",
          "[cli][eval]") {
  TempDir dir;
  const auto whole = dir.path / "whole.pos";
  const auto resumed = dir.path / "resumed.pos";
  const auto journal = dir.path / "j.journal";
  REQUIRE(run_reversi(quick + "--unit-games 2 -o " + quoted(whole)).status == 0);
  // Units 0 and 1 of 3 first, as a run stopped after them would have left them.
  const std::string units = quick + "--unit-games 2 --journal " + quoted(journal);
  REQUIRE(run_reversi(units + " --units 0-1 -o " + quoted(resumed)).status == 0);
  CHECK_FALSE(fs::exists(resumed));
  const auto r = run_reversi(units + " --resume -o " + quoted(resumed));
  REQUIRE(r.status == 0);
  CHECK(r.err.find("games 4-5 played") != std::string::npos);
  CHECK(r.err.find("games 0-1 played") == std::string::npos);
  CHECK(slurp(resumed) == slurp(whole));
}

TEST_CASE("selfplay refuses a bad opening line naming the file and line, writing nothing",
          "[cli][eval]") {
  TempDir dir;
  const auto openings = dir.path / "openings.txt";
  std::ofstream(openings) << "# XOT-like lines\nf5d6c3d3\n\nf5f5\n";
  const auto out = dir.path / "out.pos";
  const auto r = run_reversi(quick + "--openings " + quoted(openings) + " -o " + quoted(out));
  CHECK(r.status == 2);
  CHECK(r.err.find(openings.string() + ":4: move 2 (f5)") != std::string::npos);
  CHECK_FALSE(fs::exists(out));
  // The good lines alone are played.
  std::ofstream(openings, std::ios::trunc) << "f5d6c3d3\nf5f6e6f4\n";
  CHECK(run_reversi(quick + "--openings " + quoted(openings) + " -o " + quoted(out)).status == 0);
  CHECK(fs::exists(out));
}

TEST_CASE("train --positions learns from a selfplay file and says how many labels came from it",
          "[cli][eval]") {
  TempDir dir;
  const auto positions = dir.path / "p.pos";
  REQUIRE(run_reversi(quick + "-o " + quoted(positions)).status == 0);
  const auto count = reversi::eval::read_positions_file(positions.string()).positions.size();
  const auto wtb = dir.path / "WTH_2000.wtb";
  REQUIRE(run_reversi("convert --to wthor -o " + quoted(wtb) + " " +
                      quoted(fs::path(REVERSI_SOURCE_DIR) / "data/examples/annotate.txt"))
              .status == 0);
  const auto weights = dir.path / "w.bin";
  const auto r = run_reversi("train --wthor " + quoted(wtb) + " --positions " + quoted(positions) +
                             " --solve-empties 0 --iterations 2 --threads 1 -o " + quoted(weights));
  CHECK(r.status == 0);
  CHECK(r.err.find(std::to_string(count) + " from positions files") != std::string::npos);
  CHECK(fs::exists(weights));
  // A damaged file stops the training before any work, naming it.
  std::ofstream(positions, std::ios::trunc) << "not positions\n";
  const auto bad = run_reversi("train --wthor " + quoted(wtb) + " --positions " +
                               quoted(positions) + " --solve-empties 0 -o " + quoted(weights));
  CHECK(bad.status == 2);
  CHECK(bad.err.find(positions.string() + ": not a positions file") != std::string::npos);
}
