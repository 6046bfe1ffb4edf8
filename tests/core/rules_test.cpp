// The SPEC's worked examples and the rules layer's contracts.
#include "core/rules.hpp"

#include <catch2/catch.hpp>
#include <set>

#include "core/game.hpp"
#include "core/notation.hpp"
#include "reference.hpp"

using namespace reversi;

namespace {

Bits squares(const Geometry& g, std::initializer_list<const char*> names) {
  Bits b = 0;
  for (const char* n : names) b |= bit<Bits>(*g.parse(n));
  return b;
}

Replay play_list(const Rules& rules, const char* moves) {
  const auto parsed = parse_move_list(moves, rules.geometry());
  REQUIRE_FALSE(parsed.error);
  return replay(rules, rules.initial(), parsed.moves);
}

}  // namespace

TEST_CASE("Example 1: from the 8x8 start dark's moves are d3 c4 f5 e6 and d3 flips only d4",
          "[rules]") {
  const Rules rules;
  const auto& g = rules.geometry();
  const Position start = rules.initial();
  CHECK(rules.legal_moves(start) == squares(g, {"d3", "c4", "f5", "e6"}));
  CHECK(rules.flips(start, *g.parse("d3")) == squares(g, {"d4"}));
  const Position after = rules.play(start, *g.parse("d3"));
  const Tally t = rules.tally(after);
  CHECK(t.dark == 4);
  CHECK(t.light == 1);
  CHECK((after.discs(Color::dark) & squares(g, {"e4"})) != 0);
  CHECK((after.discs(Color::light) & squares(g, {"e5"})) != 0);
}

TEST_CASE("Example 2: the free-centre parallel formation gives c6 d6 e6 f6, each flipping one disc",
          "[rules]") {
  const Rules rules(8, Start::free);
  const auto& g = rules.geometry();
  const Replay r = play_list(rules, "d4 d5 e4 e5");
  REQUIRE(r.ok());
  const Position p = r.final_position;
  CHECK(p.to_move == Color::dark);
  CHECK(rules.legal_moves(p) == squares(g, {"43", "44", "45", "46"}));
  for_each_square(rules.legal_moves(p),
                  [&](Square sq) { CHECK(popcount(rules.flips(p, sq)) == 1); });
}

TEST_CASE("Example 3: a run flips only when closed by the mover's own disc", "[rules]") {
  const Rules rules;
  const auto parse = [&](const char* row1) {
    std::string s = row1;
    s += std::string(56, '-') + " X";
    return parse_board(s, rules).position;
  };
  const auto& g = rules.geometry();
  // a1 new dark, light, light, dark: both flip.
  CHECK(rules.flips(parse("-OOX----"), *g.parse("a1")) == squares(g, {"b1", "c1"}));
  // light, empty, light: no capture.
  CHECK(rules.flips(parse("-O-OX---"), *g.parse("a1")) == 0);
  // light to the edge: no capture.
  CHECK(rules.flips(parse("-OOOOOOO"), *g.parse("a1")) == 0);
}

TEST_CASE("Example 4: a move closing runs in several directions flips all of them", "[rules]") {
  const Rules rules;
  const auto& g = rules.geometry();
  // d4 empty, surrounded by light on every side, dark two squares away in every direction.
  std::string rows =
      "--------"
      "-X-X-X--"
      "--OOO---"
      "-XO-OX--"
      "--OOO---"
      "-X-X-X--"
      "--------"
      "--------";
  const Position p = parse_board(rows + " X", rules).position;
  CHECK(rules.flips(p, *g.parse("d4")) ==
        squares(g, {"c3", "d3", "e3", "c4", "e4", "c5", "d5", "e5"}));
}

TEST_CASE("Example 5: a position where one side has no discs is over at once", "[rules]") {
  const Rules rules;
  const Position p =
      parse_board(std::string(27, '-') + "XX" + std::string(35, '-') + " O", rules).position;
  CHECK(rules.game_over(p));
  CHECK(rules.value(p, Color::dark) == 64);
}

TEST_CASE("Example 6: e6 f4 e3 f6 g5 d6 e7 f5 c5 ends 13-0 for dark after nine moves", "[rules]") {
  const Rules rules;
  const Replay r = play_list(rules, "e6 f4 e3 f6 g5 d6 e7 f5 c5");
  REQUIRE(r.ok());
  CHECK(r.finished);
  const Tally t = rules.tally(r.final_position);
  CHECK(t.dark == 13);
  CHECK(t.light == 0);
  CHECK(rules.with_scoring(Scoring::count).value(t, Color::dark) == 13);
  CHECK(rules.value(t, Color::dark) == 64);
}

