// End-to-end: reversi atlas through the real binary: the table files, --resume, --check, Ctrl-C
// and bad input.
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <thread>

#include "cli/run_binary.hpp"

extern char** environ;

using reversi::testing::run_reversi;
using reversi::testing::wait_for_exit;
namespace fs = std::filesystem;
using nlohmann::json;

namespace {

struct TempDir {
  fs::path path;
  TempDir() {
    char pattern[] = "/tmp/reversi-atlas-XXXXXX";
    path = mkdtemp(pattern);
  }
  ~TempDir() { fs::remove_all(path); }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
};

std::string slurp(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::vector<std::string> ids(const json& rows) {
  std::vector<std::string> out;
  for (const auto& r : rows) out.push_back(r.at("id").get<std::string>());
  return out;
}

// One line on stderr, nothing on stdout, exit status 2.
void check_usage_error(const reversi::testing::CommandResult& r, const std::string& words) {
  CHECK(r.status == 2);
  CHECK(r.out.empty());
  CHECK(r.err.find(words) != std::string::npos);
  CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
}

}  // namespace

TEST_CASE("atlas writes the table as JSON and Markdown with its header and one row per variant",
          "[cli][atlas]") {
  TempDir dir;
  const fs::path out = dir.path / "t.json";
  const auto r = run_reversi(
      "atlas --variant 4x4-standard-winner 4x4-free-count 8x8-standard-winner --threads 2 "
      "--commit abc123 --json " +
      out.string());
  REQUIRE(r.status == 0);
  const json j = json::parse(slurp(out));
  CHECK(ids(j["rows"]) ==
        std::vector<std::string>{"4x4-standard-winner", "4x4-free-count", "8x8-standard-winner"});
  const json& row = j["rows"][0];
  CHECK(row["value"] == -10);
  CHECK(row["outcome"] == "light wins by 10");
  CHECK(row["best_moves"] == json::array({"b1"}));
  CHECK(row["pv"].size() >= 9);
  CHECK(row["wipeout"]["earliest"] == 10);
  CHECK(row["nodes"].get<long long>() > 0);
  CHECK(j["rows"][2]["outcome"] == "draw");
  CHECK(j["rows"][2]["cited"].get<std::string>().find("Takizawa") != std::string::npos);
  const json& run = j["runs"][0];
  CHECK(run["commit"] == "abc123");
  CHECK(run["command"].get<std::string>().find("reversi atlas --variant") == 0);
  CHECK(run["cores"].get<int>() >= 1);
  CHECK(!run["date"].get<std::string>().empty());
  // The run's own length, up to its last row: at least the longest row's wall clock.
  CHECK(run["seconds"].get<double>() > 0);
  for (const json& solved : j["rows"])
    if (solved.contains("seconds"))
      CHECK(run["seconds"].get<double>() >= solved["seconds"].get<double>());
  const std::string md = slurp(dir.path / "t.md");
  CHECK(md.find("| 4x4-standard-winner | -10 | light wins by 10 | b1 | 10 |") != std::string::npos);
  CHECK(md.find("abc123") != std::string::npos);
  CHECK(md.find(" wall clock") != std::string::npos);
  // Progress on stderr, one line a row.
  CHECK(r.err.find("4x4-free-count: light wins by 3") != std::string::npos);
}

TEST_CASE("atlas --resume keeps the finished rows and solves only the skipped ones",
          "[cli][atlas]") {
  TempDir dir;
  const fs::path out = dir.path / "t.json";
  const auto first = run_reversi(
      "atlas --variant 4x4-standard-winner 4x4-standard-anti-count "
      "--skip 4x4-standard-anti-count --json " +
      out.string());
  REQUIRE(first.status == 0);
  json j = json::parse(slurp(out));
  CHECK(ids(j["rows"]) == std::vector<std::string>{"4x4-standard-winner"});
  REQUIRE(j["pending"].size() == 1);
  CHECK(j["pending"][0]["id"] == "4x4-standard-anti-count");
  // Mark the finished row so that a re-solve would show.
  j["rows"][0]["nodes"] = 1;
  std::ofstream(out) << j.dump();
  const auto second = run_reversi("atlas --resume " + out.string());
  REQUIRE(second.status == 0);
  CHECK(second.err.find("1 rows to solve") != std::string::npos);
  j = json::parse(slurp(out));
  CHECK(ids(j["rows"]) ==
        std::vector<std::string>{"4x4-standard-winner", "4x4-standard-anti-count"});
  CHECK(j["rows"][0]["nodes"] == 1);
  CHECK(j["pending"].empty());
  CHECK(j["runs"].size() == 2);

  // Nothing left to solve: the files are written again, the header gains no run.
  const fs::path md = dir.path / "t.md";
  fs::remove(md);
  const auto third = run_reversi("atlas --resume " + out.string());
  REQUIRE(third.status == 0);
  CHECK(third.err.find("0 rows to solve") != std::string::npos);
  CHECK(json::parse(slurp(out))["runs"].size() == 2);
  CHECK(slurp(md).find("4x4-standard-anti-count") != std::string::npos);
}

TEST_CASE("atlas --check re-solves a table: ok as written, exit 1 when a value is wrong",
          "[cli][atlas]") {
  TempDir dir;
  const fs::path out = dir.path / "t.json";
  REQUIRE(run_reversi("atlas --variant 4x4-free-anti-a1-winner 4x4-standard-c1-d2-count --json " +
                      out.string())
              .status == 0);
  const auto good = run_reversi("atlas --check " + out.string());
  CHECK(good.status == 0);
  CHECK(good.out.find("ok    4x4-free-anti-a1-winner") != std::string::npos);
  CHECK(good.out.find("0 wrong") != std::string::npos);
  json j = json::parse(slurp(out));
  // The table is in list order: the standard rows before the free ones.
  REQUIRE(j["rows"][0]["id"] == "4x4-standard-c1-d2-count");
  j["rows"][0]["value"] = j["rows"][0]["value"].get<int>() + 2;
  std::ofstream(out) << j.dump();
  const auto bad = run_reversi("atlas --check " + out.string());
  CHECK(bad.status == 1);
  CHECK(bad.out.find("WRONG 4x4-standard-c1-d2-count: value") != std::string::npos);
  CHECK(bad.out.find("principal variation ends at") != std::string::npos);
}

TEST_CASE("atlas refuses bad input in one line with exit status 2 and keeps the rows done",
          "[cli][atlas]") {
  TempDir dir;
  const fs::path out = dir.path / "t.json";
  REQUIRE(run_reversi("atlas --variant 4x4-standard-winner --json " + out.string()).status == 0);
  const std::string before = slurp(out);
  check_usage_error(run_reversi("atlas --resume " + out.string() + " --variant 4x4-giant-winner"),
                    "'giant' is not a start");
  check_usage_error(
      run_reversi("atlas --resume " + out.string() + " --variant 4x4-standard-b2-winner"),
      "a hole may not be on a centre square (b2)");
  check_usage_error(run_reversi("atlas --resume " + out.string() + " --size 5"), "not 5");
  check_usage_error(run_reversi("atlas --variant 12x12-standard-winner"), "not 12x12");
  CHECK(slurp(out) == before);

  const fs::path corrupt = dir.path / "corrupt.json";
  std::ofstream(corrupt) << before.substr(0, before.size() / 2);
  check_usage_error(run_reversi("atlas --resume " + corrupt.string()),
                    corrupt.string() + ": not an atlas table");
  check_usage_error(run_reversi("atlas --check " + corrupt.string()),
                    corrupt.string() + ": not an atlas table");
  json j = json::parse(before);
  j["rows"][0]["pv"] = json::array({"b1", "z9"});
  std::ofstream(corrupt) << j.dump();
  check_usage_error(run_reversi("atlas --resume " + corrupt.string()),
                    "row 1 (4x4-standard-winner): field 'pv': 'z9' is not a square");
  CHECK(slurp(corrupt) == j.dump());
  // Found by tests/fuzz/fuzz_atlas: numbers too large for their field were converted regardless.
  j = json::parse(before);
  j["rows"][0]["value"] = 1e300;
  std::ofstream(corrupt) << j.dump();
  check_usage_error(run_reversi("atlas --check " + corrupt.string()),
                    "row 1 (4x4-standard-winner): field 'value' is out of range");
  j = json::parse(before);
  j["runs"][0]["cores"] = 1e40;
  std::ofstream(corrupt) << j.dump();
  check_usage_error(run_reversi("atlas --resume " + corrupt.string()),
                    "a run's 'cores' is not a number in range");
  check_usage_error(run_reversi("atlas --check " + (dir.path / "missing.json").string()),
                    "cannot read");
  CHECK(slurp(out) == before);
}

TEST_CASE("Ctrl-C stops atlas with exit status 130 and keeps the rows already done",
          "[cli][atlas]") {
  TempDir dir;
  const fs::path out = dir.path / "t.json";
  std::vector<std::string> args = {
      REVERSI_BINARY, "atlas", "--variant", "4x4-standard-winner", "6x6-free-anti-winner",
      "--threads",    "2",     "--json",    out.string(),          "--quiet"};
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid = 0;
  REQUIRE(posix_spawn(&pid, REVERSI_BINARY, nullptr, nullptr, argv.data(), environ) == 0);
  // Wait for the 4x4 row to reach the file (a minute leaves room for sanitizer builds); the 6x6
  // anti row, started first on the other worker, takes far longer.
  for (int i = 0; i < 1200 && !fs::exists(out); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  kill(pid, SIGINT);
  const std::optional<int> status = wait_for_exit(pid, std::chrono::seconds(120));
  REQUIRE(status.has_value());  // stopped within two minutes of Ctrl-C, under TSan too
  REQUIRE(WIFEXITED(*status));
  CHECK(WEXITSTATUS(*status) == 130);
  const json j = json::parse(slurp(out));
  CHECK(ids(j["rows"]) == std::vector<std::string>{"4x4-standard-winner"});
  REQUIRE(j["pending"].size() == 1);
  CHECK(j["pending"][0]["reason"] == "interrupted");
}
