// Perft against the published tables and against the reference rules.
#include "analysis/perft.hpp"

#include <catch2/catch.hpp>
#include <vector>

#include "reference.hpp"

using namespace reversi;

namespace {

// OEIS A124004, plies 0..13: a pass is a ply, games finished early are dropped.
const std::vector<std::uint64_t> oeis_8x8 = {
    1,     4,      12,      56,       244,       1396,       8200,
    55092, 390216, 3005288, 24571056, 212258216, 1939879668, 18429618408ULL};
// Aart Bik's table, plies 10..12: a game finished early counts as one leaf.
const std::vector<std::uint64_t> bik_8x8_from_10 = {24571284, 212258800, 1939886636};

std::uint64_t count(const Rules& rules, int depth, PerftConvention c, int threads,
                    std::size_t hash_mb = 0) {
  return perft(PerftRequest{.rules = rules,
                            .root = rules.initial(),
                            .depth = depth,
                            .convention = c,
                            .threads = threads,
                            .hash_mb = hash_mb,
                            .on_progress = {},
                            .stop = nullptr})
      .leaves;
}

// Perft straight over the array-based reference rules.
std::uint64_t reference_count(const Rules& rules, const reference::Board& b, int depth,
                              bool count_finished) {
  if (depth == 0) return 1;
  const auto moves = reference::legal_moves(b);
  if (moves.empty()) {
    const auto passed = reference::pass(b);
    if (reference::legal_moves(passed).empty()) return count_finished ? 1 : 0;
    return reference_count(rules, passed, depth - 1, count_finished);
  }
  std::uint64_t n = 0;
  for (auto [r, c] : moves)
    n += reference_count(rules, reference::play(b, r, c), depth - 1, count_finished);
  return n;
}

}  // namespace

TEST_CASE("8x8 perft matches OEIS A124004 up to ply 9", "[perft]") {
  const Rules rules;
  for (int d = 0; d <= 9; ++d)
    CHECK(count(rules, d, PerftConvention::oeis, 2) == oeis_8x8[static_cast<std::size_t>(d)]);
}

TEST_CASE("8x8 perft plies 10 and 11 match OEIS and Bik's table", "[perft][slow]") {
  const Rules rules;
  for (int d = 10; d <= 11; ++d) {
    CHECK(count(rules, d, PerftConvention::oeis, 2) == oeis_8x8[static_cast<std::size_t>(d)]);
    CHECK(count(rules, d, PerftConvention::bik, 2) ==
          bik_8x8_from_10[static_cast<std::size_t>(d - 10)]);
  }
}

TEST_CASE("The conventions agree until games that ended at ply 9 are counted at ply 10",
          "[perft]") {
  const Rules rules;
  for (int d = 0; d <= 9; ++d)
    CHECK(count(rules, d, PerftConvention::bik, 1) == count(rules, d, PerftConvention::oeis, 1));
  CHECK(count(rules, 10, PerftConvention::bik, 2) == bik_8x8_from_10[0]);
  CHECK(count(rules, 10, PerftConvention::oeis, 2) == oeis_8x8[10]);
}

TEST_CASE("Perft counts do not depend on the number of threads", "[perft]") {
  const Rules rules(6);
  for (auto c : {PerftConvention::oeis, PerftConvention::bik}) {
    const auto one = count(rules, 9, c, 1);
    CHECK(count(rules, 9, c, 2) == one);
    CHECK(count(rules, 9, c, 5) == one);
  }
}

TEST_CASE("Perft tables for 4x4, 6x6 and 10x10 match the reference rules", "[perft]") {
  struct Case {
    int size;
    int depth;
  };
  for (const Case& c : {Case{4, 12}, Case{6, 7}, Case{10, 5}}) {
    const Rules rules(c.size);
    const auto board = reference::from_position(rules, rules.initial());
    for (int d = 1; d <= c.depth; ++d) {
      for (auto conv : {PerftConvention::oeis, PerftConvention::bik}) {
        INFO(c.size << "x" << c.size << " ply " << d << " " << convention_name(conv));
        const auto expected = reference_count(rules, board, d, conv == PerftConvention::bik);
        CHECK(count(rules, d, conv, 2) == expected);
        CHECK(perft_plain(rules, rules.initial(), d, conv) == expected);
      }
    }
  }
}

TEST_CASE("Perft over variants matches the reference rules", "[perft]") {
  const Geometry g6(6);
  const std::vector<Rules> variants = {
      Rules(6, Start::free),
      Rules(6, Start::standard, true),
      Rules(6, Start::standard, false, bit<Bits>(g6.square(1, 1)) | bit<Bits>(g6.square(4, 0))),
      Rules(4, Start::free),
  };
  for (const auto& rules : variants) {
    const auto board = reference::from_position(rules, rules.initial());
    for (int d = 1; d <= 7; ++d) {
      INFO(rules.describe() << " ply " << d);
      CHECK(count(rules, d, PerftConvention::bik, 2) == reference_count(rules, board, d, true));
    }
  }
}

TEST_CASE("Counting through a table of transpositions gives the same counts", "[perft]") {
  const Rules rules;
  for (int d = 3; d <= 9; ++d) {
    CHECK(count(rules, d, PerftConvention::oeis, 1, 1) == oeis_8x8[static_cast<std::size_t>(d)]);
    CHECK(count(rules, d, PerftConvention::bik, 2, 1) == count(rules, d, PerftConvention::bik, 1));
  }
  const Rules ten(10);
  CHECK(count(ten, 6, PerftConvention::oeis, 2, 1) == count(ten, 6, PerftConvention::oeis, 2));
}
