// The endgame table: bounds come back for the same position only, and forget() and clear() leave
// nothing readable of what was stored before them.
#include "analysis/endgame/table.hpp"

#include <catch2/catch.hpp>
#include <random>
#include <vector>

using namespace reversi;
using reversi::endgame::Table;
using reversi::endgame::TableData;

namespace {

struct Stored {
  Bits64 player;
  Bits64 opponent;
  int lower;
  int upper;
};

// Disjoint random discs: positions that may or may not share a bucket in a small table.
std::vector<Stored> random_entries(std::mt19937_64& rng, int count) {
  std::vector<Stored> out;
  for (int i = 0; i < count; ++i) {
    const Bits64 a = rng();
    const Bits64 b = rng() & ~a;
    const int lower = static_cast<int>(rng() % 64) - 64;
    out.push_back({a, b, lower, lower + static_cast<int>(rng() % 64)});
  }
  return out;
}

// How many of the entries read back with their bounds.
int found(const Table<Bits64>& table, const std::vector<Stored>& entries) {
  int hits = 0;
  for (const Stored& e : entries) {
    TableData d;
    if (!table.probe(e.player, e.opponent, 0, d)) continue;
    CHECK(d.lower == e.lower);
    CHECK(d.upper == e.upper);
    ++hits;
  }
  return hits;
}

void store_all(Table<Bits64>& table, const std::vector<Stored>& entries) {
  for (const Stored& e : entries) table.store(e.player, e.opponent, 0, 20, e.lower, e.upper, 3);
}

}  // namespace

TEST_CASE("A table reads back what it stored, and nothing after forget or clear", "[solver]") {
  std::mt19937_64 rng(7);
  Table<Bits64> table(1);
  const auto before = random_entries(rng, 200);
  table.new_search();
  store_all(table, before);
  CHECK(found(table, before) >= 190);  // a few share a bucket of two and push one out
  for (int round = 0; round < 300; ++round) {
    INFO("round " << round);
    table.forget();
    CHECK(found(table, before) == 0);
    table.new_search();
    const auto now = random_entries(rng, 20);
    store_all(table, now);
    CHECK(found(table, now) >= 18);
    if (round % 100 == 0) CHECK(found(table, before) == 0);
  }
  table.clear();
  CHECK(found(table, before) == 0);
}