TEST_CASE("Example 7: on 4x4 a side may pass in mid-game and a game can end with empties left",
          "[rules]") {
  const Rules rules(4);
  // Search random games for both phenomena; the rules must produce both.
  bool saw_midgame_pass = false;
  bool saw_early_end = false;
  std::vector<Position> stack{rules.initial()};
  while (!stack.empty() && !(saw_midgame_pass && saw_early_end)) {
    const Position p = stack.back();
    stack.pop_back();
    if (rules.game_over(p)) {
      if (rules.tally(p).empty > 0) saw_early_end = true;
      continue;
    }
    const Bits moves = rules.legal_moves(p);
    if (moves == 0) {
      saw_midgame_pass = true;
      stack.push_back(rules.pass(p));
      continue;
    }
    for_each_square(moves, [&](Square sq) { stack.push_back(rules.play(p, sq)); });
  }
  CHECK(saw_midgame_pass);
  CHECK(saw_early_end);
}

TEST_CASE("Square numbers 1..64 name 8x8 squares row by row", "[notation]") {
  const Geometry g(8);
  CHECK(g.name(*g.parse("43")) == "c6");
  CHECK(g.name(*g.parse("22")) == "f3");
  CHECK(g.number(*g.parse("h8")) == 64);
  CHECK_FALSE(g.parse("65"));
  CHECK_FALSE(Geometry(6).parse("12"));
}

TEST_CASE("Move lists are read with or without separators and in either case", "[notation]") {
  const Geometry g(8);
  for (const char* text : {"f5d6c3", "F5 d6 C3", "f5-d6-c3", "f5,d6,c3"}) {
    const auto parsed = parse_move_list(text, g);
    REQUIRE_FALSE(parsed.error);
    REQUIRE(parsed.moves.size() == 3);
    CHECK(g.name(parsed.moves[2].square) == "c3");
  }
  const auto ten = parse_move_list("j10a10b1", Geometry(10));
  REQUIRE_FALSE(ten.error);
  CHECK(Geometry(10).name(ten.moves[1].square) == "a10");
  for (const char* p : {"pass", "PA", "ps", "@@"}) {
    const auto parsed = parse_move_list(p, g);
    REQUIRE(parsed.moves.size() == 1);
    CHECK(parsed.moves[0].is_pass());
  }
}

TEST_CASE("Bad move lists name the move number and the reason", "[notation]") {
  const Rules rules;
  const auto& g = rules.geometry();
  SECTION("an unknown token") {
    const auto parsed = parse_move_list("f5 d6 zz c3", g);
    REQUIRE(parsed.error);
    CHECK(parsed.error->kind == ErrorKind::unknown_token);
    CHECK(parsed.error->move_number == 3);
  }
  SECTION("a square off the board") {
    const auto parsed = parse_move_list("f5 i9", g);
    REQUIRE(parsed.error);
    CHECK(parsed.error->kind == ErrorKind::off_board);
    CHECK(parsed.error->move_number == 2);
  }
  SECTION("an illegal move") {
    const Replay r = play_list(rules, "f5 d6 a1");
    REQUIRE(r.error);
    CHECK(r.error->error.kind == ErrorKind::flips_nothing);
    CHECK(r.error->error.move_number == 3);
    CHECK(r.error->legal == rules.legal_moves(r.error->before));
  }
  SECTION("an occupied square") {
    const Replay r = play_list(rules, "f5 f5");
    REQUIRE(r.error);
    CHECK(r.error->error.kind == ErrorKind::occupied);
  }
  SECTION("a move after the game ended") {
    const Replay r = play_list(rules, "e6 f4 e3 f6 g5 d6 e7 f5 c5 a1");
    REQUIRE(r.error);
    CHECK(r.error->error.kind == ErrorKind::after_game_end);
    CHECK(r.error->error.move_number == 10);
  }
  SECTION("a board string of the wrong size") {
    const auto b = parse_board(std::string(36, '-') + " X", rules);
    REQUIRE(b.error);
    CHECK(b.error->kind == ErrorKind::wrong_size);
  }
}

