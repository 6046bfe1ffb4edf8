// reversi nboard: the protocol's state machine line by line (values cross-checked with the
// solver and the estimator), and the recorded session replayed through the real binary.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "analysis/estimate.hpp"
#include "analysis/search.hpp"
#include "cli/nboard/session.hpp"
#include "cli/run_binary.hpp"

using namespace reversi;
using reversi::cli::NboardSession;
using reversi::cli::NboardSettings;
namespace fs = std::filesystem;

namespace {

// A late position of a real game (FFO #40 region is too slow for a unit test): 12 empties.
const std::string late_game =
    "(;GM[Othello]TY[8]BO[8 --XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- *];)";

std::vector<std::string> answer(NboardSession& s, const std::string& line) {
  std::vector<std::string> out;
  REQUIRE(s.handle(line, out));
  return out;
}

NboardSettings settings(int exact_empties, int depth = 2) {
  NboardSettings out;
  out.exact_empties = exact_empties;
  out.depth = depth;
  out.hash_mb = 16;
  return out;
}

std::vector<std::string> lines_starting(const std::vector<std::string>& lines,
                                        const std::string& prefix) {
  std::vector<std::string> out;
  for (const auto& l : lines)
    if (l.rfind(prefix, 0) == 0) out.push_back(l);
  return out;
}

}  // namespace

TEST_CASE("NBoard: each malformed line gets one error line and the session goes on", "[nboard]") {
  NboardSession s(settings(0));
  for (const char* bad : {"hello", "set depth x", "set depth 0", "move z9", "move", "hint 0",
                          "ping x", "set game (;GM[Chess];)", "set game (;GM[Othello]B[k9];)",
                          "nboard 1", "set colour 2", "analyze"}) {
    INFO(bad);
    const auto out = answer(s, bad);
    REQUIRE(out.size() == 1);
    CHECK(out.front().rfind("status error: ", 0) == 0);
  }
  CHECK(answer(s, "ping 7") == std::vector<std::string>{"pong 7"});
  CHECK(answer(s, "nboard 2") == std::vector<std::string>{"set myname reversi"});
  CHECK(answer(s, "").empty());
  std::vector<std::string> out;
  CHECK_FALSE(s.handle("quit", out));
}

TEST_CASE("NBoard: set game and move follow the game; an illegal move changes nothing",
          "[nboard]") {
  NboardSession s(settings(0));
  CHECK(answer(s,
               "set game (;GM[Othello]PB[a]PW[b]RE[?]TY[8]BO[8 "
               "---------------------------O*------*O--------------------------- *]B[F5]"
               "W[F6];)")
            .empty());
  const Rules rules;
  Position expected = rules.play(rules.play(rules.initial(), 37), 45);  // f5 f6
  CHECK(s.position() == expected);
  CHECK(answer(s, "move e6/1.50/2.0").empty());
  expected = rules.play(expected, 44);
  CHECK(s.position() == expected);
  CHECK(answer(s, "move a1").size() == 1);
  CHECK(s.position() == expected);
  CHECK(answer(s, "move PA").size() == 1);  // light has moves: no pass
  CHECK(s.position() == expected);
}

TEST_CASE("NBoard: exact hints and moves near the end are the solver's values", "[nboard]") {
  NboardSession s(settings(14));
  REQUIRE(answer(s, "set game " + late_game).empty());
  SolveRequest request;
  request.rules = s.rules();
  request.root = s.position();
  request.all_moves = true;
  const SolveResult solved = solve(request, 16);
  const auto hints = lines_starting(answer(s, "hint 40"), "search ");
  REQUIRE(hints.size() == solved.move_values.size());
  for (const auto& mv : solved.move_values) {
    const std::string name = s.rules().geometry().name(mv.move);
    char value[16];
    std::snprintf(value, sizeof value, "%+.2f", mv.value * 1.0);
    const bool listed = std::any_of(hints.begin(), hints.end(), [&](const std::string& h) {
      return h.rfind("search " + name, 0) == 0 &&
             h.find(std::string(" ") + value + " 0 100% exact") != std::string::npos;
    });
    CHECK(listed);
  }
  const auto go = answer(s, "go");
  const auto played = lines_starting(go, "=== ");
  REQUIRE(played.size() == 1);
  char best[16];
  std::snprintf(best, sizeof best, "%+.2f", solved.value * 1.0);
  CHECK(played.front().find(std::string("/") + best + "/") != std::string::npos);
  CHECK(lines_starting(go, "status exact ").size() == 1);
}

