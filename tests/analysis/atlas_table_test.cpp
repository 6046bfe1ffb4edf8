// The shipped atlas table (data/atlas/atlas.json) re-checked: every line replays to its value,
// the 4x4 rows agree with plain minimax, and the rows solve again to what is stored.
#include <tbb/parallel_for.h>

#include <catch2/catch.hpp>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>

#include "analysis/atlas.hpp"
#include "reference.hpp"

using namespace reversi;

namespace {

// One row of the shipped table, read here without the command line's reader.
struct StoredRow {
  Rules rules;
  nlohmann::json json;
  AtlasRow row;
};

std::vector<Square> squares(const Rules& rules, const nlohmann::json& list) {
  std::vector<Square> out;
  for (const auto& s : list) {
    const std::string name = s.get<std::string>();
    out.push_back(name == "pass" ? no_square : *rules.geometry().parse(name));
  }
  return out;
}

std::vector<StoredRow> shipped_rows() {
  std::ifstream in(std::string(REVERSI_SOURCE_DIR) + "/data/atlas/atlas.json");
  REQUIRE(in);
  const auto j = nlohmann::json::parse(in);
  std::vector<StoredRow> out;
  for (const auto& r : j.at("rows")) {
    const ParsedVariant parsed = parse_atlas_id(r.at("id").get<std::string>());
    REQUIRE(parsed.rules);
    StoredRow s{*parsed.rules, r, {}};
    s.row.rules = s.rules;
    s.row.complete = true;
    s.row.value = r.at("value").get<int>();
    s.row.best_moves = squares(s.rules, r.at("best_moves"));
    if (r.contains("cited")) {
      s.row.cited = true;
    } else {
      s.row.pv = squares(s.rules, r.at("pv"));
      const auto& w = r.at("wipeout");
      if (!w.at("earliest").is_null()) s.row.wipeout.earliest = w.at("earliest").get<int>();
      s.row.wipeout.dark_can_force = w.at("dark_can_force").get<bool>();
      s.row.wipeout.light_can_force = w.at("light_can_force").get<bool>();
    }
    out.push_back(s);
  }
  return out;
}

AtlasRow solve_row(const Rules& rules) {
  AtlasRowRequest r;
  r.rules = rules;
  r.hash_mb = 16;
  return solve_atlas_row(r);
}

// Re-solves rows and compares each with its stored self.
void resolve_and_compare(const std::vector<StoredRow>& rows) {
  std::vector<AtlasRow> fresh(rows.size());
  tbb::parallel_for(std::size_t{0}, rows.size(),
                    [&](std::size_t i) { fresh[i] = solve_row(rows[i].rules); });
  for (std::size_t i = 0; i < rows.size(); ++i) {
    INFO(atlas_id(rows[i].rules));
    REQUIRE(fresh[i].complete);
    const auto problems = compare_rows(rows[i].row, fresh[i]);
    for (const auto& p : problems) INFO(p);
    CHECK(problems.empty());
  }
}

// The few 6x6 rows the default run re-solves: the fastest (by stored CPU time), at least one,
// within a budget.
std::vector<StoredRow> fast_rows(const std::vector<StoredRow>& rows, int size, double seconds) {
  std::vector<StoredRow> sized;
  for (const auto& r : rows)
    if (r.rules.size() == size && !r.row.cited) sized.push_back(r);
  const auto cost = [](const StoredRow& r) { return r.json.at("cpu_seconds").get<double>(); };
  std::sort(sized.begin(), sized.end(),
            [&](const StoredRow& a, const StoredRow& b) { return cost(a) < cost(b); });
  std::vector<StoredRow> out;
  double total = 0;
  for (const auto& r : sized) {
    total += cost(r);
    if (!out.empty() && total > seconds) break;
    out.push_back(r);
  }
  return out;
}

}  // namespace

TEST_CASE("Every stored principal variation replays to its row's value", "[atlas]") {
  int replayed = 0;
  for (const auto& s : shipped_rows()) {
    if (s.row.cited) continue;
    INFO(atlas_id(s.rules));
    CHECK(replay_value(s.rules, s.row.pv) == s.row.value);
    for (Square first : s.row.best_moves)
      CHECK((s.rules.legal_moves(s.rules.initial()) & bit<Bits>(first)) != 0);
    ++replayed;
  }
  CHECK(replayed > 0);
}

TEST_CASE("Every stored line passes check_stored_line, and a changed value or first move does not",
          "[atlas]") {
  const auto rows = shipped_rows();
  for (const auto& s : rows) {
    INFO(atlas_id(s.rules));
    CHECK(check_stored_line(s.row).empty());
  }
  const StoredRow& row = rows.front();
  REQUIRE(row.rules == Rules(4));
  AtlasRow changed = row.row;
  changed.value += 2;
  const auto value = check_stored_line(changed);
  REQUIRE(value.size() == 1);
  CHECK(value[0] == "the principal variation ends at -10, not at the value -8");
  changed = row.row;
  changed.best_moves = {*Rules(4).geometry().parse("a1")};  // the stored line starts with b1
  const auto first = check_stored_line(changed);
  REQUIRE(first.size() == 1);
  CHECK(first[0] ==
        "the principal variation starts with b1, not one of the optimal first moves a1");
}

