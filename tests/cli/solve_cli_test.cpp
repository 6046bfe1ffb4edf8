// End-to-end: reversi solve and reversi bench through the real binary.
#include <catch2/catch.hpp>
#include <cstdint>
#include <fstream>
#include <nlohmann/json.hpp>

#include "cli/run_binary.hpp"

using reversi::testing::ffo_suite;
using reversi::testing::run_reversi;

TEST_CASE("solve on 4x4 names the value, the scoring, the best move and a line to the end",
          "[cli][solve]") {
  const auto r = run_reversi("solve --size 4");
  REQUIRE(r.status == 0);
  CHECK(r.out.find("value: -10 for dark") != std::string::npos);
  CHECK(r.out.find("light wins by 10") != std::string::npos);
  CHECK(r.out.find("winner takes empties") != std::string::npos);
  CHECK(r.out.find("best move: ") != std::string::npos);
  CHECK(r.out.find("principal variation: ") != std::string::npos);
  CHECK(r.out.find("nodes ") != std::string::npos);
}

TEST_CASE("solve --json gives value, best moves, line, nodes and time", "[cli][solve]") {
  const auto r = run_reversi("solve --size 4 --scoring count --json --threads 1");
  REQUIRE(r.status == 0);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j["exact"] == true);
  CHECK(j["complete"] == true);
  CHECK(j["scoring"] == "count");
  CHECK(j["value"].get<int>() < 0);
  CHECK(j["best_moves"].size() == 1);
  CHECK(j["pv"].size() >= 9);
  CHECK(j["nodes"].get<long long>() > 0);
  CHECK(j.contains("seconds"));
}

TEST_CASE("solve --all-moves lists every move's value in the OBF form", "[cli][solve]") {
  const auto r = run_reversi("solve --size 6 --moves c2b2a2d2e4a1d1e3e2f3 --all-moves");
  REQUIRE(r.status == 0);
  CHECK(r.out.find("moves: F4:-30; B4:-32; F2:-34;") != std::string::npos);
}

TEST_CASE("solve --wld proves the outcome only", "[cli][solve]") {
  const auto r = run_reversi("solve --size 4 --wld");
  REQUIRE(r.status == 0);
  CHECK(r.out.find("outcome: loss for dark") != std::string::npos);
}

TEST_CASE("solve reads OBF lines on standard input and fails on a wrong listed score",
          "[cli][solve]") {
  const std::string line =
      "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12;\n";
  const auto good = run_reversi("solve -", line);
  CHECK(good.status == 0);
  CHECK(good.out.find("g8   +18") != std::string::npos);
  CHECK(good.out.find("ok") != std::string::npos);
  const auto bad = run_reversi("solve -", line.substr(0, line.find(';')) + "; G8:+16;\n");
  CHECK(bad.status == 1);
  CHECK(bad.out.find("WRONG") != std::string::npos);
}

TEST_CASE("solve --obf checks FFO positions 1-19 with every move's score", "[cli][solve]") {
  const std::string path = ffo_suite("fforum-1-19.obf");
  const auto r = run_reversi("solve --all-moves --hash-mb 64 --obf " + path);
  CHECK(r.status == 0);
  CHECK(r.out.find("19 positions, 19 checked, 0 wrong") != std::string::npos);
}

TEST_CASE("solve --obf checks FFO positions 20-39", "[cli][solve][slow]") {
  const std::string path = ffo_suite("fforum-20-39.obf");
  const auto r = run_reversi("solve --hash-mb 64 --obf " + path);
  CHECK(r.status == 0);
  CHECK(r.out.find("20 positions, 20 checked, 0 wrong") != std::string::npos);
}

TEST_CASE("solve --obf checks FFO positions 40-59", "[cli][solve][slow]") {
  const std::string path = ffo_suite("fforum-40-59.obf");
  const auto r = run_reversi("solve --obf " + path);
  CHECK(r.status == 0);
  CHECK(r.out.find("20 positions, 20 checked, 0 wrong") != std::string::npos);
}

TEST_CASE("bench ffo reads the repository's data/ffo by default, from any folder", "[cli][solve]") {
  // The tests run in the build folder, not the source tree: the default must not depend on it.
  const auto r = run_reversi("bench ffo --first 1 --last 2 --threads 1 --hash-mb 16");
  CHECK(r.status == 0);
  CHECK(r.out.find("#2   a4   +10") != std::string::npos);
}

TEST_CASE("bench signature is the same on every run", "[cli][solve]") {
  const auto a = run_reversi("bench signature --json");
  const auto b = run_reversi("bench signature --json");
  REQUIRE(a.status == 0);
  REQUIRE(b.status == 0);
  const auto ja = nlohmann::json::parse(a.out);
  const auto jb = nlohmann::json::parse(b.out);
  CHECK(ja["signature"] == jb["signature"]);
  CHECK(ja["nodes"] == jb["nodes"]);
  CHECK(ja["positions"].size() >= 10);
}

// The search's fingerprint: `reversi bench signature` solves a fixed set of positions and counts
// the nodes. Any change to move ordering, pruning or the tables changes these two figures: a
// change that means to must update them here, and say why in its commit message.
constexpr std::uint64_t signature_nodes = 13'919'459;
constexpr const char* signature_hash = "1139e34fc5d1151e";

TEST_CASE("bench signature has the node count and signature written here", "[cli][solve]") {
  const auto r = run_reversi("bench signature --json");
  REQUIRE(r.status == 0);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j["nodes"].get<std::uint64_t>() == signature_nodes);
  CHECK(j["signature"].get<std::string>() == signature_hash);
}

TEST_CASE("solve rejects two position sources and an unknown bench mode", "[cli][solve]") {
  CHECK(run_reversi("solve --moves f5 --board x").status == 2);
  CHECK(run_reversi("bench nonsense").status == 2);
}
