// reversi nboard: the protocol's state machine line by line, values cross-checked with the
// solver, the estimator and annotate; hostile lines and allocation failures answered without
// ending the session (recorded sessions: nboard_transcript_test.cpp).
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <random>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "analysis/estimate/estimate.hpp"
#include "analysis/solver/search.hpp"
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
  for (const char* bad : {"hello",
                          "set depth x",
                          "set depth 0",
                          "set depth 99",
                          "set depth 31",
                          "set depth -3",
                          "set depth 2147483648",
                          "set depth 1.5",
                          "set depth",
                          "set contempt x",
                          "set contempt 99999999999",
                          "set contempt",
                          "move z9",
                          "move",
                          "move a1",
                          "move PA",
                          "hint 0",
                          "hint -1",
                          "hint x",
                          "hint",
                          "ping x",
                          "ping",
                          "set game (;GM[Chess];)",
                          "set game (;GM[Othello]B[k9];)",
                          "set game",
                          "set game (;",
                          "nboard 1",
                          "nboard",
                          "set colour 2",
                          "set"}) {
    INFO(bad);
    const auto out = answer(s, bad);
    REQUIRE(out.size() == 1);
    CHECK(out.front().rfind("status error: ", 0) == 0);
  }
  CHECK(s.position() == Rules().initial());
  CHECK(s.game().moves.empty());
  CHECK(s.settings().depth == 2);
  CHECK(answer(s, "ping 7") == std::vector<std::string>{"pong 7"});
  CHECK(answer(s, "nboard 2") == std::vector<std::string>{"set myname reversi"});
  CHECK(answer(s, "").empty());
  std::vector<std::string> out;
  CHECK_FALSE(s.handle("quit", out));
}

