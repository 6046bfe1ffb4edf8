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
#include <set>
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
  CHECK(good.out.find("] ok       4x4-free-anti-a1-winner: ") != std::string::npos);
  CHECK(good.out.find("0 differ") != std::string::npos);
  json j = json::parse(slurp(out));
  // The table is in list order: the standard rows before the free ones.
  REQUIRE(j["rows"][0]["id"] == "4x4-standard-c1-d2-count");
  j["rows"][0]["value"] = j["rows"][0]["value"].get<int>() + 2;
  std::ofstream(out) << j.dump();
  const auto bad = run_reversi("atlas --check " + out.string());
  CHECK(bad.status == 1);
  CHECK(bad.out.find("DIFFERS  4x4-standard-c1-d2-count: value") != std::string::npos);
  CHECK(bad.out.find("principal variation ends at") != std::string::npos);
  CHECK(bad.out.find("1 differs") != std::string::npos);
}

namespace {

const fs::path shipped_table = fs::path(REVERSI_SOURCE_DIR) / "data/atlas/atlas.json";

// The lines of `text` that start with `prefix`.
std::vector<std::string> lines_starting(const std::string& text, const std::string& prefix) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (line.starts_with(prefix)) out.push_back(line);
  return out;
}

}  // namespace

// Its speed is that of the rows it skips (named below), not a timed check: timed tests fail on
// a busy machine and say nothing on a fast one.
TEST_CASE(
    "atlas --check of the shipped table says its cost, reports every row and skips the slow ones",
    "[cli][atlas]") {
  const auto r = run_reversi("atlas --check " + shipped_table.string() + " --threads 2");
  INFO(r.out);
  CHECK(r.status == 0);
  const json table = json::parse(slurp(shipped_table));
  const std::size_t rows = table["rows"].size();
  // The plan first: what is re-solved, what is not and what that would cost.
  CHECK(r.out.starts_with("atlas --check " + shipped_table.string() + ": " + std::to_string(rows) +
                          " rows; every stored line is replayed"));
  CHECK(r.out.find("\nre-solving 165 rows: ") != std::string::npos);
  CHECK(r.out.find("\nnot re-solving 38 rows (18,661 s (5h11m) of CPU time as stored, about ") !=
        std::string::npos);
  CHECK(r.out.find("--resolve re-solves them too") != std::string::npos);
  // A line per row, each row once.
  std::set<std::string> seen;
  for (const auto& line : lines_starting(r.out, "[")) {
    CHECK(line.find("] ok       ") != std::string::npos);
    seen.insert(
        line.substr(line.find("ok       ") + 9, line.find(':') - line.find("ok       ") - 9));
  }
  CHECK(seen.size() == rows);
  CHECK(
      r.out.find(
          "] ok       6x6-free-anti-b1-winner: light wins by 1 (anti: fewer discs wins); its line "
          "replays (") != std::string::npos);
  CHECK(r.out.find("not re-solved: 2,387 s (39m47s) of CPU time stored") != std::string::npos);
  CHECK(r.out.find("] ok       4x4-standard-winner: light wins by 10; re-solved in ") !=
        std::string::npos);
  CHECK(r.out.find("checked " + std::to_string(rows) + " of " + std::to_string(rows) + " rows of " +
                   shipped_table.string() +
                   ": 165 re-solved, 38 by their line "
                   "alone; 0 differ") != std::string::npos);
}

