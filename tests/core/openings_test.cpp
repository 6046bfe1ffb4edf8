#include "core/openings.hpp"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/notation.hpp"

namespace reversi {

namespace {

OpeningBook shipped_book() {
  std::ifstream in(std::filesystem::path(REVERSI_SOURCE_DIR) / "data/openings/openings.txt");
  std::stringstream text;
  text << in.rdbuf();
  return OpeningBook::parse(text.str());
}

Position after(const std::vector<Square>& moves) {
  const Rules rules;
  Position p = rules.initial();
  for (const Square sq : moves) p = rules.play(p, sq);
  return p;
}

// The symmetries other than the identity that keep the standard start.
constexpr int start_symmetries[] = {3, 4, 7};

}  // namespace

TEST_CASE("Every shipped opening names its own line and the line's three symmetric images",
          "[unit][db]") {
  const OpeningBook book = shipped_book();
  REQUIRE(book.openings().size() == 86);
  const Geometry g(8);
  for (const auto& opening : book.openings()) {
    DYNAMIC_SECTION(opening.name) {
      // A line that reaches the position of an earlier one carries the earlier name.
      const auto own = book.name_of(after(opening.moves));
      REQUIRE(own.has_value());
      CHECK(book.name_of_line(opening.moves) == own);
      for (const int s : start_symmetries) {
        std::vector<Square> turned;
        for (const Square sq : opening.moves) turned.push_back(g.transform(sq, s));
        CHECK(book.name_of(after(turned)) == own);
      }
    }
  }
}

TEST_CASE("The Tiger is named by its position and a line through it by the deepest name",
          "[unit][db]") {
  const OpeningBook book = shipped_book();
  const Geometry g(8);
  const auto line = [&](const std::string& text) {
    std::vector<Square> out;
    for (const auto& m : parse_move_list(text, g).moves) out.push_back(m.square);
    return out;
  };
  CHECK(book.name_of(after(line("f5 d6 c3 d3 c4"))) == "Tiger");
  CHECK(book.name_of(after(line("c4 e3 f6 e6 f5"))) == "Tiger");
  CHECK(book.name_of_line(line("f5 d6 c3 d3 c4 f4 c5 b3 c2 e3 d2")) == "Nicolet");
  CHECK_FALSE(book.name_of(after(line("f5 f6 e6 f4 e3 c5 c4 e7 c6 e2"))).has_value());
}

TEST_CASE("An opening line with an illegal move is refused naming its line", "[unit][db]") {
  CHECK_THROWS_WITH(OpeningBook::parse("# c\nGood: f5 d6\nBad: f5 f5\n"),
                    Catch::Contains("line 3"));
}

}  // namespace reversi
