// OBF lines and board strings: positions with their scores.
#include "core/records/position.hpp"

#include "records_helpers.hpp"

using namespace reversi;
using namespace reversi::records;
using testing::read_all;

namespace {
const std::string start_cells = std::string(27, '-') + "OX------XO" + std::string(27, '-');
}

TEST_CASE("An OBF line is a position with its move scores kept as metadata", "[records]") {
  const auto g = read_all(Format::obf, "% a comment\n" + start_cells + " X; F5:+0; d3:0;\n")[0];
  REQUIRE_FALSE(g.error);
  CHECK(g.record.position_only);
  CHECK(g.record.source.line == 2);
  CHECK(g.record.start == Rules().initial());
  REQUIRE(g.record.meta.move_scores.size() == 2);
  CHECK(g.record.meta.move_scores[0] == MoveScore{"F5", 0});
  const auto v = validate(g);
  CHECK(v.verdict == Verdict::valid);
}

TEST_CASE("A scored move that is not legal makes the position invalid", "[records]") {
  const auto v = validate(read_all(Format::obf, start_cells + " X; A1:+64;")[0]);
  REQUIRE(v.error);
  CHECK(v.error->kind == ErrorKind::flips_nothing);
  CHECK(v.error->written == "A1");
}

TEST_CASE("Board strings take the size from the rules and name a size that would fit",
          "[records]") {
  ReaderOptions six;
  six.rules = Rules(6);
  const std::string cells6 = "--------------O*----*O-------------- X";
  CHECK_FALSE(read_all(Format::board, cells6, six)[0].error);
  const auto g = read_all(Format::board, cells6)[0];
  REQUIRE(g.error);
  CHECK(g.error->kind == ErrorKind::wrong_size);
  CHECK(g.error->reason.find("6x6") != std::string::npos);
}

TEST_CASE("The FFO positions in data/ffo validate with their scores", "[records]") {
  int positions = 0;
  for (const char* file : {"fforum-1-19.obf", "fforum-20-39.obf", "fforum-40-59.obf"}) {
    for (const auto& g : read_all(Format::obf, testing::slurp(testing::ffo_suite(file)))) {
      ++positions;
      CHECK(validate(g).verdict == Verdict::valid);
      CHECK_FALSE(g.record.meta.move_scores.empty());
    }
  }
  CHECK(positions == 59);
}
