// End-to-end: the real binary's puzzle subcommand, its explanations, JSON and exit statuses.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cctype>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "analysis/puzzle/tactic_reference.hpp"
#include "cli/run_binary.hpp"
#include "core/geometry.hpp"
#include "core/notation.hpp"
#include "core/rules.hpp"

using reversi::testing::run_reversi;

namespace {

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// Counts the positions of a strategy tree and checks its shape: one reply at the forcer's
// nodes, and every leaf marked as reaching the goal.
int walk_strategy(const nlohmann::json& node, const std::string& forcer, const std::string& mover) {
  if (node.contains("goal")) return 1;
  const auto& next = node.at("next");
  REQUIRE_FALSE(next.empty());
  if (mover == forcer) CHECK(next.size() == 1);
  int positions = 1;
  for (const auto& child : next) {
    const std::string by = child.at("by");
    CHECK(by == mover);
    positions += walk_strategy(child, forcer, by == "dark" ? "light" : "dark");
  }
  return positions;
}

}  // namespace

TEST_CASE("puzzle wipeout answers yes at move 9 on 8x8 with a readable explanation", "[cli]") {
  const auto r = run_reversi("puzzle wipeout --by 9 --count");
  REQUIRE(r.status == 0);
  CHECK(contains(r.out, "Yes: the earliest possible wipeout is at move 9, for example"));
  CHECK(contains(r.out, "(dark wipes out light, 13-0)"));
  CHECK(contains(r.out, "a pass is not a move"));
  CHECK(contains(r.out,
                 "Count: 228 move sequences reach a wipeout by move 9 (57 up to the 4 "
                 "symmetries of the start)."));
  CHECK(contains(r.out, "By first move: d3 57, c4 57, f5 57, e6 57."));
}

TEST_CASE("puzzle wipeout --list includes the classic e6 f4 e3 f6 g5 d6 e7 f5 c5", "[cli]") {
  const auto r = run_reversi("puzzle wipeout --by 9 --list");
  REQUIRE(r.status == 0);
  CHECK(contains(r.out, "\n  e6 f4 e3 f6 g5 d6 e7 f5 c5\n"));
}

TEST_CASE("puzzle end says no game is over before move 9", "[cli]") {
  const auto r = run_reversi("puzzle end --by 8");
  REQUIRE(r.status == 0);
  CHECK(contains(r.out, "No: the earliest a game can be over is move 9, for example"));
}

TEST_CASE("puzzle answers Gardner's question under both readings of the free start", "[cli]") {
  const auto r = run_reversi("puzzle wipeout --start free --by 10");
  REQUIRE(r.status == 0);
  CHECK(contains(r.out,
                 "Reading: the four centre placements are moves 1-4.\nNo: the earliest "
                 "possible wipeout is at move 11, for example d4 e4 d5 e5"));
  CHECK(contains(r.out,
                 "move 1 is the first move after them.\nYes: the earliest possible "
                 "wipeout is at move 7, for example (placements d4 e4 d5 e5)"));
}

TEST_CASE("puzzle --json gives one reading per interpretation with witness and counts", "[cli]") {
  const auto r = run_reversi("puzzle wipeout --start free --by 10 --count --json");
  REQUIRE(r.status == 0);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j["puzzle"] == "wipeout");
  CHECK(j["mode"] == "exists");
  CHECK(j["goal"]["side"] == "any");
  REQUIRE(j["readings"].size() == 2);
  const auto& counted = j["readings"][0];
  CHECK(counted["placements"] == "moves");
  CHECK(counted["answer"] == false);
  CHECK(counted["earliest"] == 11);
  CHECK(counted["count"]["sequences"] == 0);
  const auto& skipped = j["readings"][1];
  CHECK(skipped["placements"] == "not moves");
  CHECK(skipped["answer"] == true);
  CHECK(skipped["earliest"] == 7);
  CHECK(skipped["witness"].size() == 11);
  CHECK(skipped["final"]["light"] == 0);
  CHECK(skipped["count"]["symmetries"] == 8);
  CHECK(skipped["count"]["sequences"].get<std::uint64_t>() ==
        8 * skipped["count"]["classes"].get<std::uint64_t>());
}

