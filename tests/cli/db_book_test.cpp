// End-to-end: reversi db book through the real binary: the stored values are a fresh search's,
// db query and db report answer from them and say so, a second run values nothing again, the
// thread count changes nothing, a version-1 file is upgraded and bad files are refused.
#include <sqlite3.h>

#include <catch2/catch.hpp>
#include <fstream>
#include <nlohmann/json.hpp>

#include "cli/run_binary.hpp"
#include "db/random_games.hpp"

namespace reversi::testing {

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// The lines the tests ask about: the start and positions a few plies into the random games.
const std::vector<std::string> lines = {"", "f5", "f5 d6", "f5 f6", "f5 f4", "f5 d6 c3"};

struct BookFixture {
  DbTempDir dir;
  std::string db = (dir.path / "g.db").string();
  BookFixture() {
    write_file(dir.path / "g.ggf", ggf_text(random_games(150, 30, 7)));
    REQUIRE(run_reversi("db build -o " + db + " " + (dir.path / "g.ggf").string()).status == 0);
  }
  std::string copy(const std::string& name) const {
    const std::string to = (dir.path / name).string();
    fs::copy_file(db, to);
    return to;
  }
};

json query(const std::string& db, const std::string& moves, const std::string& options) {
  const auto r = run_reversi("db query " + db + " --json " + options +
                             (moves.empty() ? "" : " --moves '" + moves + "'"));
  REQUIRE(r.status == 0);
  return json::parse(r.out);
}

int user_version(const std::string& path) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
  sqlite3_stmt* s = nullptr;
  sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &s, nullptr);
  sqlite3_step(s);
  const int v = sqlite3_column_int(s, 0);
  sqlite3_finalize(s);
  sqlite3_close(db);
  return v;
}

void sql(const std::string& path, const std::string& statement) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
  CHECK(sqlite3_exec(db, statement.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK);
  sqlite3_close(db);
}

}  // namespace

TEST_CASE("db book stores what a fresh search finds, and db query answers from it saying so",
          "[cli][db]") {
  BookFixture f;
  const auto r = run_reversi("db book " + f.db + " --min-games 1 --max-ply 3 --depth 3");
  REQUIRE(r.status == 0);
  CHECK(r.out.find("valued at depth 3") != std::string::npos);
  for (const auto& moves : lines) {
    INFO("--moves '" << moves << "'");
    const json from_book = query(f.db, moves, "");
    const json searched = query(f.db, moves, "--no-book --depth 3");
    if (from_book["games"] == 0 || std::count(moves.begin(), moves.end(), ' ') >= 3) continue;
    CHECK(from_book["engine"]["source"] == "book");
    CHECK(from_book["engine"]["depth"] == 3);
    CHECK(searched["engine"]["source"] == "search");
    CHECK(from_book["engine"]["best_move"] == searched["engine"]["best_move"]);
    REQUIRE(from_book["moves"].size() == searched["moves"].size());
    for (std::size_t k = 0; k < searched["moves"].size(); ++k)
      CHECK(from_book["moves"][k]["engine"] == searched["moves"][k]["engine"]);
  }
  // Another depth asked for explicitly is searched.
  CHECK(query(f.db, "f5", "--depth 2")["engine"]["source"] == "search");
  // A second run finds every position valued.
  const auto again = run_reversi("db book " + f.db + " --min-games 1 --max-ply 3 --depth 3");
  REQUIRE(again.status == 0);
  CHECK(again.out.find(" 0 valued at depth 3") != std::string::npos);
}

TEST_CASE("db book's values do not depend on the thread count", "[cli][db]") {
  BookFixture f;
  const std::string one = f.copy("one.db"), two = f.copy("two.db");
  REQUIRE(
      run_reversi("db book " + one + " --min-games 2 --max-ply 4 --depth 2 --threads 1").status ==
      0);
  REQUIRE(
      run_reversi("db book " + two + " --min-games 2 --max-ply 4 --depth 2 --threads 2").status ==
      0);
  for (const auto& moves : lines) {
    json a = query(one, moves, ""), b = query(two, moves, "");
    a.erase("database");
    b.erase("database");
    CHECK(a == b);
  }
}

