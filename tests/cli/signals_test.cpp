// End-to-end: SIGTERM and SIGINT in the middle of long work end every subcommand within a second,
// with exit status 130, by a clean stop (the work polls the stop flag; the guard's forced stop,
// which says "reversi: stopped", is the safety net and must not be needed) and no output file.
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "cli/run_binary.hpp"
#include "db/random_games.hpp"

extern char** environ;

using reversi::testing::slurp;
using reversi::testing::TempDir;
using reversi::testing::wait_for_exit;
using reversi::testing::wait_for_guard;
namespace fs = std::filesystem;

namespace {

struct Stopped {
  bool was_running = false;  // still at work when the signal came
  std::optional<int> status;
  double seconds = 0;  // from the signal to the exit
  std::string err;
};

// Starts `reversi ARGS` with its standard input from dir/in and its output in dir/stdout and
// dir/stderr; 0 when it could not be started.
pid_t spawn_in(const std::vector<std::string>& args, const TempDir& dir) {
  std::vector<std::string> all{REVERSI_BINARY};
  all.insert(all.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& a : all) argv.push_back(a.data());
  argv.push_back(nullptr);
  const std::string in = (dir.path / "in").string();
  if (!fs::exists(in)) std::ofstream(in) << "";
  const std::string out = (dir.path / "stdout").string();
  const std::string err = (dir.path / "stderr").string();
  posix_spawn_file_actions_t files;
  posix_spawn_file_actions_init(&files);
  posix_spawn_file_actions_addopen(&files, 0, in.c_str(), O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&files, 1, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&files, 2, err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  pid_t pid = 0;
  const int spawned = posix_spawn(&pid, REVERSI_BINARY, &files, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&files);
  return spawned == 0 ? pid : 0;
}

// Starts `reversi ARGS` in `dir` (spawn_in), lets it work for `work`, sends `signal` and times
// its end.
Stopped interrupt_run(const std::vector<std::string>& args, const TempDir& dir, int signal,
                      std::chrono::milliseconds work = std::chrono::milliseconds(1500)) {
  const std::string err = (dir.path / "stderr").string();
  Stopped s;
  const pid_t pid = spawn_in(args, dir);
  if (pid == 0) return s;
  // The work is timed from the guard's start: a slow start-up must not turn the signal into a
  // kill.
  wait_for_guard(pid, std::chrono::seconds(60));
  std::this_thread::sleep_for(work);
  int raw = 0;
  s.was_running = waitpid(pid, &raw, WNOHANG) == 0;
  if (!s.was_running) {
    s.status = raw;
    s.err = slurp(err);
    return s;
  }
  const auto sent = std::chrono::steady_clock::now();
  kill(pid, signal);
  s.status = wait_for_exit(pid, std::chrono::seconds(60));
  s.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - sent).count();
  s.err = slurp(err);
  return s;
}

// The output files a command was asked to write, none of which may exist after the stop.
void check_clean_stop(const Stopped& s, const std::vector<fs::path>& outputs) {
  INFO("stderr: " << s.err);
  REQUIRE(s.was_running);
  REQUIRE(s.status.has_value());
  REQUIRE(WIFEXITED(*s.status));
  CHECK(WEXITSTATUS(*s.status) == 130);
  CHECK(s.seconds < 1.0);
  CHECK(s.err.find("reversi: stopped") == std::string::npos);
  for (const auto& p : outputs) CHECK_FALSE(fs::exists(p));
}

}  // namespace

