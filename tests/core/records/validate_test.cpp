// Validation: verdicts, the first error with its position, and the checks of stated results.
#include "core/records/validate.hpp"

#include "core/records/movelist.hpp"
#include "records_helpers.hpp"

using namespace reversi;
using namespace reversi::records;
using testing::read_one;

TEST_CASE("A game played to its end is valid, one that stops early is unfinished", "[records]") {
  const auto done = validate(read_one(Format::moves, "e6 f4 e3 f6 g5 d6 e7 f5 c5"));
  CHECK(done.verdict == Verdict::valid);
  CHECK(done.finished);
  CHECK(done.dark_margin == 64);
  CHECK(done.moves_replayed == 9);
  const auto open = validate(read_one(Format::moves, "f5 d6"));
  CHECK(open.verdict == Verdict::unfinished);
  CHECK_FALSE(open.error);
}

TEST_CASE("Requiring complete games makes an unfinished game an error at its last position",
          "[records]") {
  const auto v = validate(read_one(Format::moves, "f5 d6"), ValidateOptions{true});
  CHECK(v.verdict == Verdict::invalid);
  REQUIRE(v.error);
  CHECK(v.error->kind == ErrorKind::unfinished);
  REQUIRE(v.before);
  CHECK(v.legal == Rules().legal_moves(*v.before));
}

TEST_CASE("The first error wins: an illegal move before an unreadable token", "[records]") {
  const auto v = validate(read_one(Format::moves, "a1 zz"));
  REQUIRE(v.error);
  CHECK(v.error->kind == ErrorKind::flips_nothing);
  CHECK(v.error->move_number == 1);
  CHECK(v.error->written == "a1");
  CHECK(v.moves_replayed == 0);
}

TEST_CASE("Forced passes in move lists are inferred and counted", "[records]") {
  ReaderOptions options;
  options.rules = Rules(4);
  const auto v = validate(read_one(Format::moves, "b1 a1 a2 c1 d1 a3 a4 d3 b4 c4 d2 d4", options));
  CHECK(v.verdict == Verdict::valid);
  CHECK(v.inferred_passes == 2);
  CHECK(v.passes == 2);
  CHECK(v.moves_replayed == 12);
}

TEST_CASE("WTHOR's stored score gives the empties to the winner", "[records]") {
  CHECK(wthor_black_score(Tally{13, 0, 51}) == 64);
  CHECK(wthor_black_score(Tally{20, 30, 14}) == 20);
  CHECK(wthor_black_score(Tally{30, 30, 4}) == 32);
}
