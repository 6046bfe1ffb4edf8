// End-to-end: reversi annotate on real games, checked against the JSON Schema in data/; the same
// output for any thread count; invalid games as validate reports them; -o through a temporary
// file; Ctrl-C leaves no half-written file.
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <regex>
#include <sstream>
#include <thread>

#include "cli/json_schema.hpp"
#include "cli/run_binary.hpp"

extern char** environ;

using nlohmann::json;
using reversi::testing::run_reversi;
using reversi::testing::SchemaValidator;
using reversi::testing::wait_for_exit;
namespace fs = std::filesystem;

namespace {

const fs::path source_dir = REVERSI_SOURCE_DIR;
const fs::path examples_dir = source_dir / "data/examples";

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string quoted(const fs::path& p) {
  return "'" + p.string() + "'";
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

const SchemaValidator& schema() {
  static const SchemaValidator v(json::parse(slurp(source_dir / "data/annotate.schema.json")));
  return v;
}

// Every line of JSON Lines output must match the schema; returns the parsed lines.
std::vector<json> check_jsonl(const std::string& out) {
  std::vector<json> parsed;
  for (const auto& line : lines_of(out)) {
    const json j = json::parse(line);
    const auto errors = schema().errors(j);
    INFO(line.substr(0, 300));
    for (const auto& e : errors) INFO(e);
    CHECK(errors.empty());
    parsed.push_back(j);
  }
  return parsed;
}

// The first `n` games of a WTHOR file as JSON Lines, through validate.
std::string first_wthor_games(const std::string& path, std::size_t n) {
  const auto r = run_reversi("validate --jsonl " + quoted(fs::path(path)));
  std::string out;
  const auto lines = lines_of(r.out);
  for (std::size_t i = 0; i < n && i < lines.size(); ++i) out += lines[i] + "\n";
  return out;
}

struct TempDir {
  fs::path path;
  TempDir() {
    char pattern[] = "/tmp/reversi-annotate-XXXXXX";
    path = mkdtemp(pattern);
  }
  ~TempDir() { fs::remove_all(path); }
  std::vector<std::string> names() const {
    std::vector<std::string> out;
    for (const auto& e : fs::directory_iterator(path)) out.push_back(e.path().filename());
    std::sort(out.begin(), out.end());
    return out;
  }
};

// A move list of complete 8x8 games, the example game many times over: slow enough to stop.
std::string many_games(int n) {
  const auto lines = lines_of(slurp(examples_dir / "annotate.txt"));
  std::string game;
  for (const auto& l : lines)
    if (!l.empty() && l[0] != '#') game = l;
  std::string out;
  for (int i = 0; i < n; ++i) out += game + "\n";
  return out;
}

}  // namespace

TEST_CASE("Annotated real games match the JSON Schema, line by line and as one document",
          "[cli][annotate]") {
  SECTION("the bundled examples: a full game, an unfinished one, an invalid one, passes on 4x4") {
    const auto r =
        run_reversi("annotate --depth 3 " + quoted(examples_dir / "annotate.txt") + " " +
                    quoted(examples_dir / "games.txt") + " " + quoted(examples_dir / "games.ggf"));
    CHECK(r.status == 1);  // games.txt holds an invalid game
    const auto lines = check_jsonl(r.out);
    REQUIRE(lines.size() == 1 + 3 + 5 + 1);
    CHECK(lines.back().contains("summary"));
    CHECK(lines[0]["annotation"]["summary"]["turning_point"]["move"] == 49);
    CHECK(lines[3]["status"] == "invalid");
    // The 4x4 GGF game passes twice.
    CHECK(lines[4]["annotation"]["passes"] == 2);
  }
  SECTION("a position alone, on 6x6, anti-reversi") {
    const auto r = run_reversi("annotate --size 6 --anti --format board -",
                               "------ ------ --OX-- --XO-- ------ ------ X\n");
    CHECK(r.status == 0);
    const auto lines = check_jsonl(r.out);
    REQUIRE(lines.size() == 2);
    CHECK(lines[0]["annotation"]["conventions"]["anti"] == true);
    CHECK(lines[0]["annotation"]["end"].contains("estimate"));
  }
}

TEST_CASE("Annotated WTHOR games match the JSON Schema, their theoretical score checked",
          "[cli][annotate][.shared]") {
  const std::string wthor = reversi::testing::shared_data("wthor/WTH_2019.wtb");
  const std::string games = first_wthor_games(wthor, 3);
  const auto r = run_reversi("annotate --exact-empties 14 --depth 2 -", games);
  CHECK(r.status == 0);
  const auto lines = check_jsonl(r.out);
  REQUIRE(lines.size() == 4);
  CHECK(lines[0]["metadata"]["black"] == "Chen Xun");
  CHECK(lines[0]["annotation"]["summary"]["theoretical"]["checked"] == false);
  const auto doc = run_reversi("annotate --json --exact-empties 14 --depth 2 -", games);
  const json j = json::parse(doc.out);
  CHECK(schema().errors(j).empty());
  CHECK(j["games"].size() == 3);
}

TEST_CASE("The schema test validator rejects what the schema forbids", "[cli][annotate]") {
  const auto r = run_reversi("annotate --depth 2 -", "e6 f4 e3 f6 g5 d6 e7 f5 c5\n");
  json game = json::parse(lines_of(r.out).at(0));
  REQUIRE(schema().errors(game).empty());
  json both = game;
  both["annotation"]["moves"][0]["exact"] = {
      {"value", 0}, {"played", 0}, {"best", json::array()}, {"loss", 0}};
  CHECK_FALSE(schema().errors(both).empty());  // exact and estimate on one move
  json negative = game;
  negative["annotation"]["moves"][0]["estimate"]["loss"] = -1.5;
  CHECK_FALSE(schema().errors(negative).empty());
  json missing = game;
  missing["annotation"].erase("summary");
  CHECK_FALSE(schema().errors(missing).empty());
}

TEST_CASE("The output is the same for any number of threads", "[cli][annotate]") {
  const std::string input =
      many_games(1) + "e6 f4 e3 f6 g5 d6 e7 f5 c5\nF5d6C3d3C4f4C5b3C2\n" + many_games(1);
  const std::string args = "annotate --exact-empties 12 --depth 3 ";
  const auto one = run_reversi(args + "--threads 1 -", input);
  const auto two = run_reversi(args + "--threads 2 -", input);
  const auto three = run_reversi(args + "--threads 3 --text -", input);
  const auto three_json = run_reversi(args + "--threads 3 -", input);
  CHECK(one.status == 0);
  CHECK(one.out == two.out);
  CHECK(one.out == three_json.out);
  CHECK(three.out == run_reversi(args + "--threads 1 --text -", input).out);
}

TEST_CASE("The output on WTHOR games is the same for any number of threads",
          "[cli][annotate][.shared]") {
  const std::string args = "annotate --exact-empties 12 --depth 3 ";
  const std::string games =
      first_wthor_games(reversi::testing::shared_data("wthor/WTH_2019.wtb"), 6);
  CHECK(run_reversi(args + "--threads 1 -", games).out ==
        run_reversi(args + "--threads 2 -", games).out);
}

TEST_CASE("An invalid game gives the object validate gives, and the batch goes on",
          "[cli][annotate]") {
  const std::string input = "f5 d6 c3 d3 c4 f4 f6 f3 e6 e7 a1\ne6 f4 e3 f6 g5 d6 e7 f5 c5\n";
  const auto annotated = run_reversi("annotate --depth 2 -", input);
  const auto validated = run_reversi("validate --jsonl -", input);
  CHECK(annotated.status == 1);
  const auto a = lines_of(annotated.out);
  const auto v = lines_of(validated.out);
  REQUIRE(a.size() == 3);
  CHECK(a[0] == v[0]);
  CHECK(json::parse(a[1])["status"] == "valid");
  CHECK(json::parse(a[2])["summary"]["invalid"] == 1);
  const auto text = run_reversi("annotate --text --depth 2 -", input);
  CHECK(text.out.find("invalid: move 11 (a1): a1 flips nothing [flips-nothing]") !=
        std::string::npos);
}

TEST_CASE("The text report reads as a table with the summary under it", "[cli][annotate]") {
  const auto r = run_reversi("annotate --text --depth 3 " + quoted(examples_dir / "annotate.txt"));
  CHECK(r.status == 0);
  CHECK(r.out.find("turning point: move 49, dark b1: dark wins (dark +12) -> light wins "
                   "(dark -8)") != std::string::npos);
  CHECK(r.out.find("~") != std::string::npos);  // estimates are marked
  CHECK(r.out.find("summary: 1 games, 1 annotated") != std::string::npos);
}

TEST_CASE("The text header names the depths searched deeper near the end", "[cli][annotate]") {
  // With 8x8 patterns, depth 3 is two plies deeper up to 24 empties, and from 25 on to the
  // weights' exact labels at 20 (analysis/estimate/estimate.hpp annotation_depth); runs of empties
  // read as a range.
  const std::string game = quoted(examples_dir / "annotate.txt");
  CHECK(run_reversi("annotate --text --depth 3 --exact-empties 14 " + game)
            .out.find("~estimates at depth 3 (5 at 15-25 empties; ProbCut 87%)\n") !=
        std::string::npos);
  // Positions solved exactly need no deeper estimate.
  CHECK(run_reversi("annotate --text --depth 3 --exact-empties 21 --selectivity 100 " + game)
            .out.find("~estimates at depth 3 (5 at 22-25 empties)\n") != std::string::npos);
  CHECK(run_reversi("annotate --text --depth 3 --exact-empties 25 --selectivity 100 " + game)
            .out.find("~estimates at depth 3\n") != std::string::npos);
}

TEST_CASE("A directory stands for the record files in it", "[cli][annotate]") {
  TempDir dir;
  std::ofstream(dir.path / "a.txt") << "e6 f4 e3 f6 g5 d6 e7 f5 c5\n";
  std::ofstream(dir.path / "b.txt") << "f5 d6 c3 d3 c4 f4 c5 b3 c2\n";
  std::ofstream(dir.path / "notes.md") << "not a record\n";
  const auto r = run_reversi("annotate --depth 2 " + quoted(dir.path));
  const auto lines = lines_of(r.out);
  REQUIRE(lines.size() == 3);
  CHECK(json::parse(lines[0])["source"]["file"].get<std::string>().ends_with("a.txt"));
  CHECK(json::parse(lines[1])["source"]["file"].get<std::string>().ends_with("b.txt"));
}

TEST_CASE("Output with -o goes through a temporary file and leaves nothing else",
          "[cli][annotate]") {
  TempDir dir;
  const fs::path target = dir.path / "out.jsonl";
  const std::string input = "e6 f4 e3 f6 g5 d6 e7 f5 c5\n";
  const auto r = run_reversi("annotate --depth 2 -o " + quoted(target) + " -", input);
  CHECK(r.status == 0);
  CHECK(r.out.empty());
  CHECK(dir.names() == std::vector<std::string>{"out.jsonl"});
  CHECK(slurp(target) == run_reversi("annotate --depth 2 -", input).out);
  const auto perms = fs::status(target).permissions();
  CHECK((perms & fs::perms::owner_read) != fs::perms::none);
}

TEST_CASE("Bad usage and unreadable input exit with status 2", "[cli][annotate]") {
  CHECK(run_reversi("annotate").status == 2);
  CHECK(run_reversi("annotate --exact-empties -1 -").status == 2);
  CHECK(run_reversi("annotate --depth 0 -").status == 2);
  CHECK(run_reversi("annotate --json --text -").status == 2);
  CHECK(run_reversi("annotate --theoretical sometimes -").status == 2);
  const auto missing = run_reversi("annotate /no/such/file.txt");
  CHECK(missing.status == 2);
  CHECK(missing.err.find("/no/such/file.txt") != std::string::npos);
}

TEST_CASE("Ctrl-C stops cleanly: no output file, no temporary file, and how far it got",
          "[cli][annotate]") {
  TempDir dir;
  const fs::path input = dir.path / "games.txt";
  std::ofstream(input) << many_games(400);
  const fs::path target = dir.path / "out.jsonl";
  const fs::path err = dir.path / "err";
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, err.c_str(), O_WRONLY | O_CREAT, 0644);
  std::vector<std::string> args = {REVERSI_BINARY, "annotate",      "--exact-empties",
                                   "16",           "--threads",     "2",
                                   "-o",           target.string(), input.string()};
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid = 0;
  REQUIRE(posix_spawn(&pid, REVERSI_BINARY, &actions, nullptr, argv.data(), environ) == 0);
  posix_spawn_file_actions_destroy(&actions);
  // Let it start and write a few games to the temporary file.
  REQUIRE(reversi::testing::wait_for_guard(pid, std::chrono::seconds(60)));
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  kill(pid, SIGINT);
  const std::optional<int> status = wait_for_exit(pid, std::chrono::seconds(120));
  REQUIRE(status.has_value());
  REQUIRE(WIFEXITED(*status));
  CHECK(WEXITSTATUS(*status) == 130);
  // Only the input and the message: neither the target nor a temporary file.
  CHECK(dir.names() == std::vector<std::string>{"err", "games.txt"});
  const std::string message = slurp(err);
  CHECK(message.find("interrupted after") != std::string::npos);
  CHECK(message.find("not written") != std::string::npos);
}

