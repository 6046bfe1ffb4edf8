// End-to-end: the cluster options that need no MPI (docs/cluster.md) through the real binary:
// the journal and --resume, and a batch system's --emit-jobs, --units and --merge.
#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "cli/run_binary.hpp"

using reversi::testing::run_reversi;

namespace {

namespace fs = std::filesystem;

// A fresh folder for one test's files.
fs::path scratch(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("reversi-cluster-test-" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

std::string read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

long lines(const fs::path& p) {
  const std::string text = read(p);
  return static_cast<long>(std::count(text.begin(), text.end(), '\n'));
}

std::uint64_t leaves(const std::string& json_out) {
  return nlohmann::json::parse(json_out)["counts"].back()["leaves"].get<std::uint64_t>();
}

// The units that `reversi ARGS --emit-jobs DIR/jobs.jsonl` writes, one JSON object each, after
// checking that the run succeeded and that the header counts them all.
std::vector<nlohmann::json> emitted_units(const std::string& args, const fs::path& dir) {
  const fs::path file = dir / "jobs.jsonl";
  REQUIRE(run_reversi(args + " --emit-jobs " + file.string()).status == 0);
  std::ifstream jobs(file);
  std::string header;
  std::getline(jobs, header);
  std::vector<nlohmann::json> units;
  for (std::string line; std::getline(jobs, line);) units.push_back(nlohmann::json::parse(line));
  CHECK(nlohmann::json::parse(header)["units"] == units.size());
  return units;
}

}  // namespace

TEST_CASE("Perft from emitted units computed in two halves and merged equals the plain count",
          "[cli][cluster]") {
  const fs::path dir = scratch("merge");
  const std::string args = "perft --depth 8 --split-depth 3 --json";
  const auto plain = run_reversi("perft --depth 8 --json --threads 1");
  REQUIRE(plain.status == 0);

  const auto units = static_cast<long>(emitted_units(args, dir).size());
  REQUIRE(units > 2);

  const std::string half = std::to_string(units / 2);
  const auto a = run_reversi(args + " --units 0-" + std::to_string(units / 2 - 1) + " --journal " +
                             (dir / "a.jsonl").string());
  const auto b = run_reversi(args + " --units " + half + "-" + std::to_string(units - 1) +
                             " --journal " + (dir / "b.jsonl").string());
  REQUIRE(a.status == 0);
  REQUIRE(b.status == 0);
  const auto merged = run_reversi(args + " --merge " + (dir / "a.jsonl").string() + " --merge " +
                                  (dir / "b.jsonl").string());
  REQUIRE(merged.status == 0);
  CHECK(leaves(merged.out) == leaves(plain.out));

  SECTION("a missing half is an error naming the units") {
    const auto partial = run_reversi(args + " --merge " + (dir / "a.jsonl").string());
    CHECK(partial.status == 2);
    CHECK(partial.err.find("units have no result") != std::string::npos);
  }
  SECTION("the journal of another job is refused") {
    const auto other =
        run_reversi("perft --depth 7 --split-depth 3 --merge " + (dir / "a.jsonl").string());
    CHECK(other.status == 2);
    CHECK(other.err.find("journal of another job") != std::string::npos);
  }
}

TEST_CASE("A perft run resumed from a journal cut mid-line gives the uninterrupted count",
          "[cli][cluster]") {
  const fs::path dir = scratch("resume");
  const std::string journal = (dir / "j.jsonl").string();
  const std::string args = "perft --depth 8 --split-depth 2 --json --journal " + journal;
  const auto full = run_reversi(args);
  REQUIRE(full.status == 0);
  const long full_lines = lines(journal);
  // Keep the header and two units, then half a line, as a kill would leave it.
  std::istringstream in(read(journal));
  std::string kept;
  std::string line;
  for (int i = 0; i < 3 && std::getline(in, line); ++i) kept += line + "\n";
  std::getline(in, line);
  kept += line.substr(0, line.size() / 2);
  std::ofstream(journal, std::ios::binary | std::ios::trunc) << kept;

  const auto resumed = run_reversi(args + " --resume");
  REQUIRE(resumed.status == 0);
  CHECK(leaves(resumed.out) == leaves(full.out));
  CHECK(lines(journal) == full_lines);
  CHECK(read(journal).find("\"result\":\"00\n") == std::string::npos);
}

TEST_CASE("A journal line that is not a unit's ends what --resume keeps, as a cut line does",
          "[cli][cluster]") {
  const fs::path dir = scratch("resume-bad-types");
  const std::string journal = (dir / "j.jsonl").string();
  const std::string args = "perft --depth 7 --split-depth 2 --json --journal " + journal;
  const auto full = run_reversi(args);
  REQUIRE(full.status == 0);
  std::istringstream in(read(journal));
  std::string header;
  std::string unit;
  std::getline(in, header);
  std::getline(in, unit);
  // Found by tests/fuzz/fuzz_journal: a number for the result, a fraction for the unit.
  for (const char* bad : {R"({"unit":1,"result":12})", R"({"unit":1.5e30,"result":"00"})",
                          R"({"unit":-1,"result":"00"})"}) {
    std::ofstream(journal, std::ios::binary | std::ios::trunc) << header << "\n"
                                                               << unit << "\n"
                                                               << bad << "\n";
    const auto resumed = run_reversi(args + " --resume");
    REQUIRE(resumed.status == 0);
    CHECK(leaves(resumed.out) == leaves(full.out));
    CHECK(read(journal).find(bad) == std::string::npos);
  }
}

TEST_CASE("A journal whose header has no line end is refused in one line, not appended to",
          "[cli][cluster]") {
  const fs::path dir = scratch("resume-header-cut");
  const std::string journal = (dir / "j.jsonl").string();
  const std::string args = "perft --depth 5 --split-depth 2 --json --journal " + journal;
  REQUIRE(run_reversi(args).status == 0);
  const std::string text = read(journal);
  const std::string header = text.substr(0, text.find('\n'));
  std::ofstream(journal, std::ios::binary | std::ios::trunc) << header;
  const auto resumed = run_reversi(args + " --resume");
  CHECK(resumed.status == 2);
  CHECK(resumed.err.find("header line has no line end") != std::string::npos);
  CHECK(read(journal) == header);
}

TEST_CASE("Annotate with a journal, resumed, writes the bytes of a plain run", "[cli][cluster]") {
  const fs::path dir = scratch("annotate");
  const std::string inputs = std::string(REVERSI_SOURCE_DIR) + "/data/examples/games.txt " +
                             REVERSI_SOURCE_DIR + "/data/examples/annotate.txt";
  const std::string settings = "annotate --exact-empties 10 --depth 3 --hash-mb 8 " + inputs;
  const std::string journal = (dir / "j.jsonl").string();
  const auto plain = run_reversi(settings + " -o " + (dir / "plain.jsonl").string());
  const auto first = run_reversi(settings + " --batch 1 --journal " + journal + " -o " +
                                 (dir / "first.jsonl").string());
  CHECK(first.status == plain.status);
  CHECK(read(dir / "first.jsonl") == read(dir / "plain.jsonl"));
  // Only the header and the first batch stay.
  std::istringstream in(read(journal));
  std::string header;
  std::string unit;
  std::getline(in, header);
  std::getline(in, unit);
  std::ofstream(journal, std::ios::binary | std::ios::trunc) << header << "\n" << unit << "\n";
  const auto resumed = run_reversi(settings + " --batch 1 --journal " + journal + " --resume -o " +
                                   (dir / "resumed.jsonl").string());
  CHECK(resumed.status == plain.status);
  CHECK(read(dir / "resumed.jsonl") == read(dir / "plain.jsonl"));
}

TEST_CASE("Resuming before the journal exists starts one", "[cli][cluster]") {
  const fs::path dir = scratch("first");
  const auto first = run_reversi("perft --depth 6 --split-depth 2 --json --resume --journal " +
                                 (dir / "j.jsonl").string());
  REQUIRE(first.status == 0);
  CHECK(leaves(first.out) == leaves(run_reversi("perft --depth 6 --json").out));
  CHECK(lines(dir / "j.jsonl") > 1);
}

TEST_CASE("Resuming without a journal is a usage error", "[cli][cluster]") {
  const auto r = run_reversi("perft --depth 3 --resume");
  CHECK(r.status == 2);
  CHECK(r.err.find("--resume needs --journal") != std::string::npos);
}

TEST_CASE("Annotate from emitted batches computed in two parts and merged writes the plain bytes",
          "[cli][cluster]") {
  const fs::path dir = scratch("annotate-merge");
  const std::string inputs = std::string(REVERSI_SOURCE_DIR) + "/data/examples/games.txt " +
                             REVERSI_SOURCE_DIR + "/data/examples/annotate.txt " +
                             REVERSI_SOURCE_DIR + "/data/examples/games.ggf";
  const std::string args =
      "annotate --exact-empties 10 --depth 3 --hash-mb 8 --batch 2 --threads 1 " + inputs;
  const auto plain = run_reversi(args + " -o " + (dir / "plain.jsonl").string());

  const std::vector<nlohmann::json> emitted = emitted_units(args, dir);
  const auto units = static_cast<long>(emitted.size());
  REQUIRE(units > 2);
  CHECK(emitted.front()["games"] == 2);
  // The same jobs file every time: no stale padding bytes go into a unit.
  const fs::path again = dir / "again";
  fs::create_directories(again);
  emitted_units(args, again);
  CHECK(read(again / "jobs.jsonl") == read(dir / "jobs.jsonl"));

  const std::string a = (dir / "a.jsonl").string();
  const std::string b = (dir / "b.jsonl").string();
  const auto part_a = run_reversi(args + " --units 0-0 --journal " + a);
  const auto part_b =
      run_reversi(args + " --units 1-" + std::to_string(units - 1) + " --journal " + b);
  REQUIRE(part_a.status == 0);
  REQUIRE(part_b.status == 0);
  // The computing runs write no output of their own.
  CHECK(part_a.out.empty());
  const std::string merged = (dir / "merged.jsonl").string();
  const auto merge = run_reversi(args + " --merge " + a + " --merge " + b + " -o " + merged);
  CHECK(merge.status == plain.status);
  CHECK(read(merged) == read(dir / "plain.jsonl"));

  SECTION("a missing part is an error naming the batch, and no output is written") {
    const std::string partial = (dir / "partial.jsonl").string();
    const auto missing = run_reversi(args + " --merge " + a + " -o " + partial);
    CHECK(missing.status == 2);
    CHECK(missing.err.find("batch 1 has no result") != std::string::npos);
    CHECK(!fs::exists(partial));
  }
  SECTION("a range past the last batch is refused") {
    const auto past = run_reversi(args + " --units 0-" + std::to_string(units) + " --journal " +
                                  (dir / "c.jsonl").string());
    CHECK(past.status == 2);
    CHECK(past.err.find("--units must be") != std::string::npos);
  }
}

TEST_CASE("Solve from emitted units computed in two parts and merged gives the plain result",
          "[cli][cluster]") {
  const fs::path dir = scratch("solve-merge");
  const std::string args =
      "solve --size 6 --moves \"c2 b2 a2 c1 b1 a1 b3 a3\" --split-depth 2 --all-moves";
  const auto plain = run_reversi("solve --size 6 --moves \"c2 b2 a2 c1 b1 a1 b3 a3\" --all-moves");
  REQUIRE(plain.status == 0);
  const auto units = static_cast<long>(emitted_units(args, dir).size());
  REQUIRE(units > 2);
  const std::string a = (dir / "a.jsonl").string();
  const std::string b = (dir / "b.jsonl").string();
  REQUIRE(run_reversi(args + " --units 0-0 --journal " + a).status == 0);
  REQUIRE(
      run_reversi(args + " --units 1-" + std::to_string(units - 1) + " --journal " + b).status ==
      0);
  const auto merged = run_reversi(args + " --merge " + a + " --merge " + b);
  REQUIRE(merged.status == 0);
  // The value, the best moves and every move's value.
  for (const std::string prefix : {"value: ", "best move", "moves: "}) {
    INFO(prefix);
    const auto line_of = [&](const std::string& text) {
      const auto at = text.find("\n" + prefix);
      return at == std::string::npos ? std::string()
                                     : text.substr(at, text.find('\n', at + 1) - at);
    };
    CHECK(!line_of(plain.out).empty());
    CHECK(line_of(merged.out) == line_of(plain.out));
  }
}
