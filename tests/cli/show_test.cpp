// End-to-end: the real binary's show, perft, help and exit statuses.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "cli/run_binary.hpp"

using reversi::testing::run_reversi;

TEST_CASE("show prints the start with dark's four legal moves marked", "[cli]") {
  const auto r = run_reversi("show");
  REQUIRE(r.status == 0);
  CHECK(r.out.find("legal moves (*): d3 c4 f5 e6") != std::string::npos);
  CHECK(r.out.find("dark ● 2  light ○ 2  empty 60") != std::string::npos);
}

TEST_CASE("show --json has the documented fields", "[cli]") {
  const auto r = run_reversi("show --moves f5d6 --json");
  REQUIRE(r.status == 0);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j["size"] == 8);
  CHECK(j["to_move"] == "dark");
  CHECK(j["rows"].size() == 8);
  CHECK(j["discs"]["dark"] == 3);
  CHECK(j["discs"]["light"] == 3);
  CHECK(j["empty"] == 58);
  CHECK(j["game_over"] == false);
  CHECK(j["legal"].size() == 5);
}

TEST_CASE("show reports a finished game and its winner", "[cli]") {
  const auto r = run_reversi("show --moves e6f4e3f6g5d6e7f5c5 --scoring count");
  REQUIRE(r.status == 0);
  CHECK(r.out.find("game over: dark wins") != std::string::npos);
  CHECK(r.out.find("dark +13") != std::string::npos);
}

TEST_CASE("Bad input gives a one-line error with the move number, reason and exit status 1",
          "[cli]") {
  struct Case {
    const char* args;
    const char* message;
  };
  for (const Case& c : {
           Case{"show --moves 'f5 d6 a1'", "move 3 (a1): a1 flips nothing"},
           Case{"show --moves 'f5 d6 zz'", "move 3 (zz): 'zz' is not a move"},
           Case{"show --moves 'f5 i9'", "move 2 (i9): square i9 is off the 8x8 board"},
           Case{"show --moves 'e6f4e3f6g5d6e7f5c5 a1'", "move 10 (a1): the game was already over"},
           Case{"show --board '------------------------------------ X'",
                "board string has 37 characters"},
           Case{"show --size 6 --moves 'c2 c1'", "move 2 (c1): c1 flips nothing"},
       }) {
    INFO(c.args);
    const auto r = run_reversi(c.args);
    CHECK(r.status == 1);
    CHECK(r.err.find(c.message) != std::string::npos);
    CHECK(r.err.find("Assertion") == std::string::npos);
  }
}

TEST_CASE("show --json carries the error object for a bad move list", "[cli]") {
  const auto r = run_reversi("show --moves 'f5 f5' --json");
  CHECK(r.status == 1);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j["error"]["move_number"] == 2);
  CHECK(j["error"]["kind"] == "occupied");
}

TEST_CASE("Bad usage exits with status 2 and names the problem", "[cli]") {
  CHECK(run_reversi("").status == 2);
  CHECK(run_reversi("frobnicate").status == 2);
  const auto size = run_reversi("show --size 7");
  CHECK(size.status == 2);
  CHECK(size.err.find("--size must be 4, 6, 8 or 10") != std::string::npos);
  CHECK(run_reversi("perft").status == 2);
  CHECK(run_reversi("show --hole z9").status == 2);
  CHECK(run_reversi("perft --depth 3 --convention nope").status == 2);
}

TEST_CASE("The help and version options succeed", "[cli]") {
  const auto help = run_reversi("--help");
  CHECK(help.status == 0);
  CHECK(help.out.find("show") != std::string::npos);
  CHECK(help.out.find("perft") != std::string::npos);
  CHECK(run_reversi("--version").status == 0);
  const auto sub = run_reversi("perft --help");
  CHECK(sub.status == 0);
  CHECK(sub.out.find("--convention") != std::string::npos);
}

TEST_CASE("perft names its convention and prints the published counts", "[cli]") {
  const auto r = run_reversi("perft --depth 9 --convention bik --threads 2 --json");
  REQUIRE(r.status == 0);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j["convention"] == "bik");
  CHECK(j["counts"][0]["leaves"] == 3005288);
  const auto text = run_reversi("perft --depth 5 --by-ply --size 6");
  CHECK(text.out.find("convention oeis") != std::string::npos);
}