TEST_CASE("Annotated output reads back as games, and annotates to the same annotation",
          "[cli][annotate]") {
  const std::string input = many_games(1) + "F5d6C3d3C4f4C5b3C2\n";
  const auto first = run_reversi("annotate --exact-empties 12 --depth 2 -", input);
  const auto again = run_reversi("annotate --exact-empties 12 --depth 2 -", first.out);
  const auto a = lines_of(first.out);
  const auto b = lines_of(again.out);
  REQUIRE(a.size() == 3);
  REQUIRE(b.size() == 3);
  for (std::size_t i = 0; i < 2; ++i) {
    const json x = json::parse(a[i]);
    const json y = json::parse(b[i]);
    CHECK(x["annotation"] == y["annotation"]);
    CHECK(y["origin"] == x["source"]);
  }
  CHECK(run_reversi("validate -", first.out).status == 0);
}

TEST_CASE(
    "annotate calls an exact loss of 6 or more a blunder, of 2 to 5 a mistake, of less "
    "nothing, and counts the calls per side",
    "[cli][annotate]") {
  const std::string file = std::string(REVERSI_SOURCE_DIR) + "/data/examples/annotate.txt";
  const auto r = run_reversi("annotate --exact-empties 20 " + file);
  REQUIRE(r.status == 0);
  std::istringstream lines(r.out);
  std::string first;
  std::getline(lines, first);
  const json a = json::parse(first).at("annotation");
  std::map<std::string, std::map<std::string, int>> counted;
  int exact = 0;
  for (const json& m : a.at("moves")) {
    const json& j = m.at("judgement");
    const std::string call = j.at("call");
    ++counted[m.at("side")][call];
    if (!m.contains("exact")) continue;
    ++exact;
    const int loss = m.at("exact").at("loss");
    CHECK(j.at("exact") == true);
    CHECK(j.at("loss") == loss);
    CHECK(j.at("margin") == 0);
    CHECK(call == (loss >= 6 ? "blunder" : loss >= 2 ? "mistake" : "none"));
  }
  CHECK(exact == 20);
  for (const std::string side : {"dark", "light"}) {
    CHECK(a.at("summary").at(side).at("mistakes") == counted[side]["mistake"]);
    CHECK(a.at("summary").at(side).at("blunders") == counted[side]["blunder"]);
  }
  CHECK(counted["dark"]["blunder"] >= 1);  // b1 at move 49 throws 20 discs away
}

