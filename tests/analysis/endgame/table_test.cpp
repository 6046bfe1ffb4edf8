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
    if (!table.probe({e.player, e.opponent}, 0, d)) continue;
    CHECK(d.lower == e.lower);
    CHECK(d.upper == e.upper);
    ++hits;
  }
  return hits;
}

void store_all(Table<Bits64>& table, const std::vector<Stored>& entries) {
  for (const Stored& e : entries) table.store({e.player, e.opponent}, 0, 20, e.lower, e.upper, 3);
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

TEST_CASE(
    "A selective search's bounds serve only searches as selective, and exact ones replace them",
    "[solver]") {
  using reversi::endgame::trusted;
  Table<Bits64> table(1);
  table.new_search();
  const Bits64 player = 0x0000001008000000ULL;
  const Bits64 opponent = 0x0000000810000000ULL;
  constexpr int empties = 20;
  constexpr int level = 20;
  const auto read = [&] {
    TableData d;
    REQUIRE(table.probe({player, opponent}, 0, d));
    return d;
  };
  table.store({player, opponent}, 0, empties, 6, 6, 19, level);
  TableData d = read();
  CHECK(d.lower == 6);
  CHECK(d.move == 19);
  CHECK(trusted(d, level));
  CHECK(trusted(d, level - 5));
  CHECK_FALSE(trusted(d, level + 10));  // a more confident search
  CHECK_FALSE(trusted(d, 0));           // the exact search: its move only

  // Contradicting selective bounds: the newer stand.
  table.store({player, opponent}, 0, empties, 10, solve_infinity, -1, level);
  d = read();
  CHECK(d.lower == 10);
  CHECK(d.upper == solve_infinity);
  CHECK(d.move == 19);

  // An exact bound drops the selective ones and keeps the move until it has its own.
  table.store({player, opponent}, 0, empties, -solve_infinity, 4, -1, 0);
  d = read();
  CHECK(d.level == 0);
  CHECK(d.lower == -solve_infinity);
  CHECK(d.upper == 4);
  CHECK(d.move == 19);

  // A selective search learns nothing an exact bound does not outrank.
  table.store({player, opponent}, 0, empties, 8, 8, 37, level);
  d = read();
  CHECK(d.level == 0);
  CHECK(d.lower == -solve_infinity);
  CHECK(d.upper == 4);
  CHECK(d.move == 19);
  CHECK(trusted(d, 0));
  CHECK(trusted(d, level));
}

TEST_CASE(
    "The tables keep positions near the end apart from the others, each readable by its "
    "empties",
    "[solver]") {
  using reversi::endgame::Tables;
  Tables<Bits64> tables(16);
  std::mt19937_64 rng(11);
  const std::vector<Stored> entries = random_entries(rng, 200);
  const int near = Tables<Bits64>::near_empties;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const Stored& e = entries[i];
    const int empties = i % 2 == 0 ? near - 1 : near;
    tables.store({e.player, e.opponent}, 0, empties, e.lower, e.upper, -1, 0);
  }
  int near_hits = 0;
  int far_hits = 0;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const Stored& e = entries[i];
    const bool stored_near = i % 2 == 0;
    TableData d;
    // Asked under the other table's empties, the position is not there.
    CHECK_FALSE(tables.probe(stored_near ? near : near - 1, {e.player, e.opponent}, 0, d, 0));
    if (!tables.probe(stored_near ? near - 1 : near, {e.player, e.opponent}, 0, d, 0)) continue;
    CHECK(d.lower == e.lower);
    CHECK(d.upper == e.upper);
    ++(stored_near ? near_hits : far_hits);
  }
  // Two entries a bucket: in tables of 4 and 16 MB nearly all of the 100 each stay.
  CHECK(near_hits >= 95);
  CHECK(far_hits >= 95);
  tables.forget();
  TableData d;
  for (const Stored& e : entries)
    CHECK_FALSE(tables.probe(near - 1, {e.player, e.opponent}, 0, d, 0));
}

TEST_CASE("Each thread keeps its own positions near the end, and shares the others", "[solver]") {
  using reversi::endgame::Tables;
  Tables<Bits64> tables(16, 2);
  REQUIRE(tables.workers() == 2);
  std::mt19937_64 rng(12);
  const std::vector<Stored> entries = random_entries(rng, 100);
  const int nearest = Tables<Bits64>::nearest_empties - 1;
  const int near = Tables<Bits64>::nearest_empties;
  for (const Stored& e : entries) {
    tables.store({e.player, e.opponent}, 0, nearest, e.lower, e.upper, -1, 0);
    tables.store({e.player, e.opponent}, 0, near, e.lower, e.upper, -1, 1);
  }
  int own = 0;
  int shared = 0;
  for (const Stored& e : entries) {
    TableData d;
    // The other thread's nearest table does not hold what thread 0 stored there.
    CHECK_FALSE(tables.probe(nearest, {e.player, e.opponent}, 0, d, 1));
    if (tables.probe(nearest, {e.player, e.opponent}, 0, d, 0)) ++own;
    // A slot beyond the tables reads the first one.
    if (tables.probe(nearest, {e.player, e.opponent}, 0, d, 5)) CHECK(d.lower == e.lower);
    // The near table is one for all threads.
    if (tables.probe(near, {e.player, e.opponent}, 0, d, 0)) ++shared;
  }
  CHECK(own >= 95);
  CHECK(shared >= 95);
  tables.fit_workers(3);
  CHECK(tables.workers() == 3);
}