TEST_CASE("atlas --check names a slow row whose stored value was tampered with, exit 1",
          "[cli][atlas]") {
  TempDir dir;
  json table = json::parse(slurp(shipped_table));
  json tampered;
  for (auto& row : table["rows"])
    if (row["id"] == "6x6-free-anti-winner") {
      row["value"] = row["value"].get<int>() + 2;
      tampered = row;
    }
  REQUIRE_FALSE(tampered.is_null());
  const fs::path copy = dir.path / "atlas.json";
  std::ofstream(copy) << table.dump(1);
  const auto r = run_reversi("atlas --check " + copy.string());
  CHECK(r.status == 1);
  const auto differ = lines_starting(r.out, "[");
  std::vector<std::string> wrong;
  for (const auto& line : differ)
    if (line.find(" DIFFERS ") != std::string::npos) wrong.push_back(line);
  REQUIRE(wrong.size() == 1);
  CHECK(wrong[0].find("DIFFERS  6x6-free-anti-winner: the principal variation ends at 2, not at "
                      "the value 4") != std::string::npos);
  CHECK(r.out.find("; 1 differs, ") != std::string::npos);
}

TEST_CASE("atlas --check --resolve re-solves every row, its cost printed first", "[cli][atlas]") {
  TempDir dir;
  const fs::path out = dir.path / "t.json";
  REQUIRE(run_reversi("atlas --variant 4x4-standard-winner 4x4-free-anti-count "
                      "4x4-standard-a1-b1-count --json " +
                      out.string())
              .status == 0);
  const auto r = run_reversi("atlas --check " + out.string() + " --resolve --threads 1");
  CHECK(r.status == 0);
  CHECK(r.out.find("re-solving 3 rows: ") < r.out.find("] ok"));
  CHECK(r.out.find("of CPU time as stored, about ") != std::string::npos);
  CHECK(r.out.find("  and 3 rows quick to solve") != std::string::npos);
  CHECK(r.out.find("not re-solving") == std::string::npos);
  CHECK(lines_starting(r.out, "[").size() == 3);
  for (const auto& line : lines_starting(r.out, "["))
    CHECK(line.find("; re-solved in ") != std::string::npos);
  CHECK(r.out.find(": 3 re-solved, 0 by their line alone; 0 differ") != std::string::npos);
  check_usage_error(run_reversi("atlas --resolve"), "--resolve goes with --check FILE");
}

TEST_CASE("SIGTERM stops atlas --check --resolve within seconds with exit status 130",
          "[cli][atlas]") {
  TempDir dir;
  json table = json::parse(slurp(shipped_table));
  json slow = json::array();
  for (const auto& row : table["rows"])
    if (row["id"] == "6x6-free-anti-b1-winner" || row["id"] == "4x4-standard-winner")
      slow.push_back(row);
  table["rows"] = slow;
  const fs::path copy = dir.path / "slow.json";
  std::ofstream(copy) << table.dump();
  const fs::path out = dir.path / "out.txt";
  std::vector<std::string> args = {REVERSI_BINARY, "atlas",     "--check", copy.string(),
                                   "--resolve",    "--threads", "2",       "--quiet"};
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  pid_t pid = 0;
  REQUIRE(posix_spawn(&pid, REVERSI_BINARY, &actions, nullptr, argv.data(), environ) == 0);
  posix_spawn_file_actions_destroy(&actions);
  // Wait for the 4x4 row's line: the 6x6 row, about 40 minutes, is then under way.
  for (int i = 0; i < 1200 && slurp(out).find("4x4-standard-winner") == std::string::npos; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  const auto sent = std::chrono::steady_clock::now();
  kill(pid, SIGTERM);
  const std::optional<int> status = wait_for_exit(pid, std::chrono::seconds(120));
  REQUIRE(status.has_value());
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - sent).count();
  REQUIRE(WIFEXITED(*status));
  CHECK(WEXITSTATUS(*status) == 130);
  const std::string text = slurp(out);
  CHECK(text.find("6x6-free-anti-b1-winner: 2,387 s (39m47s) of CPU time") != std::string::npos);
  CHECK(text.find("stopped  6x6-free-anti-b1-winner: interrupted") != std::string::npos);
  CHECK(text.find("checked 1 of 2 rows") != std::string::npos);
  CHECK(text.find("; interrupted") != std::string::npos);
  WARN("stopped " << seconds << " s after SIGTERM");
  CHECK(seconds < 5);
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