TEST_CASE(
    "annotate --level sets the exact horizon, depth and selectivity, and an option given "
    "on its own wins",
    "[cli][annotate]") {
  const auto conventions = [](const std::string& options) {
    const auto r = run_reversi("annotate " + options + " -", "f5 d6 c3 d3 c4\n");
    REQUIRE(r.status == 0);
    std::istringstream lines(r.out);
    std::string first;
    std::getline(lines, first);
    return json::parse(first).at("annotation").at("conventions");
  };
  const json normal = conventions("");
  CHECK(conventions("--level normal") == normal);
  const json quick = conventions("--level quick");
  CHECK(quick.at("exact_empties") < normal.at("exact_empties"));
  CHECK(quick.at("estimate_depth") < normal.at("estimate_depth"));
  CHECK(quick.at("estimate_selectivity") < normal.at("estimate_selectivity"));
  const json deep = conventions("--level deep");
  CHECK(deep.at("exact_empties") > normal.at("exact_empties"));
  CHECK(deep.at("estimate_depth") > normal.at("estimate_depth"));
  CHECK(deep.at("estimate_selectivity") > normal.at("estimate_selectivity"));
  const json mixed = conventions("--level deep --depth 3");
  CHECK(mixed.at("estimate_depth") == 3);
  CHECK(mixed.at("exact_empties") == deep.at("exact_empties"));
  CHECK(run_reversi("annotate --level fast -", "f5\n").status == 2);
}