TEST_CASE("puzzle --mode forced prints a strategy tree that the JSON carries in full", "[cli]") {
  const auto r = run_reversi("puzzle end --size 4 --by 12 --mode forced --side dark --json");
  REQUIRE(r.status == 0);
  const auto j = nlohmann::json::parse(r.out);
  const auto& forced = j["readings"][0]["forcers"][0];
  CHECK(forced["forcer"] == "dark");
  CHECK(forced["answer"] == true);
  CHECK(forced["proof"]["kind"] == "strategy");
  const auto& tree = forced["strategy"];
  CHECK(tree["to_move"] == "dark");
  CHECK(walk_strategy(tree, "dark", "dark") == forced["proof"]["positions"].get<int>());
}

TEST_CASE("puzzle --mode forced explains a no with the size of its refutation", "[cli]") {
  const auto r = run_reversi("puzzle wipeout --by 9 --mode forced");
  REQUIRE(r.status == 0);
  CHECK(contains(r.out,
                 "No: dark cannot force a wipeout of light by move 9. Proof: a refutation "
                 "tree of"));
  CHECK(contains(r.out, "No: light cannot force a wipeout of dark by move 9"));
}

TEST_CASE("puzzle discs asks whether a side can reach a disc count", "[cli]") {
  const auto r = run_reversi("puzzle discs --side light --at-least 10 --by 6");
  REQUIRE(r.status == 0);
  CHECK(contains(r.out, "Puzzle: can light have at least 10 discs by move 6?"));
  CHECK((contains(r.out, "Yes: the earliest light can have at least 10 discs is move") ||
         contains(r.out, "No: the earliest light can have at least 10 discs is move")));
}

TEST_CASE("puzzle rejects bad usage with exit status 2", "[cli]") {
  for (const char* args :
       {"puzzle", "puzzle wipeout", "puzzle wipe --by 3", "puzzle discs --by 3",
        "puzzle wipeout --by 3 --side blue", "puzzle wipeout --by 3 --placements skip",
        "puzzle wipeout --by 3 --mode forced --count", "puzzle end --by 3 --side dark"}) {
    INFO(args);
    const auto r = run_reversi(args);
    CHECK(r.status == 2);
    CHECK_FALSE(r.err.empty());
  }
}

TEST_CASE(
    "puzzle generate writes the same proven puzzles on 1 and 2 threads, and puzzle check "
    "proves them and names a tampered line",
    "[cli]") {
  const std::string examples = std::string(REVERSI_SOURCE_DIR) + "/data/examples/";
  const std::string common =
      "puzzle generate --count 3 --min-empties 8 --max-empties 12 "
      "--per-game 20 --seed 5 " +
      examples + "annotate.txt " + examples + "games.txt";
  const auto one = run_reversi(common + " --threads 1");
  const auto two = run_reversi(common + " --threads 2");
  REQUIRE(one.status == 0);
  CHECK(one.out == two.out);
  CHECK(contains(one.err, "puzzle generate: 3 puzzles"));
  const auto check = run_reversi("puzzle check -", one.out);
  CHECK(check.status == 0);
  CHECK(contains(check.out, "3 puzzles, 3 proven, 0 wrong"));

  // The first score of the second puzzle (its line 4) made one disc better than it is.
  std::string tampered = one.out;
  std::size_t at = 0;
  for (int line = 1; line < 4; ++line) at = tampered.find('\n', at) + 1;
  const std::size_t colon = tampered.find(':', at);
  const std::size_t end = tampered.find(';', colon);
  const int score = std::stoi(tampered.substr(colon + 1, end - colon - 1));
  tampered.replace(colon + 1, end - colon - 1, std::to_string(score + 1));
  const auto bad = run_reversi("puzzle check -", tampered);
  CHECK(bad.status == 1);
  CHECK(contains(bad.err, "line 4:"));
  CHECK(contains(bad.out, "3 puzzles, 2 proven, 1 wrong"));

  const auto json = run_reversi(common + " --json");
  REQUIRE(json.status == 0);
  const auto list = nlohmann::json::parse(json.out);
  REQUIRE(list.size() == 3);
  for (const auto& p : list) {
    CHECK(p.at("answer") == p.at("scores").at(0).at("move"));
    CHECK(p.at("scores").at(0).at("value").get<int>() >=
          p.at("scores").at(1).at("value").get<int>() + 4);
  }
}