TEST_CASE("NBoard: estimated hints are the estimator's, at the depth set, best first", "[nboard]") {
  NboardSession s(settings(0, 3));
  REQUIRE(answer(s, "set depth 4").empty());
  REQUIRE(answer(s, "set game (;GM[Othello]TY[8]B[f5]W[d6]B[c3];)").empty());
  const auto hints = lines_starting(answer(s, "hint 10"), "search ");
  const Bits legal = s.rules().legal_moves(s.position());
  REQUIRE(static_cast<int>(hints.size()) == popcount(legal));
  Estimator estimator;
  double previous = 1e9;
  for (const auto& h : hints) {
    std::istringstream in(h);
    std::string word, move, depth, kind;
    double value = 0;
    int zero = -1;
    in >> word >> move >> value >> zero >> depth >> kind;
    CHECK(depth == "4");
    CHECK(kind == "estimate");
    CHECK(value <= previous);
    previous = value;
    EstimateRequest request;
    request.rules = s.rules();
    request.root = s.position();
    request.depth = 4;
    request.wanted = *s.rules().geometry().parse(move);
    const auto r = estimator.estimate(request);
    REQUIRE(r.wanted_value);
    CHECK(value == Approx(*r.wanted_value / 100.0));
  }
}

TEST_CASE("NBoard: a side without a move is told to pass", "[nboard]") {
  NboardSession s(settings(20));
  // Light to move with no move: the only empty square is next to light's discs only.
  REQUIRE(answer(s, "set game (;GM[Othello]TY[4]BO[4 *OO- **** **** **** O];)").empty());
  const auto go = answer(s, "go");
  CHECK(lines_starting(go, "=== ") == std::vector<std::string>{"=== PA"});
}

TEST_CASE("The recorded NBoard session replays through the real binary, every answer checked",
          "[nboard][cli]") {
  const fs::path file = fs::path(REVERSI_SOURCE_DIR) / "tests/data/nboard/session.txt";
  std::ifstream in(file);
  REQUIRE(in);
  std::string line;
  std::string args;
  std::string commands;
  struct Expected {
    int line;
    bool pattern;
    std::string text;
  };
  std::vector<Expected> expected;
  int number = 0;
  const std::string replay_prefix = "# Replayed with: reversi ";
  while (std::getline(in, line)) {
    ++number;
    if (line.rfind(replay_prefix, 0) == 0) args = line.substr(replay_prefix.size());
    if (line.rfind("> ", 0) == 0) commands += line.substr(2) + "\n";
    if (line.rfind("< ", 0) == 0) expected.push_back({number, false, line.substr(2)});
    if (line.rfind("<~ ", 0) == 0) expected.push_back({number, true, line.substr(3)});
  }
  REQUIRE_FALSE(args.empty());
  REQUIRE(expected.size() > 300);
  const auto r = reversi::testing::run_reversi(args, commands);
  CHECK(r.status == 0);
  std::istringstream out(r.out);
  std::vector<std::string> got;
  while (std::getline(out, line)) got.push_back(line);
  CHECK(got.size() == expected.size());
  for (std::size_t k = 0; k < std::min(got.size(), expected.size()); ++k) {
    const auto& e = expected[k];
    INFO("session.txt line " << e.line << ": expected " << e.text << ", got " << got[k]);
    if (e.pattern) {
      CHECK(std::regex_match(got[k], std::regex(e.text)));
    } else {
      CHECK(got[k] == e.text);
    }
  }
}
