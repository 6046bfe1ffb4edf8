// End to end: `reversi train --size 6` plays, labels and fits on its own, and writes a weights
// file for the game it was asked for.
#include <catch2/catch.hpp>
#include <filesystem>

#include "analysis/eval/weights.hpp"
#include "cli/run_binary.hpp"

using namespace reversi::testing;
namespace fs = std::filesystem;

TEST_CASE("train --size 6 --anti writes anti-reversi weights and prints the loss per phase",
          "[cli][eval]") {
  const fs::path path = fs::temp_directory_path() / "reversi_train_small_test.bin";
  const auto r =
      run_reversi("train --size 6 --anti --games 6 --seed 2 --solve-empties 8 " +
                  std::string("--backup-depth 4 --iterations 5 --threads 1 -o ") + path.string());
  INFO(r.err);
  REQUIRE(r.status == 0);
  CHECK(r.out.find("phase  empties") != std::string::npos);
  CHECK(r.err.find("exact labels up to 8 empties") != std::string::npos);
  CHECK(reversi::eval::read_weights_file(path.string()).game ==
        reversi::eval::WeightsGame::anti_6x6);
  fs::remove(path);
}

TEST_CASE("train refuses --anti without --size 6 in one line", "[cli][eval]") {
  const auto r = run_reversi("train --anti --wthor . -o unused.bin");
  CHECK(r.status != 0);
  CHECK(r.err.find("--anti needs --size 6") != std::string::npos);
  CHECK(!fs::exists("unused.bin"));
}