TEST_CASE("puzzle generate --rating and --level keep only the puzzles rated in range", "[cli]") {
  const std::string examples = std::string(REVERSI_SOURCE_DIR) + "/data/examples/";
  const std::string common =
      "puzzle generate --count 40 --min-empties 8 --max-empties 16 "
      "--per-game 30 --json " +
      examples + "annotate.txt " + examples + "games.txt " + examples + "games.ggf";
  const auto all = run_reversi(common);
  REQUIRE(all.status == 0);
  const auto every = nlohmann::json::parse(all.out);
  REQUIRE(every.size() >= 4);
  std::vector<int> ratings;
  for (const auto& p : every) ratings.push_back(p.at("rating").get<int>());
  std::sort(ratings.begin(), ratings.end());
  // A range from the lower half's top to the maximum: the puzzles kept are exactly those in it.
  const int low = ratings[ratings.size() / 2];
  const int high = ratings.back();
  const auto ranged =
      run_reversi(common + " --rating " + std::to_string(low) + "-" + std::to_string(high));
  REQUIRE(ranged.status == 0);
  const auto kept = nlohmann::json::parse(ranged.out);
  const auto in_range =
      std::count_if(ratings.begin(), ratings.end(), [&](int r) { return r >= low && r <= high; });
  CHECK(static_cast<long>(kept.size()) == in_range);
  for (const auto& p : kept) {
    CHECK(p.at("rating").get<int>() >= low);
    CHECK(p.at("rating").get<int>() <= high);
  }
  const auto level = run_reversi(common + " --level intermediate");
  const auto same = run_reversi(common + " --rating 15-29");
  REQUIRE(level.status == 0);
  CHECK(level.out == same.out);
  CHECK(run_reversi(common + " --level expert").status == 2);
  CHECK(run_reversi(common + " --level master --rating 1-5").status == 2);
}

namespace {

// Move lists of games where dark always leaves light the fewest discs and light plays at
// random: wipeouts come within reach in a few positions of these.
std::string lopsided_games(int games, unsigned seed) {
  const reversi::Rules rules;
  std::mt19937_64 rng(seed);
  std::string out;
  for (int i = 0; i < games; ++i) {
    reversi::Position p = rules.initial();
    std::string line;
    for (int ply = 0; ply < 24 && !rules.game_over(p); ++ply) {
      const reversi::Bits moves = rules.legal_moves(p);
      if (moves == 0) {
        p = rules.pass(p);
        line += "pass ";
        continue;
      }
      std::vector<reversi::Square> squares;
      for (reversi::Bits m = moves; m != 0; m &= m - 1)
        squares.push_back(reversi::lowest_square(m));
      reversi::Square chosen = squares[rng() % squares.size()];
      if (p.to_move == reversi::Color::dark)
        for (const reversi::Square sq : squares)
          if (reversi::popcount(rules.play(p, sq).player) <
              reversi::popcount(rules.play(p, chosen).player))
            chosen = sq;
      line += rules.geometry().name(chosen) + " ";
      p = rules.play(p, chosen);
    }
    out += line + "\n";
  }
  return out;
}

}  // namespace

