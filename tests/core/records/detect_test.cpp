// Format detection from the name, then the content.
#include "core/records/detect.hpp"

#include <catch2/catch.hpp>

using namespace reversi::records;

TEST_CASE("A known extension names the format", "[records]") {
  CHECK(detect_format("", "games.GGF") == Format::ggf);
  CHECK(detect_format("", "dir.d/WTH_1990.wtb") == Format::wthor);
  CHECK(detect_format("", "x.wtd") == Format::wthor);
  CHECK(detect_format("", "fforum.obf") == Format::obf);
  CHECK(detect_format("f5d6", "out.jsonl") == Format::json);
  CHECK(wthor_size_from_extension("a.wtd") == 10);
}

TEST_CASE("Without an extension the content decides", "[records]") {
  const std::string start = std::string(27, '-') + "OX------XO" + std::string(27, '-');
  CHECK(detect_format("# openings\nf5d6c3\n", "openings.txt") == Format::moves);
  CHECK(detect_format("2 (;GM[Othello]", "-") == Format::ggf);
  CHECK(detect_format("\n(;GM[Othello]", "") == Format::ggf);
  CHECK(detect_format("  {\"games\": []}", "") == Format::json);
  CHECK(detect_format(start + " X; F5:+0;\n", "") == Format::obf);
  CHECK(detect_format(start + " X\n", "") == Format::board);
  std::string wthor(16, '\0');
  wthor[12] = 8;
  CHECK(detect_format(wthor, "") == Format::wthor);
}
