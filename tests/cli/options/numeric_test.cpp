// End-to-end: every numeric option of every subcommand, read from the binary's own --help, is
// given hostile values (negative, zero, huge, overflowing, not a number) and must refuse each
// outside its range in one line naming the option, with exit status 2, at once and writing
// nothing. New options are covered as soon as they use the shared checker (cli/options/numeric).
#include "cli/options/numeric.hpp"

#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "cli/run_binary.hpp"

using reversi::testing::run_reversi;
namespace fs = std::filesystem;

namespace {

struct NumericOption {
  std::string command;  // "solve", "bench ffo"
  std::string name;     // "hash-mb"
  double min = 0;
  double max = 0;
};

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

// The subcommands as `reversi --help` lists them, and the bench modes as `bench --help` does.
std::vector<std::string> commands() {
  std::vector<std::string> out;
  const std::regex entry(R"(^  ([a-z]+) +\S.*)");
  bool listing = false;
  for (const auto& line : lines_of(run_reversi("--help").out)) {
    if (line.rfind("Subcommands:", 0) == 0) listing = true;
    std::smatch m;
    if (listing && std::regex_match(line, m, entry)) out.push_back(m[1]);
  }
  std::vector<std::string> all;
  for (const auto& c : out) {
    if (c != "bench") {
      all.push_back(c);
      continue;
    }
    // "Usage: reversi bench [signature|ffo|...] [OPTIONS]"
    const std::regex usage(R"(^Usage: reversi bench \[([a-z|]+)\].*)");
    for (const auto& line : lines_of(run_reversi("bench --help").out)) {
      std::smatch m;
      if (!std::regex_match(line, m, usage)) continue;
      std::istringstream modes{std::string(m[1])};
      for (std::string mode; std::getline(modes, mode, '|');) all.push_back("bench " + mode);
    }
  }
  return all;
}

// Options whose value name in --help is a range "MIN..MAX".
std::vector<NumericOption> numeric_options(const std::string& command) {
  std::vector<NumericOption> out;
  // "--hash-mb 1..24000 (=64)", "-d [ --depth ] 0..100"
  const std::regex option(R"(--([a-z-]+)( \])? (-?[0-9.e+]+)\.\.(-?[0-9.e+]+))");
  for (const auto& line : lines_of(run_reversi(command + " --help").out)) {
    std::smatch m;
    if (std::regex_search(line, m, option))
      out.push_back({command, m[1], std::stod(m[3]), std::stod(m[4])});
  }
  return out;
}

// The hostile values that lie outside the option's range.
std::vector<std::string> hostile_values(const NumericOption& o) {
  std::vector<std::string> out;
  if (o.min > -5) out.push_back("-5");
  if (o.min > 0) out.push_back("0");
  if (o.max < 1e15) out.push_back("1000000000000000");
  out.push_back("999999999999999999999999999999");
  out.push_back("ten");
  out.push_back("4x");
  out.push_back("");
  return out;
}

struct TempDir {
  fs::path path;
  TempDir() {
    char pattern[] = "/tmp/reversi-options-XXXXXX";
    path = mkdtemp(pattern);
  }
  ~TempDir() { fs::remove_all(path); }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
};

struct Captured {
  int status = -1;
  std::string out;
  std::string err;
};

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Runs the binary with `args` from inside `cwd`, its output kept in `capture`.
Captured run_in(const fs::path& cwd, const std::string& args, const fs::path& capture) {
  const std::string command = "cd '" + cwd.string() + "' && '" + REVERSI_BINARY + "' " + args +
                              " </dev/null >'" + (capture / "out").string() + "' 2>'" +
                              (capture / "err").string() + "'";
  const int raw = std::system(command.c_str());
  return {WIFEXITED(raw) ? WEXITSTATUS(raw) : 128 + WTERMSIG(raw), slurp(capture / "out"),
          slurp(capture / "err")};
}

}  // namespace

TEST_CASE("Every numeric option of every subcommand refuses values outside its range in one line",
          "[cli][options]") {
  const std::vector<std::string> all = commands();
  REQUIRE(all.size() >= 12);
  std::size_t options = 0;
  std::size_t refusals = 0;
  for (const auto& command : all) {
    for (const auto& o : numeric_options(command)) {
      ++options;
      for (const auto& value : hostile_values(o)) {
        TempDir dir;
        TempDir capture;
        const auto started = std::chrono::steady_clock::now();
        const Captured r =
            run_in(dir.path, command + " --" + o.name + " '" + value + "'", capture.path);
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        INFO("reversi " << command << " --" << o.name << " '" << value << "': " << r.err);
        ++refusals;
        CHECK(r.status == 2);
        CHECK(r.out.empty());
        CHECK(lines_of(r.err).size() == 1);
        CHECK(r.err.find("--" + o.name) != std::string::npos);
        // A refusal starts no work: a generous bound that a busy sanitizer run still meets
        // (2.5 s seen at load 9) and a run that began searching would not.
        CHECK(seconds < 10.0);
        CHECK(fs::is_empty(dir.path));
      }
    }
  }
  // Every table size, thread count and depth at least: a shrinking list means a lost checker.
  CHECK(options >= 40);
  CHECK(refusals >= 5 * options);
}

TEST_CASE("A numeric option's error says what was given and what is accepted", "[cli][options]") {
  const auto r = run_reversi("solve --size 4 --hash-mb -1");
  CHECK(r.status == 2);
  CHECK(r.err.find("--hash-mb") != std::string::npos);
  CHECK(r.err.find("'-1' is out of range") != std::string::npos);
  CHECK(r.err.find("megabytes") != std::string::npos);
  const auto word = run_reversi("perft --depth ten");
  CHECK(word.status == 2);
  CHECK(word.err.find("'ten' is not a whole number") != std::string::npos);
}

TEST_CASE("Values inside the range are still taken, signs and all", "[cli][options]") {
  CHECK(run_reversi("perft --depth +3 --threads 1").status == 0);
  CHECK(run_reversi("solve --size 4 --hash-mb 1 --threads 1").status == 0);
  CHECK(run_reversi("perft --depth 2 --hash-mb 0 --threads 1").status == 0);
}

TEST_CASE("Tables that together exceed the machine's memory are refused before any work",
          "[cli][options]") {
  const std::size_t memory = reversi::cli::physical_memory_mb();
  const std::string each = std::to_string(memory / 2 + 1);
  const auto r = run_reversi("annotate --threads 2 --hash-mb " + each + " -", "f5 d6\n");
  CHECK(r.status == 2);
  CHECK(r.err.find("--hash-mb") != std::string::npos);
  CHECK(r.out.empty());
}