TEST_CASE("Forced passes are inferred and explicit passes accepted", "[rules]") {
  const Rules rules(4);
  // Find a game with a pass by depth-first search, then replay it with and without the pass.
  std::vector<std::pair<Position, std::vector<Square>>> stack{{rules.initial(), {}}};
  std::vector<Square> with_pass;
  while (!stack.empty() && with_pass.empty()) {
    auto [p, line] = stack.back();
    stack.pop_back();
    if (rules.game_over(p)) continue;
    const Bits moves = rules.legal_moves(p);
    if (moves == 0) {
      line.push_back(no_square);
      with_pass = line;
      break;
    }
    for_each_square(moves, [&](Square sq) {
      auto next = line;
      next.push_back(sq);
      stack.emplace_back(rules.play(p, sq), next);
    });
  }
  REQUIRE_FALSE(with_pass.empty());
  std::vector<WrittenMove> explicit_moves;
  std::vector<WrittenMove> implicit_moves;
  for (Square sq : with_pass) {
    explicit_moves.push_back(WrittenMove{"", sq, {}});
    if (sq != no_square) implicit_moves.push_back(WrittenMove{"", sq, {}});
  }
  const Replay a = replay(rules, rules.initial(), explicit_moves);
  REQUIRE(a.ok());
  CHECK(a.moves.back().is_pass());
  CHECK_FALSE(a.moves.back().inferred);
  // A pass while moves exist is an error.
  std::vector<WrittenMove> bad{WrittenMove{"pass", no_square, {}}};
  const Replay b = replay(rules, rules.initial(), bad);
  REQUIRE(b.error);
  CHECK(b.error->error.kind == ErrorKind::pass_with_moves);
}

TEST_CASE("Symmetries map the board onto itself and compose into a group of eight", "[geometry]") {
  for (int size : Geometry::supported_sizes) {
    const Geometry g(size);
    const Rules rules(size);
    for (int s = 0; s < symmetry_count; ++s) {
      CHECK(g.transform(g.squares(), s) == g.squares());
      // The standard start is symmetric under the four diagonal-preserving symmetries.
      if (s == 0 || s == 3 || s == 4 || s == 7)
        CHECK(g.transform(rules.initial().player, s) == rules.initial().player);
    }
    std::set<Bits> images;
    const Bits corner_and_next = bit<Bits>(g.square(0, 0)) | bit<Bits>(g.square(0, 1));
    for (int s = 0; s < symmetry_count; ++s) images.insert(g.transform(corner_and_next, s));
    CHECK(images.size() == 8);
  }
}

TEST_CASE("Scores: winner takes empties, count, and anti-reversi", "[rules]") {
  CHECK(margin(30, 20, 14, false, Scoring::count) == 10);
  CHECK(margin(30, 20, 14, false, Scoring::winner_takes_empties) == 24);
  CHECK(margin(20, 30, 14, false, Scoring::winner_takes_empties) == -24);
  CHECK(margin(25, 25, 14, false, Scoring::winner_takes_empties) == 0);
  CHECK(margin(20, 30, 14, true, Scoring::count) == 10);
  CHECK(margin(20, 30, 14, true, Scoring::winner_takes_empties) == 24);
}

// SPEC: in the free-centre start each side owns N*N/2 discs whatever holes the board has.
TEST_CASE("The free-centre start gives each side N*N/2 discs however many holes the board has",
          "[rules]") {
  for (int size : Geometry::supported_sizes) {
    const Geometry g(size);
    const Bits one = bit<Bits>(g.square(0, 1));
    const Bits two = one | bit<Bits>(g.square(size - 1, size - 1));
    for (Bits holes : {Bits{0}, one, two}) {
      INFO(size << "x" << size << " holes " << g.list(holes));
      const Rules rules(size, Start::free, false, holes);
      const Position start = rules.initial();
      const Position expected = reference::to_position(rules, reference::initial(rules));
      CHECK(start == expected);
      CHECK(start.supply[0] == size * size / 2);
      CHECK(start.supply[1] == size * size / 2);
    }
  }
}

namespace {
// True when some game from `p` ends with every playable square filled.
bool can_fill(const Rules& rules, const Position& p) {
  if (rules.empties(p) == 0) return true;
  const Bits moves = rules.legal_moves(p);
  if (moves == 0) {
    const Position passed = rules.pass(p);
    return rules.has_move(passed) && can_fill(rules, passed);
  }
  bool found = false;
  for_each_square(moves, [&](Square sq) { found = found || can_fill(rules, rules.play(p, sq)); });
  return found;
}
}  // namespace

TEST_CASE("With N*N/2 discs each, a 4x4 free-centre board with one hole can be filled", "[rules]") {
  const Geometry g(4);
  // 15 playable squares: half of them rounded down (7 each) could never fill the last one.
  const Rules one_hole(4, Start::free, false, bit<Bits>(*g.parse("a1")));
  CHECK(can_fill(one_hole, one_hole.initial()));
  // Two holes: still 8 discs each, not 7.
  const Rules two_holes(4, Start::free, false, squares(g, {"a1", "d4"}));
  CHECK(can_fill(two_holes, two_holes.initial()));
  CHECK(two_holes.initial().supply[0] == 8);
}