TEST_CASE("NBoard: set game and move follow the game, and an illegal move changes nothing",
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

TEST_CASE("NBoard: a depth above the limit is refused, not clamped, and the depth stays",
          "[nboard]") {
  NboardSession s(settings(0, 3));
  const auto refused = answer(s, "set depth 99");
  REQUIRE(refused.size() == 1);
  CHECK(refused.front() == "status error: set depth 99: the depth must be from 1 to " +
                               std::to_string(max_estimate_depth) + "; it stays 3");
  CHECK(s.settings().depth == 3);
  CHECK(answer(s, "set depth " + std::to_string(max_estimate_depth)).empty());
  CHECK(s.settings().depth == max_estimate_depth);

  NboardSettings capped = settings(0, 2);
  capped.max_depth = 4;  // as a fuzzer caps the work
  NboardSession c(capped);
  CHECK(answer(c, "set depth 5").size() == 1);
  CHECK(answer(c, "set depth 4").empty());
  CHECK(c.settings().depth == 4);
}

TEST_CASE("NBoard: hostile lines each get at most one line, nothing that reads as a command",
          "[nboard]") {
  NboardSettings capped = settings(4, 1);
  capped.max_depth = 2;
  NboardSession s(capped);
  const std::string long_word(100000, 'x');
  const std::vector<std::string> hostile = {
      "hint 1000000",
      "hint 99999999999999999999999",
      "set depth 2147483648",
      "set depth 9223372036854775808",
      long_word,
      "move " + long_word,
      "set game " + long_word,
      "set game (;GM[Othello]TY[8]BO[8 " + long_word + "];)",
      "pong 3\nstatus fake",
      std::string("ping \0 1", 8),
      "\x01\x02\x7f hello",
      "set contempt 1e9",
      "   ",
      "\r",
      "move f5/" + long_word,
  };
  for (const auto& line : hostile) {
    INFO(line.substr(0, 60));
    std::vector<std::string> out;
    REQUIRE_NOTHROW(s.handle(line, out));
    for (const auto& l : out) {
      CHECK(l.size() < 400);
      CHECK(std::none_of(l.begin(), l.end(),
                         [](char c) { return static_cast<unsigned char>(c) < 0x20; }));
    }
  }
  CHECK(answer(s, "ping 5") == std::vector<std::string>{"pong 5"});
}

TEST_CASE("NBoard: 'hint 1000000' lists every legal move once", "[nboard]") {
  NboardSession s(settings(0, 1));
  const auto hints = lines_starting(answer(s, "hint 1000000"), "search ");
  CHECK(hints.size() == 4);
}

// AddressSanitizer aborts on an allocation this large instead of failing it.
#if defined(__SANITIZE_ADDRESS__)
#define NBOARD_TEST_ADDRESS_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define NBOARD_TEST_ADDRESS_SANITIZER 1
#endif
#endif
#if !defined(NBOARD_TEST_ADDRESS_SANITIZER)
// The address space capped just above what the process holds: the next table cannot be had.
class AddressSpaceCap {
 public:
  AddressSpaceCap() {
    getrlimit(RLIMIT_AS, &saved_);
    long pages = 0;
    std::ifstream("/proc/self/statm") >> pages;
    rlimit cap = saved_;
    cap.rlim_cur =
        static_cast<rlim_t>(pages) * static_cast<rlim_t>(sysconf(_SC_PAGESIZE)) + (rlim_t{1} << 20);
    setrlimit(RLIMIT_AS, &cap);
  }
  ~AddressSpaceCap() { setrlimit(RLIMIT_AS, &saved_); }
  AddressSpaceCap(const AddressSpaceCap&) = delete;
  AddressSpaceCap& operator=(const AddressSpaceCap&) = delete;

 private:
  rlimit saved_{};
};

TEST_CASE("NBoard: a solver table that cannot be allocated is reported, and hints go on",
          "[nboard]") {
  NboardSession s(settings(14));
  REQUIRE(answer(s, "set game " + late_game).empty());
  std::vector<std::string> starved;
  {
    const AddressSpaceCap cap;
    starved = answer(s, "hint 3");
  }
  const auto errors = lines_starting(starved, "status error: ");
  REQUIRE_FALSE(errors.empty());
  CHECK(errors.front().find("out of memory") != std::string::npos);
  CHECK(answer(s, "ping 5") == std::vector<std::string>{"pong 5"});
  const auto fed = answer(s, "hint 3");
  CHECK(lines_starting(fed, "status error: ").empty());
  CHECK(lines_starting(fed, "search ").size() == 3);

  NboardSession analysing(settings(14));
  REQUIRE(answer(analysing, "set game " + late_game).empty());
  std::vector<std::string> analysis;
  {
    const AddressSpaceCap cap;
    analysis = answer(analysing, "analyze");
  }
  CHECK_FALSE(lines_starting(analysis, "status error: ").empty());
  CHECK(answer(analysing, "ping 6") == std::vector<std::string>{"pong 6"});
  CHECK(lines_starting(answer(analysing, "analyze"), "analysis ").size() == 1);
}
#endif

TEST_CASE("NBoard: analyze at the start of a game is one line, for the start", "[nboard]") {
  NboardSession s(settings(0, 2));
  const auto out = answer(s, "analyze");
  REQUIRE(out.size() == 4);
  CHECK(out[0] == "status analysing the game");
  CHECK(out[1].rfind("nodestats ", 0) == 0);
  CHECK(std::regex_match(out[2], std::regex(R"(analysis 0 [-+]\d+\.\d\d)")));
  CHECK(out[3] == "status");
}

TEST_CASE("NBoard: analyze values every position of the game from the end back, for dark",
          "[nboard]") {
  NboardSession s(settings(14, 2));
  REQUIRE(answer(s, "set game " + late_game).empty());
  // Three moves into the 12 empties, each the worst the hints list, then an analysis of
  // positions 3, 2, 1 and 0: the values change from one position to the next.
  std::vector<Position> positions{s.position()};
  for (int k = 0; k < 3; ++k) {
    const auto hints = lines_starting(answer(s, "hint 64"), "search ");
    REQUIRE_FALSE(hints.empty());
    REQUIRE(answer(s, "move " + hints.back().substr(7, 2)).empty());
    positions.push_back(s.position());
  }
  const auto lines = lines_starting(answer(s, "analyze"), "analysis ");
  REQUIRE(lines.size() == 4);
  for (int k = 0; k < 4; ++k) {
    const Position& p = positions[static_cast<std::size_t>(k)];
    SolveRequest request;
    request.rules = s.rules();
    request.root = p;
    const int value = solve(request, 16).value;
    const int dark = p.to_move == Color::dark ? value : -value;
    char expected[64];
    std::snprintf(expected, sizeof expected, "analysis %d %+.2f", k, dark * 1.0);
    CHECK(lines[static_cast<std::size_t>(3 - k)] == expected);
  }
  CHECK(std::set<std::string>(lines.begin(), lines.end()).size() > 1);
}

TEST_CASE("NBoard: the moves since 'set game' make the game analyze sees, passes included",
          "[nboard]") {
  NboardSession s(settings(20));
  // Light to move with no move, then dark plays the last square.
  REQUIRE(answer(s, "set game (;GM[Othello]TY[4]BO[4 *OO- **** **** **** O];)").empty());
  REQUIRE(answer(s, "move PA").empty());
  REQUIRE(answer(s, "move d1").empty());
  CHECK(s.game().moves.size() == 2);
  CHECK(s.rules().game_over(s.position()));
  const auto lines = lines_starting(answer(s, "analyze"), "analysis ");
  // Dark ends with all 16 discs: +16 for dark at every position.
  CHECK(lines ==
        std::vector<std::string>{"analysis 2 +16.00", "analysis 1 +16.00", "analysis 0 +16.00"});
}

TEST_CASE("NBoard: thousands of random lines never throw, and a ping after them still pongs",
          "[nboard]") {
  // As a fuzzer drives it: a small table, a low depth cap, few exact empties.
  NboardSettings capped = settings(6, 1);
  capped.max_depth = 2;
  capped.hash_mb = 1;
  NboardSession s(capped);
  const std::vector<std::string> words = {
      "nboard",
      "set",
      "depth",
      "game",
      "contempt",
      "move",
      "hint",
      "go",
      "analyze",
      "ping",
      "learn",
      "f5",
      "d3",
      "c4",
      "e6",
      "PA",
      "a1",
      "-1",
      "0",
      "1",
      "2",
      "3",
      "99",
      "2147483648",
      "x",
      "/",
      "\x01",
      "(;GM[Othello]TY[8]B[f5];)",
      "(;GM[Othello]TY[4]BO[4 *OO- **** **** **** O];)",
      "(;GM[Othello]TY[6];)",
      "(;GM[Othello]TY[8]BO[8 --XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- "
      "*];)"};
  std::mt19937 random(31);
  std::uniform_int_distribution<std::size_t> pick(0, words.size() - 1);
  std::uniform_int_distribution<int> length(1, 4);
  std::size_t answered = 0;
  for (int k = 0; k < 3000; ++k) {
    std::string line;
    for (int w = length(random); w > 0; --w) line += words[pick(random)] + " ";
    std::vector<std::string> out;
    REQUIRE_NOTHROW(s.handle(line, out));
    answered += out.size();
  }
  CHECK(answered > 1000);
  CHECK(answer(s, "ping 5") == std::vector<std::string>{"pong 5"});
}

TEST_CASE("reversi nboard refuses a bad table size, depth or thread count at start-up, exit 2",
          "[nboard][cli]") {
  for (const char* args : {"nboard --hash-mb 1000000000", "nboard --hash-mb 0",
                           "nboard --hash-mb -5", "nboard --hash-mb x", "nboard --depth 31",
                           "nboard --depth 0", "nboard --exact-empties -1", "nboard --threads 0"}) {
    INFO(args);
    const auto r = reversi::testing::run_reversi(args, "ping 1\n");
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    CHECK(r.err.rfind("reversi nboard: ", 0) == 0);
  }
  const auto r = reversi::testing::run_reversi("nboard --hash-mb 8", "ping 1\nquit\n");
  CHECK(r.status == 0);
  CHECK(r.out == "pong 1\n");
}