TEST_CASE("A row is quick to re-solve when 4x4, cited or stored under the threshold", "[atlas]") {
  AtlasRow row;
  row.rules = Rules(6);
  CHECK_FALSE(quick_to_resolve(row, 2));  // no time stored: unknown, so not quick
  CHECK_FALSE(stored_cost(row).has_value());
  row.seconds = 1.5;
  CHECK(stored_cost(row) == 1.5);
  CHECK(quick_to_resolve(row, 2));
  row.cpu_seconds = 3;
  CHECK(stored_cost(row) == 3);
  CHECK_FALSE(quick_to_resolve(row, 2));
  row.rules = Rules(4);
  CHECK(quick_to_resolve(row, 2));
  row.rules = Rules(8);
  row.cited = true;
  CHECK(stored_cost(row) == 0);
  CHECK(quick_to_resolve(row, 2));
}

TEST_CASE("The wall clock estimate hands the rows, slowest kinds first, to the first free worker",
          "[atlas]") {
  // 6x6 rows start before 4x4 ones: on two workers the 6x6 rows (10 s, 4 s) run side by side and
  // the 4x4 rows (3 s, 1 s) follow on the one free first.
  const std::vector<Rules> rows{Rules(4), Rules(6), Rules(4), Rules(6)};
  const std::vector<double> cpu{3, 10, 1, 4};
  CHECK(estimated_wall_seconds(rows, cpu, 1) == 18);
  CHECK(estimated_wall_seconds(rows, cpu, 2) == 10);
  CHECK(estimated_wall_seconds(rows, cpu, 8) == 10);
}

TEST_CASE("The table has every 4x4 row and the 8x8 standard row, cited as a draw", "[atlas]") {
  std::set<std::string> stored;
  bool cited = false;
  for (const auto& s : shipped_rows()) {
    stored.insert(atlas_id(s.rules));
    if (s.row.cited) cited = s.rules == Rules(8) && s.row.value == 0;
  }
  for (const Rules& r : atlas_variants(4)) CHECK(stored.count(atlas_id(r)) == 1);
  CHECK(cited);
}

TEST_CASE("The stored 4x4 rows agree with plain minimax", "[atlas]") {
  std::vector<StoredRow> rows;
  for (const auto& s : shipped_rows())
    if (s.rules.size() == 4) rows.push_back(s);
  REQUIRE(!rows.empty());
  std::vector<int> expected(rows.size());
  tbb::parallel_for(std::size_t{0}, rows.size(), [&](std::size_t i) {
    expected[i] = reference::minimax(rows[i].rules, reference::initial(rows[i].rules));
  });
  for (std::size_t i = 0; i < rows.size(); ++i) {
    INFO(atlas_id(rows[i].rules));
    CHECK(rows[i].row.value == expected[i]);
  }
}

TEST_CASE("Every 4x4 row and the fastest 6x6 rows solve again to the stored table", "[atlas]") {
  const auto rows = shipped_rows();
  std::vector<StoredRow> chosen;
  for (const auto& s : rows)
    if (s.rules.size() == 4) chosen.push_back(s);
  constexpr double six_by_six_budget = 60;  // CPU seconds of stored solving time
  const auto six = fast_rows(rows, 6, six_by_six_budget);
  CHECK(!six.empty());
  chosen.insert(chosen.end(), six.begin(), six.end());
  resolve_and_compare(chosen);
}

TEST_CASE("Every row of the stored table solves again to the same values", "[atlas][slow]") {
  std::vector<StoredRow> rows;
  for (const auto& s : shipped_rows())
    if (!s.row.cited) rows.push_back(s);
  resolve_and_compare(rows);
}

TEST_CASE("The table's header lists each run once, with its commit, date and core count",
          "[atlas]") {
  std::ifstream in(std::string(REVERSI_SOURCE_DIR) + "/data/atlas/atlas.json");
  REQUIRE(in);
  const auto runs = nlohmann::json::parse(in).at("runs");
  REQUIRE(!runs.empty());
  std::set<std::string> seen;
  for (const auto& run : runs) {
    INFO(run.dump());
    CHECK(seen.insert(run.dump()).second);
    CHECK(!run.at("commit").get<std::string>().empty());
    CHECK(run.at("date").get<std::string>().size() == std::string("2026-12-01T06:16:42Z").size());
    CHECK(run.at("cores").get<int>() > 0);
  }
}
