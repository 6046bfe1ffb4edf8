// End to end: `reversi train --wthor` reads its games through the one input expansion: a file, a
// folder or standard input, and an input it cannot read is one line and exit status 2.
#include <unistd.h>

#include <array>
#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli/run_binary.hpp"

// run_reversi, TempDir, quoted, slurp.
using namespace reversi::testing;
namespace fs = std::filesystem;

namespace {

// A quick training run: no exact labels, two fitting steps.
const std::string quick = " --solve-empties 0 --iterations 2 --threads 1 -o ";

}  // namespace

TEST_CASE("train --wthor takes a WTHOR file, a folder of them or standard input", "[cli][eval]") {
  TempDir dir;
  const fs::path games = dir.path / "games";
  fs::create_directory(games);
  const fs::path wtb = games / "WTH_2000.wtb";
  REQUIRE(run_reversi("convert --to wthor -o " + quoted(wtb) + " " +
                      quoted(fs::path(REVERSI_SOURCE_DIR) / "data/examples/annotate.txt"))
              .status == 0);
  const fs::path weights = dir.path / "w.bin";
  for (const std::string& input : {quoted(wtb), quoted(games)}) {
    INFO(input);
    const auto r = run_reversi("train --wthor " + input + quick + quoted(weights));
    CHECK(r.status == 0);
    CHECK(r.err.find("train: 1 games (0 skipped)") != std::string::npos);
    CHECK(fs::exists(weights));
    fs::remove(weights);
  }
  const auto piped = run_reversi("train --wthor -" + quick + quoted(weights), slurp(wtb));
  CHECK(piped.status == 0);
  CHECK(piped.err.find("train: 1 games (0 skipped)") != std::string::npos);
}

TEST_CASE("train --wthor: an input it cannot read is one line, exit status 2, no weights",
          "[cli][eval]") {
  TempDir dir;
  const fs::path weights = dir.path / "w.bin";
  std::ofstream(dir.path / "notes.txt") << "not WTHOR\n";
  const auto no_wtb = run_reversi("train --wthor " + quoted(dir.path) + quick + quoted(weights));
  CHECK(no_wtb.status == 2);
  CHECK(no_wtb.err ==
        "reversi train: cannot read " + dir.path.string() + ": no WTHOR .wtb files in it\n");
  const auto missing =
      run_reversi("train --wthor " + quoted(dir.path / "none.wtb") + quick + quoted(weights));
  CHECK(missing.status == 2);
  CHECK(missing.err == "reversi train: cannot read " + (dir.path / "none.wtb").string() +
                           ": No such file or directory\n");
  CHECK_FALSE(fs::exists(weights));
}

namespace {

// The label counts of train's summary line: exact, backed up, theoretical, final results.
std::array<long, 4> label_counts(const std::string& err) {
  const auto at = err.find("labels: ");
  REQUIRE(at != std::string::npos);
  std::array<long, 4> n{};
  REQUIRE(std::sscanf(err.c_str() + at,
                      "labels: %ld exact, %ld backed up by search, %ld theoretical scores, %ld "
                      "final results",
                      &n[0], &n[1], &n[2], &n[3]) == 4);
  return n;
}

}  // namespace

TEST_CASE("train --wthor says where its labels came from: solver, search or final result",
          "[cli][eval]") {
  TempDir dir;
  const fs::path wtb = dir.path / "WTH_2000.wtb";
  REQUIRE(run_reversi("convert --to wthor -o " + quoted(wtb) + " " +
                      quoted(fs::path(REVERSI_SOURCE_DIR) / "data/examples/annotate.txt"))
              .status == 0);
  const std::string common = "train --wthor " + quoted(wtb) +
                             " --solve-empties 8 --iterations 2 --threads 1 -o " +
                             quoted(dir.path / "w.bin");
  const auto searched = run_reversi(common + " --backup-empties 12");
  REQUIRE(searched.status == 0);
  const auto plain = run_reversi(common + " --backup-empties 0");
  REQUIRE(plain.status == 0);
  const std::array<long, 4> a = label_counts(searched.err);
  const std::array<long, 4> b = label_counts(plain.err);
  // 8 empties and fewer to the solver, 9-12 to a search (at most four positions), the rest to
  // the game's result: the record has no theoretical score.
  CHECK(a[0] > 0);
  CHECK(a[1] > 0);
  CHECK(a[1] <= 4);
  CHECK(a[2] == 0);
  CHECK(a[3] > 0);
  CHECK(searched.err.find("phase 2: " + std::to_string(a[1]) + " labels backed up by search") !=
        std::string::npos);
  // Without the search its positions go back to the final result.
  CHECK(b[0] == a[0]);
  CHECK(b[1] == 0);
  CHECK(b[3] == a[3] + a[1]);
}