TEST_CASE("The annotate work benchmark counts the same searches every run, and its parts add up",
          "[cli][annotate]") {
  const std::string command =
      "bench annotate work --file " + quoted(examples_dir / "annotate.txt") + " --exact-empties 14";
  const auto first = run_reversi(command);
  const auto second = run_reversi(command);
  REQUIRE(first.status == 0);
  REQUIRE(second.status == 0);
  // "  exact: value given the move played   14 searches   57,315 nodes   8.6%", then the total.
  const auto figures = [](const std::string& out) {
    std::vector<std::string> parts;
    std::uint64_t sum = 0;
    std::uint64_t total = 0;
    for (const std::string& line : lines_of(out)) {
      std::smatch m;
      if (std::regex_search(line, m, std::regex(R"(searches +([0-9,]+) nodes)"))) {
        parts.push_back(line);
        sum += std::stoull(std::regex_replace(m[1].str(), std::regex(","), ""));
      } else if (std::regex_search(line, m, std::regex(R"(total ([0-9,]+) nodes)"))) {
        total = std::stoull(std::regex_replace(m[1].str(), std::regex(","), ""));
      }
    }
    CHECK(parts.size() == 6);
    CHECK(total > 0);
    CHECK(sum == total);
    return parts;
  };
  const std::vector<std::string> parts = figures(first.out);
  CHECK(parts == figures(second.out));
  // The example game is complete and has positions on both sides of the horizon.
  CHECK(parts[0].find(" 0 searches") == std::string::npos);
  CHECK(parts[4].find(" 0 searches") == std::string::npos);
}
