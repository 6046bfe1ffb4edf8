// Move lists: one game a line, any case, separators optional, labels and comments.
#include "core/records/movelist.hpp"

#include "records_helpers.hpp"

using namespace reversi;
using namespace reversi::records;
using testing::read_all;

TEST_CASE("A move list file has one game per line, skipping blank lines and comments",
          "[records]") {
  const auto games = read_all(Format::moves, "# openings\n\nf5d6c3\r\nF5 D6 C3 # tiger?\n\n");
  REQUIRE(games.size() == 2);
  CHECK(games[0].record.source.line == 3);
  CHECK(games[1].record.source.line == 4);
  CHECK(games[1].record.source.game == 2);
  for (const auto& g : games) {
    CHECK_FALSE(g.error);
    CHECK(g.record.moves.size() == 3);
  }
}

TEST_CASE("Text after a wide gap that is not a move is the game's name", "[records]") {
  const auto g = read_all(Format::moves, "F5d6C3d3C4                               Tiger\n")[0];
  CHECK(g.record.meta.name == "Tiger");
  CHECK(g.record.moves.size() == 5);
  SECTION("but moves after a wide gap stay moves") {
    CHECK(read_all(Format::moves, "f5 d6   c3")[0].record.moves.size() == 3);
  }
  SECTION("and a bad word after a single space is an error") {
    const auto bad = read_all(Format::moves, "f5 d6 Tiger")[0];
    REQUIRE(bad.error);
    CHECK(bad.error->kind == ErrorKind::unknown_token);
    CHECK(bad.error->move_number == 3);
  }
}

TEST_CASE("Move lists take their rules from the options", "[records]") {
  ReaderOptions options;
  options.rules = Rules(6);
  const auto g = read_all(Format::moves, "g1", options)[0];
  REQUIRE(g.error);
  CHECK(g.error->kind == ErrorKind::off_board);
  CHECK(g.record.rules.size() == 6);
}

TEST_CASE("An unknown token keeps the moves before it so the position can be shown", "[records]") {
  const auto g = read_all(Format::moves, "f5 d6 zz c3")[0];
  REQUIRE(g.error);
  CHECK(g.record.moves.size() == 2);
  const auto v = validate(g);
  CHECK(v.verdict == Verdict::invalid);
  REQUIRE(v.before);
  CHECK(v.before->to_move == Color::dark);
  CHECK(v.legal == Rules().legal_moves(*v.before));
}

TEST_CASE("The transcripts validate: XOT openings are unfinished, named openings keep names",
          "[records][.shared]") {
  const auto dir = testing::shared_data("transcripts");
  const auto xot = read_all(Format::moves, testing::slurp(dir / "nboard_xot-large.txt"));
  CHECK(xot.size() == 10784);
  int unfinished = 0;
  for (const auto& g : xot) unfinished += validate(g).verdict == Verdict::unfinished;
  CHECK(unfinished == static_cast<int>(xot.size()));
  const auto named = read_all(Format::moves, testing::slurp(dir / "welty_othello_openings.txt"));
  CHECK(named.size() == 86);  // 89 lines, three of them "//" comments
  for (const auto& g : named) {
    CHECK(validate(g).verdict != Verdict::invalid);
    CHECK_FALSE(g.record.meta.name.empty());
  }
}