TEST_CASE(
    "puzzle generate --kind wipeout finds forced wipeouts the same on 1 and 2 threads, and "
    "puzzle check proves them and names a changed answer or an unreadable goal",
    "[cli]") {
  const std::string records = "puzzle-wipeout-games.txt";
  std::ofstream(records) << lopsided_games(4000, 7);
  const std::string common =
      "puzzle generate --kind wipeout --within 3 --count 3 --per-game 24 " + records;
  const auto one = run_reversi(common + " --threads 1");
  const auto two = run_reversi(common + " --threads 2");
  const auto json = run_reversi(common + " --json");
  std::remove(records.c_str());
  REQUIRE(one.status == 0);
  CHECK(one.out == two.out);
  CHECK(contains(one.err, "puzzle generate: 3 puzzles"));
  CHECK(contains(one.out, ": wipeout in "));
  const auto check = run_reversi("puzzle check -", one.out);
  CHECK(check.status == 0);
  CHECK(contains(check.out, "3 puzzles, 3 proven, 0 wrong"));
  // The second puzzle's answer (its comment, line 3) replaced by another of its legal moves.
  const auto list = nlohmann::json::parse(json.out);
  REQUIRE(list.size() == 3);
  const auto& second = list.at(1);
  CHECK(second.at("kind") == "wipeout");
  CHECK(second.at("line").at(0) == second.at("answer"));
  const std::string answer = "answer " + second.at("answer").get<std::string>() + ";";
  const reversi::Rules rules;
  const auto board = reversi::parse_board(second.at("board").get<std::string>(), rules);
  REQUIRE_FALSE(board.error);
  std::string tampered = one.out;
  const std::size_t at = tampered.find(answer, tampered.find("% puzzle 2:"));
  REQUIRE(at != std::string::npos);
  std::string other;
  for (reversi::Bits m = rules.legal_moves(board.position); m != 0; m &= m - 1) {
    const std::string name = rules.geometry().name(reversi::lowest_square(m));
    if ("answer " + name + ";" != answer) other = name;
  }
  REQUIRE_FALSE(other.empty());
  tampered.replace(at, answer.size(), "answer " + other + ";");
  const auto bad = run_reversi("puzzle check -", tampered);
  CHECK(bad.status == 1);
  CHECK(contains(bad.err, "line 4:"));
  CHECK(contains(bad.out, "3 puzzles, 2 proven, 1 wrong"));
  // A goal that cannot be read back is named as such, not taken for a puzzle of another form.
  std::string unreadable = one.out;
  unreadable.replace(unreadable.find(": wipeout in "), 13, ": wipe out in ");
  const auto unread = run_reversi("puzzle check -", unreadable);
  CHECK(unread.status == 1);
  CHECK(contains(unread.err, "line 2: the puzzle's goal 'wipe out in "));
}

