// End-to-end: reversi report writes one self-contained HTML page from annotate output or from
// records; input that is not annotate output is an error with its line number; an empty input
// gives a page saying so; a partly bad batch lists the bad games and keeps the good ones; -o
// never leaves a half-written file.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/run_binary.hpp"

using reversi::testing::run_reversi;
namespace fs = std::filesystem;

namespace {

const fs::path source_dir = REVERSI_SOURCE_DIR;

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::size_t occurrences(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// Annotate output of the bundled games: two annotated, one invalid (games.txt game 3).
const std::string& annotated() {
  static const std::string out =
      run_reversi("annotate --depth 2 --exact-empties 12 --threads 2 '" +
                  (source_dir / "data/examples/games.txt").string() + "'")
          .out;
  return out;
}

struct TempDir {
  fs::path path;
  TempDir() {
    path = fs::temp_directory_path() / ("reversi-report-test-" + std::to_string(::getpid()));
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~TempDir() { fs::remove_all(path); }
  std::size_t entries() const {
    std::size_t n = 0;
    for ([[maybe_unused]] const auto& e : fs::directory_iterator(path)) ++n;
    return n;
  }
};

}  // namespace

TEST_CASE("report writes one self-contained page with a row and the data of every game",
          "[cli][report]") {
  const std::string good = annotated().substr(0, annotated().find("\n{\"error\""));
  const auto r = run_reversi("report -", good + "\n");
  REQUIRE(r.status == 0);
  const std::string& html = r.out;
  CHECK(html.rfind("<!DOCTYPE html>", 0) == 0);
  CHECK(occurrences(html, "<script type=\"application/json\" id=\"g") == 2);
  CHECK(occurrences(html, "<tr><td class=\"num\"><a href=\"#game-") == 2);
  // Nothing is loaded from elsewhere: no src or link elements, no URLs but the SVG namespace.
  CHECK(html.find(" src=") == std::string::npos);
  CHECK(html.find("<link") == std::string::npos);
  CHECK(occurrences(html, "http://") == occurrences(html, "http://www.w3.org/2000/svg"));
  CHECK(html.find("https://") == std::string::npos);
  CHECK(html.find("</html>") != std::string::npos);
}

TEST_CASE("report annotates game records itself", "[cli][report]") {
  const auto r = run_reversi("report --depth 2 --exact-empties 12 '" +
                             (source_dir / "data/examples/annotate.txt").string() + "'");
  REQUIRE(r.status == 0);
  CHECK(occurrences(r.out, "<script type=\"application/json\" id=\"g") == 1);
  CHECK(r.out.find("\"turning_point\"") != std::string::npos);
  // The legend's depths: two plies deeper up to 24 empties, which reach the weights' exact
  // labels at 20 from 24 down; 25 would need three plies more.
  CHECK(r.out.find("\"estimates\":\"depth 2 (4 at 13-24 empties)\"") != std::string::npos);
}

TEST_CASE("JSON that is not annotate output is an error naming the line, status 1",
          "[cli][report]") {
  TempDir dir;
  const fs::path out = dir.path / "r.html";
  const auto validated =
      run_reversi("validate --jsonl '" + (source_dir / "data/examples/games.txt").string() + "'");
  const auto r = run_reversi("report -o '" + out.string() + "' -", validated.out);
  CHECK(r.status == 1);
  CHECK(r.err.find("standard input line 1: not annotate output") != std::string::npos);
  CHECK(r.err.find("no report written") != std::string::npos);
  CHECK_FALSE(fs::exists(out));

  const auto garbage = run_reversi("report -", "{\"annotation\": 3}\n{\"x\": 1}\n");
  CHECK(garbage.status == 1);
  CHECK(garbage.err.find("line 1: not annotate output") != std::string::npos);
  CHECK(garbage.err.find("line 2: not annotate output") != std::string::npos);
  CHECK(garbage.out.empty());

  const auto text = run_reversi("report -", "{\"summary\": {}}\n{not json\n");
  CHECK(text.status == 1);
  CHECK(text.err.find("standard input line 2: not annotate output: not a JSON value") !=
        std::string::npos);
}

TEST_CASE("An empty input gives a page saying so", "[cli][report]") {
  const auto r = run_reversi("report -", "");
  CHECK(r.status == 0);
  CHECK(r.out.find("held no annotated games") != std::string::npos);
  CHECK(r.out.find("</html>") != std::string::npos);
  // The summary line alone (annotate over an empty file) is empty input too.
  const auto summary_only = run_reversi("report -", "{\"summary\": {\"games\": 0}}\n");
  CHECK(summary_only.status == 0);
  CHECK(summary_only.out.find("held no annotated games") != std::string::npos);
}

TEST_CASE("A partly bad batch lists the bad games and still writes the good ones",
          "[cli][report]") {
  TempDir dir;
  const fs::path out = dir.path / "batch.html";
  const auto r =
      run_reversi("report -o '" + out.string() + "' -", annotated() + "this is not JSON\n");
  CHECK(r.status == 1);
  CHECK(r.err.find("standard input line 3: " + (source_dir / "data/examples/games.txt").string() +
                   " game 3 (line 4): invalid: move 11 (a1): a1 flips nothing") !=
        std::string::npos);
  CHECK(r.err.find("standard input line 5: not annotate output") != std::string::npos);
  REQUIRE(fs::exists(out));
  CHECK(dir.entries() == 1);  // written through a temporary file, renamed
  const std::string html = slurp(out);
  CHECK(occurrences(html, "<script type=\"application/json\" id=\"g") == 2);
  CHECK(html.find("2 games or lines could not be shown") != std::string::npos);
  CHECK(html.find("a1 flips nothing") != std::string::npos);
}

TEST_CASE("report reads annotate's --json document and arrays of games too", "[cli][report]") {
  const auto doc = run_reversi("annotate --json --depth 2 '" +
                               (source_dir / "data/examples/annotate.txt").string() + "'");
  REQUIRE(doc.status == 0);
  const auto r = run_reversi("report -", doc.out);
  CHECK(r.status == 0);
  CHECK(occurrences(r.out, "<script type=\"application/json\" id=\"g") == 1);
  // An array of game objects too.
  const std::string line = doc.out.substr(doc.out.find("{\"annotation\""));
  const std::string game = line.substr(0, line.find("\n"));
  const auto array = run_reversi("report -", "[" + game + ",\n" + game + "]\n");
  CHECK(array.status == 0);
  CHECK(occurrences(array.out, "<script type=\"application/json\" id=\"g") == 2);
}

TEST_CASE("Estimates in the report print their tilde against the sign, with no space",
          "[cli][report]") {
  const auto r = run_reversi("report -", annotated());
  // games.txt game 1 is annotated with estimates only: its biggest mistake is an estimate.
  CHECK(r.out.find(": ~&minus;") != std::string::npos);
  CHECK(r.out.find("~&thinsp;") == std::string::npos);
  CHECK(r.out.find("'~\\u2009'") == std::string::npos);
  CHECK(r.out.find("~ ") == std::string::npos);
}

TEST_CASE("The report says its values are from dark's view", "[cli][report]") {
  const auto r = run_reversi("report -", annotated());
  CHECK(r.out.find("every value from dark's view (+ dark ahead)") != std::string::npos);
  CHECK(r.out.find("Values are from dark\\'s view, in the move list and the chart alike") !=
        std::string::npos);
}

TEST_CASE("report reads a folder: annotate output and records alike, in name order",
          "[cli][report]") {
  TempDir dir;
  const std::string good = annotated().substr(0, annotated().find("\n{\"error\""));
  std::ofstream(dir.path / "a.jsonl") << good << "\n";
  fs::copy_file(source_dir / "data/examples/annotate.txt", dir.path / "b.txt");
  const auto r = run_reversi("report --depth 2 --exact-empties 12 '" + dir.path.string() + "'");
  REQUIRE(r.status == 0);
  CHECK(occurrences(r.out, "<script type=\"application/json\" id=\"g") == 3);
  fs::remove(dir.path / "a.jsonl");
  fs::remove(dir.path / "b.txt");
  const auto empty = run_reversi("report '" + dir.path.string() + "'");
  CHECK(empty.status == 2);
  CHECK(empty.out.empty());
  CHECK(empty.err == "reversi report: cannot read " + dir.path.string() +
                         ": a folder with no record files (.ggf, .wtb, .wtd, .obf, .json, .jsonl "
                         "or .txt)\n");
}

TEST_CASE("Fields of the wrong type make a game a listed problem, never an abort of the report",
          "[cli][report]") {
  // Found by tests/fuzz/fuzz_report: these threw out of the reader, or converted out of range.
  const std::string first = annotated().substr(0, annotated().find('\n'));
  const auto with = [&](const std::function<void(nlohmann::json&)>& change) {
    nlohmann::json g = nlohmann::json::parse(first);
    change(g);
    return g.dump() + "\n";
  };
  const std::string input =
      with([](auto& g) { g["status"] = 3; }) +
      with([](auto& g) { g["annotation"]["moves"][0]["number"] = 1e300; }) +
      with([](auto& g) { g["annotation"]["moves"][0]["move"] = 7; }) +
      with([](auto& g) { g["rules"]["size"] = 2.5e40; }) + with([](auto& g) {
        g["source"] = {{"file", 7}, {"game", "x"}, {"line", 2.5e40}};
      }) +
      R"({"status":"invalid","error":{"move_number":"x","move":5,"reason":[]}})" + "\n";
  const auto r = run_reversi("report -", input);
  CHECK(r.status == 1);
  CHECK(r.err.find("json.exception") == std::string::npos);
  CHECK(r.err.find("line 2: " + (source_dir / "data/examples/games.txt").string() +
                   " game 1 (line 2): not annotate output: a move's number is not a whole "
                   "number") != std::string::npos);
  CHECK(r.err.find("line 3: ") != std::string::npos);
  CHECK(r.err.find("line 4: ") != std::string::npos);
  CHECK(r.err.find("line 6: ?: invalid: move x (5): no reason given") != std::string::npos);
  // Neither the first game's status nor the fifth's source is read: their pages are written.
  CHECK(occurrences(r.out, "<script type=\"application/json\" id=\"g") == 2);
  CHECK(r.out.find("7 game x (line ?)") != std::string::npos);
}

TEST_CASE("A call proven by a better move's exact value says so in the report", "[cli][report]") {
  const std::string game = (source_dir / "data/examples/annotate.txt").string();
  int proofs = 0;
  for (int horizon = 12; horizon <= 20; ++horizon) {
    const auto a = run_reversi("annotate --depth 2 --exact-empties " + std::to_string(horizon) +
                               " '" + game + "'");
    REQUIRE(a.status == 0);
    const auto first = nlohmann::json::parse(a.out.substr(0, a.out.find('\n')));
    const auto r = run_reversi("report -", a.out);
    REQUIRE(r.status == 0);
    for (const auto& m : first["annotation"]["moves"]) {
      if (!m.contains("judgement") || !m["judgement"].contains("proven")) continue;
      INFO("horizon " << horizon << " move " << m["number"]);
      REQUIRE(m["estimate"].contains("proven"));
      const auto& p = m["estimate"]["proven"];
      CHECK(r.out.find(p["move"].get<std::string>() + " proves a loss of at least " +
                       std::to_string(p["loss"].get<int>())) != std::string::npos);
      ++proofs;
    }
  }
  CHECK(proofs >= 1);
}
