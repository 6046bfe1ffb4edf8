// The weights built into the binary: the committed file, checked, and a sensible evaluation.
#include "analysis/eval/shipped.hpp"

#include <catch2/catch.hpp>
#include <fstream>
#include <iterator>

#include "core/notation.hpp"
#include "core/rules.hpp"

using namespace reversi;
using namespace reversi::eval;

TEST_CASE("The weights built into the binary are byte for byte the committed file", "[eval]") {
  std::ifstream in(std::string(REVERSI_SOURCE_DIR) + "/data/eval/weights-8x8.bin",
                   std::ios::binary);
  REQUIRE(in);
  const std::string committed((std::istreambuf_iterator<char>(in)),
                              std::istreambuf_iterator<char>());
  CHECK(shipped_weights_bytes() == committed);
  CHECK(shipped_weights_sha256().size() == 64);
  // Parsing checks magic, version, layout, size and checksum.
  CHECK_NOTHROW(parse_weights(shipped_weights_bytes(), "shipped"));
}

TEST_CASE("The shipped evaluation calls the start even and a corner grab good", "[eval]") {
  const Rules rules(8);
  const PatternEvaluator& e = shipped_evaluator();
  const Position start = rules.initial();
  const int even =
      e.evaluate(static_cast<Bits64>(start.player), static_cast<Bits64>(start.opponent));
  CHECK(std::abs(even) < 400);
  // The mover holds all four corners against an otherwise balanced middle.
  const Bits64 corners =
      (Bits64{1} << 0) | (Bits64{1} << 7) | (Bits64{1} << 56) | (Bits64{1} << 63);
  const Bits64 p = static_cast<Bits64>(start.player) | corners;
  const Bits64 o = static_cast<Bits64>(start.opponent) | (Bits64{1} << 9) | (Bits64{1} << 14);
  // Worth more than four discs to either side.
  CHECK(e.evaluate(p, o) > 400);
  CHECK(e.evaluate(o, p) < -400);
}