TEST_CASE("db report takes the engine's values from the book", "[cli][db]") {
  BookFixture f;
  REQUIRE(run_reversi("db book " + f.db + " --min-games 1 --max-ply 2 --depth 3").status == 0);
  const std::string page = (f.dir.path / "e.html").string();
  REQUIRE(run_reversi("db report " + f.db + " -o " + page + " --depth 1 --min-games 1").status ==
          0);
  std::ifstream in(page);
  const std::string html((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  CHECK(html.find("\"s\":\"book\"") != std::string::npos);
  CHECK(html.find("\"x\":3") != std::string::npos);
}

TEST_CASE("db book upgrades a version-1 database and refuses what is not one with one line",
          "[cli][db]") {
  BookFixture f;
  sql(f.db, "DROP TABLE book; PRAGMA user_version = 1;");
  CHECK(query(f.db, "f5", "--depth 2")["engine"]["source"] == "search");
  REQUIRE(run_reversi("db book " + f.db + " --min-games 5 --max-ply 1 --depth 2").status == 0);
  CHECK(user_version(f.db) == 2);
  CHECK(query(f.db, "f5", "")["engine"]["source"] == "book");

  const std::string missing = (f.dir.path / "none.db").string();
  auto r = run_reversi("db book " + missing);
  CHECK(r.status == 2);
  CHECK(r.err.find(missing) != std::string::npos);
  CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  const std::string other = f.copy("other.db");
  sql(other, "PRAGMA user_version = 7;");
  r = run_reversi("db book " + other);
  CHECK(r.status == 2);
  CHECK(r.err.find("schema version 7") != std::string::npos);
  CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
}

TEST_CASE("annotate --db takes the played moves' values from the book, as a search gives them",
          "[cli][db]") {
  BookFixture f;
  REQUIRE(run_reversi("db book " + f.db + " --min-games 1 --max-ply 4 --depth 3").status == 0);
  write_file(f.dir.path / "few.ggf", ggf_text(random_games(4, 0, 7)));
  const std::string common = "annotate --depth 3 --selectivity 100 --exact-empties 6 --json " +
                             (f.dir.path / "few.ggf").string();
  const auto with = run_reversi(common + " --db " + f.db);
  const auto without = run_reversi(common);
  REQUIRE(with.status == 0);
  REQUIRE(without.status == 0);
  const json a = json::parse(with.out)["games"], b = json::parse(without.out)["games"];
  REQUIRE(a.size() == b.size());
  int from_book = 0;
  for (std::size_t g = 0; g < a.size(); ++g) {
    const json& ma = a[g]["annotation"]["moves"];
    const json& mb = b[g]["annotation"]["moves"];
    REQUIRE(ma.size() == mb.size());
    for (std::size_t k = 0; k < ma.size(); ++k) {
      INFO("game " << g << " move " << k + 1);
      json ea = ma[k].value("estimate", json()), eb = mb[k].value("estimate", json());
      if (ea.is_object() && ea.contains("source")) {
        CHECK(ea["source"] == "book");
        CHECK(k <= 4);  // positions up to ply 4: moves 1 to 5
        ++from_book;
        // The book holds the moves' values; the position's is the best of them, where a search
        // blends the best values of three depths (analysis/estimate/estimate.hpp), so only the
        // move's value is the same.
        CHECK(ea["played"] == eb["played"]);
        CHECK(ea["value"] >= ea["played"]);
        continue;
      }
      CHECK(ea == eb);
    }
  }
  CHECK(from_book == 4 * 5);  // the four games are in the database: all their first five moves
  // The text marks the rows whose values come from the book.
  const auto text = run_reversi("annotate --depth 3 --exact-empties 6 --text --db " + f.db + " " +
                                (f.dir.path / "few.ggf").string());
  REQUIRE(text.status == 0);
  std::size_t marked = 0;
  for (auto at = text.out.find("  (book)\n"); at != std::string::npos;
       at = text.out.find("  (book)\n", at + 1))
    ++marked;
  CHECK(marked == 4 * 5);
}

TEST_CASE("annotate --db refuses a file that is not a game database with one line", "[cli][db]") {
  DbTempDir dir;
  write_file(dir.path / "g.txt", "f5d6c3\n");
  write_file(dir.path / "x.db", "not a database at all\n");
  for (const std::string db : {"missing.db", "x.db"}) {
    const auto r = run_reversi("annotate --db " + (dir.path / db).string() + " " +
                               (dir.path / "g.txt").string());
    CHECK(r.status == 2);
    CHECK(r.err.find(db) != std::string::npos);
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  }
}

}  // namespace reversi::testing
