// End-to-end: reversi db report through the real binary: the page is self-contained, its
// embedded tree agrees with db query at every position, its engine values with db query's and
// do not depend on the thread count, and bad inputs are refused with one line.
#include <catch2/catch.hpp>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/run_binary.hpp"
#include "db/random_games.hpp"

namespace reversi::testing {

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

std::string read_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The tree the page embeds: the JSON inside <script id="tree">, with "<\/" read back as "</".
json page_tree(const std::string& html) {
  const std::string open = "<script type=\"application/json\" id=\"tree\">";
  const auto from = html.find(open);
  REQUIRE(from != std::string::npos);
  const auto begin = from + open.size();
  std::string text = html.substr(begin, html.find("</script>", begin) - begin);
  for (std::size_t at; (at = text.find("<\\/")) != std::string::npos;) text.erase(at + 1, 1);
  return json::parse(text);
}

// The moves from the root to node i, as --moves takes them.
std::string node_moves(const json& nodes, int i) {
  std::string out;
  for (; nodes[static_cast<std::size_t>(i)]["p"].get<int>() >= 0;
       i = nodes[static_cast<std::size_t>(i)]["p"].get<int>())
    out = nodes[static_cast<std::size_t>(i)]["v"].get<std::string>() + " " + out;
  return out;
}

struct ReportFixture {
  DbTempDir dir;
  std::string db = (dir.path / "g.db").string();
  ReportFixture() {
    write_file(dir.path / "g.ggf", ggf_text(random_games(150, 30, 7)));
    REQUIRE(run_reversi("db build -o " + db + " " + (dir.path / "g.ggf").string()).status == 0);
  }
  json report(const std::string& options, const std::string& name = "e.html") const {
    const auto r =
        run_reversi("db report " + db + " -o " + (dir.path / name).string() + " " + options);
    REQUIRE(r.status == 0);
    CHECK(r.out.find(" positions, ") != std::string::npos);
    return page_tree(read_text(dir.path / name));
  }
};

}  // namespace

TEST_CASE("db report's page needs nothing outside the file", "[cli][db]") {
  ReportFixture f;
  f.report("--depth 2 --min-games 1 --engine-depth 0");
  const std::string html = read_text(f.dir.path / "e.html");
  CHECK(html.find("<script src") == std::string::npos);
  CHECK(html.find("<link") == std::string::npos);
  CHECK(html.find("http://") == std::string::npos);
  CHECK(html.find("https://") == std::string::npos);
  CHECK(html.find("id=\"tree\"") != std::string::npos);
}

TEST_CASE("db report's tree agrees with db query at every position it holds", "[cli][db]") {
  ReportFixture f;
  const json tree = f.report("--depth 3 --min-games 2 --engine-depth 0");
  const json& nodes = tree["nodes"];
  REQUIRE(nodes.size() > 3);
  CHECK(tree["depth"] == 3);
  CHECK(tree["min_games"] == 2);
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    const std::string moves = node_moves(nodes, static_cast<int>(i));
    INFO("node " << i << ": " << moves);
    const auto r = run_reversi("db query " + f.db + " --json --no-engine" +
                               (moves.empty() ? "" : " --moves '" + moves + "'"));
    REQUIRE(r.status == 0);
    const json q = json::parse(r.out);
    CHECK(nodes[i]["g"] == q["games"]);
    CHECK(nodes[i]["b"] == q["position"]["board"]);
    REQUIRE(nodes[i]["m"].size() == q["moves"].size());
    for (std::size_t k = 0; k < q["moves"].size(); ++k) {
      const json& m = nodes[i]["m"][k];
      const json& expected = q["moves"][k];
      CHECK(m[0] == expected["move"]);
      CHECK(m[1] == expected["games"]);
      CHECK(m[2] == expected["wins"]);
      CHECK(m[3] == expected["draws"]);
      CHECK(m[4] == expected["losses"]);
      const int child = m[9].get<int>();
      // A move is followed exactly when enough games chose it and the depth allows.
      const bool deep_enough = moves.empty() || std::count(moves.begin(), moves.end(), ' ') < 3;
      CHECK((child >= 0) == (deep_enough && m[1].get<long>() >= 2));
      if (child >= 0) {
        CHECK(nodes[static_cast<std::size_t>(child)]["p"] == i);
        CHECK(nodes[static_cast<std::size_t>(child)]["v"] == m[0]);
      }
    }
  }
}

TEST_CASE("db report's engine values are db query's and do not depend on the thread count",
          "[cli][db]") {
  ReportFixture f;
  const json one = f.report("--depth 2 --min-games 5 --engine-depth 3 --threads 1", "one.html");
  const json two = f.report("--depth 2 --min-games 5 --engine-depth 3 --threads 2", "two.html");
  CHECK(read_text(f.dir.path / "one.html") == read_text(f.dir.path / "two.html"));
  const json& nodes = one["nodes"];
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    const std::string moves = node_moves(nodes, static_cast<int>(i));
    const auto r = run_reversi("db query " + f.db + " --json --depth 3" +
                               (moves.empty() ? "" : " --moves '" + moves + "'"));
    REQUIRE(r.status == 0);
    const json q = json::parse(r.out);
    CHECK(nodes[i]["x"] == 3);
    REQUIRE(nodes[i]["m"].size() == q["moves"].size());
    for (std::size_t k = 0; k < q["moves"].size(); ++k) {
      const json& expected = q["moves"][k]["engine"];
      CHECK(nodes[i]["m"][k][7].get<double>() ==
            Approx(expected["value"].get<double>()).margin(0.005));
      CHECK(nodes[i]["m"][k][8] == (expected["best"].get<bool>() ? 1 : 0));
    }
  }
}

TEST_CASE("db report refuses a missing file or one that is not a database with one line",
          "[cli][db]") {
  DbTempDir dir;
  const std::string out = (dir.path / "e.html").string();
  const std::string missing = (dir.path / "none.db").string();
  auto r = run_reversi("db report " + missing + " -o " + out);
  CHECK(r.status == 2);
  CHECK(r.err.find(missing) != std::string::npos);
  CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  write_file(dir.path / "text.db", "not a database at all\n");
  r = run_reversi("db report " + (dir.path / "text.db").string() + " -o " + out);
  CHECK(r.status == 2);
  CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  CHECK(!fs::exists(out));
  CHECK(run_reversi("db report " + missing).status == 2);  // no -o
}

}  // namespace reversi::testing