TEST_CASE(
    "puzzle generate --kind corner writes the kind in JSON and on the sheet, and refuses "
    "a rating or an option of another kind",
    "[cli]") {
  const std::string examples = std::string(REVERSI_SOURCE_DIR) + "/data/examples/";
  const std::string common =
      "puzzle generate --kind corner --count 1 --per-game 60 " + examples + "annotate.txt";
  const auto json = run_reversi(common + " --json");
  REQUIRE(json.status == 0);
  const auto list = nlohmann::json::parse(json.out);
  REQUIRE(list.size() == 1);
  CHECK(list.at(0).at("kind") == "corner");
  CHECK(list.at(0).at("moves").get<int>() >= 2);
  const std::string sheet = "puzzle-corner-sheet.html";
  REQUIRE(run_reversi(common + " --html " + sheet).status == 0);
  std::ifstream in(sheet);
  const std::string html((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::remove(sheet.c_str());
  CHECK(contains(html, "take a corner within"));
  CHECK(run_reversi(common + " --level beginner").status == 2);
  CHECK(run_reversi(common + " --kind fork").status == 2);
  // An option of the other kind is refused rather than ignored.
  CHECK(run_reversi(common + " --margin 6").status == 2);
  CHECK(run_reversi(common + " --kind unique --within 3").status == 2);
}

namespace {

// The smallest of a position's eight images, so that symmetric duplicates compare equal.
std::pair<reversi::Bits, reversi::Bits> canonical(const reversi::Rules& rules,
                                                  const reversi::Position& p) {
  std::pair<reversi::Bits, reversi::Bits> best{p.player, p.opponent};
  for (int s = 1; s < reversi::symmetry_count; ++s)
    best = std::min(
        best, {rules.geometry().transform(p.player, s), rules.geometry().transform(p.opponent, s)});
  return best;
}

// Generates tactics of `kind` from one WTHOR year and re-proves each with the plain reference:
// the same fewest moves and the answer the only first move that fast; no two alike up to
// symmetry. Returns the OBF text of the same puzzles.
std::string generate_and_reprove(const std::string& kind, const std::string& wthor) {
  const std::string common = "puzzle generate --kind " + kind +
                             " --within 3 --per-game 60 --count 25 --threads 2 " + wthor;
  const auto obf = run_reversi(common);
  const auto json = run_reversi(common + " --json");
  REQUIRE(obf.status == 0);
  REQUIRE(json.status == 0);
  const auto list = nlohmann::json::parse(json.out);
  CHECK(list.size() >= 10);
  const reversi::Rules rules;
  std::set<std::pair<reversi::Bits, reversi::Bits>> seen;
  for (const auto& puzzle : list) {
    const auto board = reversi::parse_board(puzzle.at("board").get<std::string>(), rules);
    REQUIRE_FALSE(board.error);
    INFO(kind << " puzzle from " << puzzle.at("source").get<std::string>());
    CHECK(puzzle.at("kind") == kind);
    const auto expected =
        reversi::test::reference_tactic(rules, *reversi::parse_tactic(kind), board.position, 3);
    CHECK(puzzle.at("moves").get<int>() == expected.fewest);
    REQUIRE(expected.fastest.size() == 1);
    CHECK(puzzle.at("answer") == rules.geometry().name(expected.fastest.front()));
    CHECK(seen.insert(canonical(rules, board.position)).second);
  }
  return obf.out;
}

// `text` with the first `from` after `after` replaced by `to`.
std::string replaced(std::string text, const std::string& after, const std::string& from,
                     const std::string& to) {
  const std::size_t at = text.find(from, text.find(after));
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

}  // namespace

TEST_CASE(
    "Forced wipeouts and corners from real games are re-proved by a plain reference and by "
    "puzzle check, which names a puzzle whose kind or number of moves was changed",
    "[cli][.shared]") {
  const std::string wthor = reversi::testing::shared_data("wthor/WTH_1993.wtb");
  for (const std::string kind : {"wipeout", "corner"}) {
    const std::string obf = generate_and_reprove(kind, wthor);
    const auto check = run_reversi("puzzle check -", obf);
    CHECK(check.status == 0);
    CHECK(contains(check.out, " 0 wrong"));
    const std::string other = kind == "wipeout" ? "corner" : "wipeout";
    const auto changed_kind =
        run_reversi("puzzle check -", replaced(obf, "% puzzle 2:", kind + " in", other + " in"));
    CHECK(changed_kind.status == 1);
    CHECK(contains(changed_kind.err, "line 4:"));
    CHECK(contains(changed_kind.out, " 1 wrong"));
    const auto changed_moves =
        run_reversi("puzzle check -", replaced(obf, "% puzzle 3:", " in 2,", " in 4,"));
    CHECK(changed_moves.status == 1);
    CHECK(contains(changed_moves.out, " 1 wrong"));
  }
}

TEST_CASE("puzzle generate --html writes a sheet with a diagram per puzzle and the answers apart",
          "[cli]") {
  const std::string examples = std::string(REVERSI_SOURCE_DIR) + "/data/examples/";
  const std::string sheet = "puzzle-sheet-test.html";
  const auto r = run_reversi("puzzle generate --count 3 --max-empties 14 --per-game 20 --html " +
                             sheet + " " + examples + "annotate.txt " + examples + "games.txt");
  REQUIRE(r.status == 0);
  std::ifstream in(sheet);
  const std::string html((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::remove(sheet.c_str());
  const auto count = [&](const std::string& part) {
    std::size_t n = 0;
    for (auto at = html.find(part); at != std::string::npos; at = html.find(part, at + 1)) ++n;
    return n;
  };
  CHECK(count("<div class=\"puzzle\"") == 3);
  CHECK(count("<svg") == 3);
  CHECK(count("<li><b>") == 3);
  CHECK(count("<?xml") == 0);
  CHECK(html.find("<h1>Answers</h1>") > html.rfind("<svg"));
  CHECK(contains(html, ".answers { break-before: page; }"));
  // The first answer is the first OBF line's best move.
  const std::size_t line = r.out.find('\n') + 1;
  const std::string best = r.out.substr(r.out.find("; ", line) + 2, 2);
  std::string lower = best;
  for (auto& ch : lower) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  CHECK(contains(html, "<li><b>1. " + lower + "</b>"));
}