TEST_CASE(
    "SIGTERM ends solve, perft, annotate, atlas, puzzle, bench, train and selfplay within a "
    "second",
    "[cli][signals]") {
  struct Case {
    std::vector<std::string> args;
    std::string input;
    bool writes_out;  // -o OUT: must not exist after the stop
  };
  const std::vector<Case> cases = {
      {{"solve", "--moves", "f5 d6 c3", "--threads", "2"}, "", false},
      {{"solve", "--moves", "f5", "--threads", "64", "--hash-mb", "1"}, "", false},
      {{"perft", "--depth", "16", "--threads", "2"}, "", false},
      {{"perft", "--depth", "16", "--threads", "2", "--hash-mb", "1"}, "", false},
      // In work units: the journal keeps the finished ones (OUT is the journal here).
      {{"perft", "--depth", "16", "--threads", "2", "--journal", "OUT"}, "", false},
      {{"solve", "--moves", "f5", "--split-depth", "2", "--journal", "OUT"}, "", false},
      {{"annotate", "--depth", "30", "--threads", "2", "-o", "OUT", "-"}, "f5 d6 c3 d3 c4\n", true},
      {{"annotate", "--threads", "8", "--hash-mb", "1", "--exact-empties", "40", "-o", "OUT", "-"},
       "d3c3c4e3e2b4e6f2f3f1c5c6b6a7e1d6c2d1b5c1e7a4\n",
       true},
      // atlas keeps the rows done and marks the rest pending: its file is complete, not partial.
      {{"atlas", "--variant", "6x6-free-anti-winner", "--threads", "1", "--json", "OUT"},
       "",
       false},
      {{"puzzle", "wipeout", "--by", "40", "--count", "--quiet"}, "", false},
      {{"bench", "ffo", "--first", "40", "--last", "49", "--threads", "1"}, "", false},
      {{"train", "--size", "6", "--games", "1000000", "-o", "OUT"}, "", true},
      {{"selfplay", "--games", "100000", "--threads", "2", "-o", "OUT"}, "", true},
  };
  for (const auto& c : cases) {
    for (const int signal : {SIGTERM, SIGINT}) {
      TempDir dir;
      std::ofstream(dir.path / "in") << c.input;
      std::vector<std::string> args = c.args;
      for (auto& a : args)
        if (a == "OUT") a = (dir.path / "out").string();
      std::string line;
      for (const auto& a : c.args) line += a + " ";
      INFO("reversi " << line << "with signal " << signal);
      const Stopped s = interrupt_run(args, dir, signal);
      check_clean_stop(
          s, c.writes_out ? std::vector<fs::path>{dir.path / "out"} : std::vector<fs::path>{});
    }
  }
}

TEST_CASE("A second signal ends a run at once, even one that is still stopping", "[cli][signals]") {
  TempDir dir;
  const pid_t pid = spawn_in({"perft", "--depth", "16", "--threads", "1"}, dir);
  REQUIRE(pid != 0);
  REQUIRE(wait_for_guard(pid, std::chrono::seconds(60)));
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  kill(pid, SIGTERM);
  kill(pid, SIGTERM);
  const std::optional<int> status = wait_for_exit(pid, std::chrono::seconds(30));
  REQUIRE(status.has_value());
  REQUIRE(WIFEXITED(*status));
  CHECK(WEXITSTATUS(*status) == 130);
}

TEST_CASE("Signals that come while a stopped run is ending do not change its exit status",
          "[cli][signals]") {
  // The race a loaded machine hits: the second signal lands after the run has stopped cleanly,
  // while it returns and exits; it must still end with 130, not be killed by the signal.
  for (int attempt = 0; attempt < 5; ++attempt) {
    TempDir dir;
    const std::string err = (dir.path / "stderr").string();
    const pid_t pid = spawn_in({"perft", "--depth", "16", "--threads", "1"}, dir);
    REQUIRE(pid != 0);
    REQUIRE(wait_for_guard(pid, std::chrono::seconds(60)));
    kill(pid, SIGTERM);
    // Once the run says it stopped, keep signalling until it is gone.
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    int raw = 0;
    bool reaped = false;
    while (!reaped && std::chrono::steady_clock::now() < deadline) {
      if (slurp(err).find("interrupted") != std::string::npos) kill(pid, SIGTERM);
      reaped = waitpid(pid, &raw, WNOHANG) == pid;
      std::this_thread::sleep_for(std::chrono::microseconds(100));
    }
    if (!reaped) {
      kill(pid, SIGKILL);
      waitpid(pid, &raw, 0);
    }
    INFO("attempt " << attempt << ", stderr: " << slurp(err));
    REQUIRE(reaped);
    REQUIRE(WIFEXITED(raw));
    CHECK(WEXITSTATUS(raw) == 130);
  }
}

TEST_CASE("SIGINT ends db book and db report within a second, and the database stays whole",
          "[cli][signals][db]") {
  using namespace reversi::testing;
  TempDir dir;
  const fs::path records = dir.path / "g.ggf";
  const std::string db = (dir.path / "g.db").string();
  write_file(records, ggf_text(random_games(300, 40, 11)));
  REQUIRE(run_reversi("db build -o " + db + " " + records.string()).status == 0);
  struct Case {
    std::vector<std::string> args;
    bool writes_out;
  };
  const std::vector<Case> cases = {
      {{"db", "book", db, "--min-games", "1", "--max-ply", "30", "--depth", "14", "--threads", "2"},
       false},
      {{"db", "report", db, "-o", "OUT", "--depth", "30", "--min-games", "1", "--engine-depth",
        "12", "--threads", "2"},
       true},
  };
  for (const auto& c : cases) {
    std::vector<std::string> args = c.args;
    for (auto& a : args)
      if (a == "OUT") a = (dir.path / "out.html").string();
    INFO("reversi " << c.args[0] << " " << c.args[1]);
    const Stopped s = interrupt_run(args, dir, SIGINT);
    check_clean_stop(
        s, c.writes_out ? std::vector<fs::path>{dir.path / "out.html"} : std::vector<fs::path>{});
    // What was committed before the stop is intact: the file still answers a query.
    const auto q = run_reversi("db query " + db + " --moves f5 --json");
    CHECK(q.status == 0);
    CHECK(q.out.find("\"games\"") != std::string::npos);
  }
}

TEST_CASE("SIGTERM in train's exact labels keeps what was solved, and the same command resumes",
          "[cli][signals][eval]") {
  using namespace reversi::testing;
  TempDir dir;
  const fs::path records = dir.path / "g.ggf";
  write_file(records, ggf_text(random_games(150, 0, 12)));
  const fs::path wtb = dir.path / "WTH_2000.wtb";
  REQUIRE(run_reversi("convert --to wthor -o " + quoted(wtb) + " " + quoted(records)).status == 0);
  const fs::path cache = dir.path / "labels.cache";
  const std::vector<std::string> args{"train",
                                      "--wthor",
                                      wtb.string(),
                                      "--solve-empties",
                                      "17",
                                      "--label-cache",
                                      cache.string(),
                                      "--iterations",
                                      "2",
                                      "--threads",
                                      "2",
                                      "-o",
                                      (dir.path / "out").string()};
  const Stopped s = interrupt_run(args, dir, SIGTERM);
  check_clean_stop(s, {dir.path / "out"});
  CHECK(s.err.find("positions solved are kept in " + cache.string()) != std::string::npos);
  // The cache holds whole records of what was solved before the signal.
  REQUIRE(fs::exists(cache));
  const auto header = std::string("reversi-exact-labels 1\n").size();
  const auto kept = (fs::file_size(cache) - header) / 17;
  CHECK(kept > 0);
  CHECK((fs::file_size(cache) - header) % 17 == 0);
  std::string line;
  for (const auto& a : args) line += " " + reversi::testing::quoted(fs::path(a));
  const auto resumed = run_reversi(line.substr(1));
  INFO(resumed.err);
  CHECK(resumed.status == 0);
  long solved = 0, cached = 0;
  const auto at = resumed.err.find("train: exact labels up to 17 empties: ");
  REQUIRE(at != std::string::npos);
  REQUIRE(std::sscanf(resumed.err.c_str() + at,
                      "train: exact labels up to 17 empties: %ld positions solved (%*d nodes, "
                      "%*f s), %ld from the cache",
                      &solved, &cached) == 2);
  CHECK(cached >= static_cast<long>(kept));
  CHECK(solved > 0);
  CHECK(fs::exists(dir.path / "out"));
}
