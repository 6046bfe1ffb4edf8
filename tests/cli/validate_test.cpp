// End-to-end: reversi validate on real files, the malformed corpus, threads, JSON round trips,
// exit statuses and constant memory.
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <set>
#include <sstream>
#include <thread>

#include "cli/run_binary.hpp"
#include "core/rules.hpp"

extern char** environ;

using reversi::testing::run_reversi;
namespace fs = std::filesystem;

namespace {

const fs::path source_dir = REVERSI_SOURCE_DIR;
const fs::path corpus_dir = source_dir / "tests/data/malformed";
const fs::path examples_dir = source_dir / "data/examples";

std::string quoted(const fs::path& p) {
  std::string out = "'";
  out += p.string();
  out += '\'';
  return out;
}

// Adds a quoted path to a command line.
void append_path(std::string& command, const fs::path& p) {
  command += ' ';
  command += quoted(p);
}

std::string first_line(const std::string& text) {
  return text.substr(0, text.find('\n'));
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

// The output without the elapsed time, the one part that may differ between runs.
std::string without_timing(const std::string& text) {
  std::string out;
  for (const auto& line : lines_of(text)) {
    if (line.starts_with("summary:")) {
      out += line.substr(0, line.rfind(',')) + "\n";
    } else if (line.starts_with("{\"summary\"") || line.starts_with("\"summary\"")) {
      continue;
    } else {
      out += line + "\n";
    }
  }
  return out;
}

struct CorpusEntry {
  std::string file;
  std::string options;
  std::string expected;
};

std::string trimmed(const std::string& s) {
  const auto b = s.find_first_not_of(' ');
  const auto e = s.find_last_not_of(' ');
  return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

std::vector<CorpusEntry> corpus() {
  std::vector<CorpusEntry> out;
  std::ifstream in(corpus_dir / "expected.txt");
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    const auto a = line.find(" | ");
    const auto b = line.find(" | ", a + 3);
    out.push_back(
        {trimmed(line.substr(0, a)), trimmed(line.substr(a + 3, b - a - 3)), line.substr(b + 3)});
  }
  return out;
}

// Random legal games played to the end, as move lists.
std::string random_games(int count, unsigned seed) {
  const reversi::Rules rules;
  std::mt19937 rng(seed);
  std::string out;
  for (int k = 0; k < count; ++k) {
    reversi::Position p = rules.initial();
    std::vector<reversi::Square> moves;
    while (!rules.game_over(p)) {
      const reversi::Bits legal = rules.legal_moves(p);
      if (legal == 0) {
        p = rules.pass(p);
        continue;
      }
      std::vector<reversi::Square> options;
      reversi::for_each_square(legal, [&](reversi::Square sq) { options.push_back(sq); });
      const auto sq = options[rng() % options.size()];
      out += rules.geometry().name(sq);
      p = rules.play(p, sq);
    }
    out += '\n';
  }
  return out;
}

// The process's peak resident memory so far (VmHWM), in KiB; 0 once it has gone.
long high_water_kib(pid_t pid) {
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  for (std::string line; std::getline(status, line);)
    if (line.starts_with("VmHWM:")) return std::stol(line.substr(6));
  return 0;
}

// Runs the binary with stdout to a file and returns its peak resident memory in KiB, sampled
// from /proc while it runs: the resource usage wait4 reports would include this test process's
// own memory, which a spawned child inherits as its starting peak.
long peak_memory_kib(const std::vector<std::string>& args, const fs::path& output) {
  std::vector<std::string> all{REVERSI_BINARY};
  all.insert(all.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& a : all) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, output.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  pid_t pid = 0;
  REQUIRE(posix_spawn(&pid, REVERSI_BINARY, &actions, nullptr, argv.data(), environ) == 0);
  posix_spawn_file_actions_destroy(&actions);
  long peak = 0;
  int status = 0;
  while (waitpid(pid, &status, WNOHANG) == 0) {
    peak = std::max(peak, high_water_kib(pid));
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
  return peak;
}

}  // namespace

TEST_CASE("Every file of the malformed corpus gives its exact expected first error",
          "[records][cli]") {
  const auto entries = corpus();
  CHECK(entries.size() >= 40);
  std::set<std::string> listed;
  for (const auto& e : entries) {
    listed.insert(e.file);
    INFO(e.file);
    const auto r = run_reversi("validate --quiet " + e.options + " " + quoted(corpus_dir / e.file));
    CHECK(r.status == 1);
    std::string line = first_line(r.out);
    const std::string prefix = (corpus_dir / "").string();
    if (line.starts_with(prefix)) line.erase(0, prefix.size());
    CHECK(line == e.expected);
  }
  for (const auto& f : fs::directory_iterator(corpus_dir)) {
    const auto name = f.path().filename().string();
    if (name == "expected.txt" || f.path().extension() == ".py") continue;
    INFO(name << " has no expected error in expected.txt");
    CHECK(listed.count(name) == 1);
  }
}

TEST_CASE("Text mode shows the legal moves and the board before the failing move",
          "[records][cli]") {
  const auto r = run_reversi("validate -", "f5 d6 a1\n");
  CHECK(r.status == 1);
  const auto lines = lines_of(r.out);
  REQUIRE(lines.size() >= 13);
  CHECK(lines[0] == "-: game 1, line 1: invalid: move 3 (a1): a1 flips nothing [flips-nothing]");
  CHECK(lines[1] == "  legal moves: c3 c4 c5 c6 c7");
  CHECK(lines[2] == "  board before move 3, dark to move:");
  CHECK(lines[3] == "      a b c d e f g h");
  CHECK(r.out.find("summary: 1 game read: 0 complete, 0 unfinished, 1 invalid; 2 moves replayed") !=
        std::string::npos);
}

TEST_CASE("Exit status: 0 all valid, 1 any invalid, 2 bad usage or unreadable input",
          "[records][cli]") {
  CHECK(run_reversi("validate -", "f5d6c3\n").status == 0);
  CHECK(run_reversi("validate -", "f5d6c3\nf5f5\n").status == 1);
  CHECK(run_reversi("validate --require-complete -", "f5d6c3\n").status == 1);
  CHECK(run_reversi("validate").status == 2);
  CHECK(run_reversi("validate --format nope -", "f5").status == 2);
  CHECK(run_reversi("validate --json --jsonl -", "f5").status == 2);
  const auto missing = run_reversi("validate - /nonexistent/games.txt", "f5d6\n");
  CHECK(missing.status == 2);
  CHECK(missing.err.find("cannot read /nonexistent/games.txt") != std::string::npos);
  CHECK(missing.out.find("summary: 1 game read") != std::string::npos);
}

TEST_CASE("validate reads a folder as its record files in name order", "[records][cli]") {
  const auto folder = run_reversi("validate " + quoted(examples_dir));
  const auto files =
      run_reversi("validate " + quoted(examples_dir / "annotate.txt") + " " +
                  quoted(examples_dir / "games.ggf") + " " + quoted(examples_dir / "games.txt"));
  CHECK(folder.status == 1);  // games.txt holds an invalid game
  CHECK(folder.err.empty());
  CHECK(without_timing(folder.out) == without_timing(files.out));
  CHECK(folder.out.find("summary: 9 games read") != std::string::npos);
}

TEST_CASE("validate: a folder with nothing to read is one line on stderr and exit status 2",
          "[records][cli]") {
  char pattern[] = "/tmp/reversi-validate-XXXXXX";
  const fs::path dir = mkdtemp(pattern);
  std::ofstream(dir / "notes.md") << "not a record\n";
  for (const char* mode : {"", "--json ", "--quiet "}) {
    INFO(mode);
    const auto r = run_reversi(std::string("validate ") + mode + quoted(dir));
    CHECK(r.status == 2);
    CHECK(r.err == "reversi validate: cannot read " + dir.string() +
                       ": a folder with no record files (.ggf, .wtb, .wtd, .obf, .json, .jsonl or "
                       ".txt)\n");
  }
  // The other inputs are read all the same; the status still says one could not be.
  const auto mixed = run_reversi("validate " + quoted(dir) + " -", "f5d6c3\n");
  CHECK(mixed.status == 2);
  CHECK(mixed.out.find("summary: 1 game read: 0 complete, 1 unfinished, 0 invalid") !=
        std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("validate counts each game once: complete, unfinished or invalid", "[records][cli]") {
  const auto r = run_reversi("validate --quiet " + quoted(examples_dir / "games.txt"));
  CHECK(r.status == 1);
  CHECK(lines_of(r.out).back().starts_with(
      "summary: 3 games read: 1 complete, 1 unfinished, 1 invalid; 28 moves replayed, "));
  CHECK(run_reversi("validate " + quoted(examples_dir / "games.txt"))
            .out.find("game 2, line 3: valid but unfinished after 9 moves, light to move") !=
        std::string::npos);
  // --require-complete makes the unfinished game an error: counted as invalid only.
  const auto strict =
      run_reversi("validate --quiet --require-complete " + quoted(examples_dir / "games.txt"));
  CHECK(lines_of(strict.out)
            .back()
            .starts_with("summary: 3 games read: 1 complete, 0 unfinished, 2 invalid; "));
  // Records holding a position, not a game, are a category of their own.
  const auto positions =
      run_reversi("validate --quiet " + quoted(source_dir / "data/ffo/fforum-1-19.obf"));
  CHECK(lines_of(positions.out)
            .back()
            .starts_with(
                "summary: 19 records read: 0 complete, 0 unfinished, 19 positions, 0 invalid; "));
  const auto json = nlohmann::json::parse(
      run_reversi("validate --json " + quoted(examples_dir / "games.txt")).out)["summary"];
  CHECK(json["games"] == 3);
  CHECK(json["complete"] == 1);
  CHECK(json["unfinished"] == 1);
  CHECK(json["invalid"] == 1);
  CHECK(json["positions"] == 0);
  CHECK(json["moves_replayed"] == 28);
  CHECK(json["passes"] == 0);
  CHECK_FALSE(json.contains("valid"));
}

TEST_CASE("validate counts the same moves and passes for the same games in every format",
          "[records][cli]") {
  char pattern[] = "/tmp/reversi-formats-XXXXXX";
  const fs::path dir = mkdtemp(pattern);
  const fs::path games = dir / "games.txt";
  std::ofstream(games) << random_games(60, 5);
  const auto original = run_reversi("validate --quiet " + quoted(games));
  REQUIRE(original.status == 0);
  const std::string counts = without_timing(original.out);
  INFO(counts);
  // Random games pass now and then: the GGF record writes those passes, the move list does not.
  REQUIRE(counts.find(" passes") != std::string::npos);
  CHECK(counts.starts_with("summary: 60 games read: 60 complete, 0 unfinished, 0 invalid; "));
  for (const char* target : {"moves", "ggf", "wthor", "json"}) {
    INFO(target);
    const fs::path converted =
        dir / (std::string("games.") + (target == std::string("wthor") ? "wtb" : target));
    REQUIRE(run_reversi("convert --to " + std::string(target) + " -o " + quoted(converted) + " " +
                        quoted(games))
                .status == 0);
    const auto again = run_reversi("validate --quiet " + quoted(converted));
    CHECK(again.status == 0);
    CHECK(without_timing(again.out) == counts);
  }
  // Positions formats hold each game's last position: one record a game, no moves.
  for (const char* target : {"obf", "board"}) {
    INFO(target);
    const auto positions = run_reversi("convert --to " + std::string(target) + " " + quoted(games));
    REQUIRE(positions.status == 0);
    const auto again = run_reversi("validate --quiet -", positions.out);
    CHECK(lines_of(again.out).back().starts_with(
        "summary: 60 records read: 0 complete, 0 unfinished, 60 positions, 0 invalid; 0 moves "));
  }
  fs::remove_all(dir);
}

TEST_CASE("The --format option overrides detection", "[records][cli]") {
  const std::string start = std::string(27, '-') + "OX------XO" + std::string(27, '-') + " X\n";
  CHECK(run_reversi("validate -", start).out.find("valid position") != std::string::npos);
  const auto as_moves = run_reversi("validate --format moves -", start);
  CHECK(as_moves.status == 1);
  CHECK(as_moves.out.find("[unknown-token]") != std::string::npos);
}

namespace {

// validate over `inputs` prints the same with 1, 2 and 8 threads, in every output mode.
void check_same_for_any_thread_count(const std::string& inputs) {
  for (const char* mode : {"", "--jsonl", "--json"}) {
    const std::string args = std::string("validate ") + mode + " " + inputs;
    const auto one = run_reversi(args + " --threads 1");
    for (const char* threads : {"2", "8"}) {
      INFO(mode << " with " << threads << " threads");
      const auto many = run_reversi(args + " --threads " + threads);
      CHECK(many.status == one.status);
      CHECK(without_timing(many.out) == without_timing(one.out));
    }
  }
}

}  // namespace

TEST_CASE("The output is the same for any thread count", "[records][cli]") {
  std::string inputs =
      quoted(examples_dir / "games.txt") + " " + quoted(examples_dir / "games.ggf");
  for (const auto& e : corpus()) append_path(inputs, corpus_dir / e.file);
  check_same_for_any_thread_count(inputs);
}

TEST_CASE("The output on WTHOR games is the same for any thread count", "[records][cli][.shared]") {
  std::string inputs = quoted(examples_dir / "games.txt");
  append_path(inputs, fs::path(reversi::testing::shared_data("wthor")) / "WTH_1990.wtb");
  check_same_for_any_thread_count(inputs);
}

namespace {

// validate --json over `inputs`, read back with --format json (as --json and --jsonl), gives the
// same games.
void check_json_reads_back(const std::string& inputs) {
  const auto first = run_reversi("validate --json " + inputs);
  const auto doc = nlohmann::json::parse(first.out);
  REQUIRE(doc["games"].size() >= 4);
  for (const char* mode : {"--json", "--jsonl"}) {
    INFO(mode);
    const auto again = run_reversi(std::string("validate --format json ") + mode + " -", first.out);
    CHECK(again.status == first.status);
    std::vector<nlohmann::json> games;
    if (std::string(mode) == "--json") {
      const auto parsed = nlohmann::json::parse(again.out);
      for (const auto& g : parsed["games"]) games.push_back(g);
    } else {
      for (const auto& line : lines_of(again.out)) {
        auto j = nlohmann::json::parse(line);
        if (!j.contains("summary")) games.push_back(j);
      }
    }
    REQUIRE(games.size() == doc["games"].size());
    for (std::size_t k = 0; k < games.size(); ++k) {
      auto original = doc["games"][k];
      auto read_back = games[k];
      CHECK(read_back["origin"] == original["source"]);
      for (auto* j : {&original, &read_back}) {
        j->erase("source");
        j->erase("origin");
      }
      CHECK(read_back == original);
    }
  }
}

}  // namespace

TEST_CASE("What validate --json emits reads back as the same games", "[records][cli]") {
  std::string inputs =
      quoted(examples_dir / "games.txt") + " " + quoted(examples_dir / "games.ggf");
  append_path(inputs, source_dir / "data/ffo/fforum-1-19.obf");
  check_json_reads_back(inputs);
}

TEST_CASE("What validate --json emits of the shared GGF and WTHOR games reads back the same",
          "[records][cli][.shared]") {
  std::string inputs = quoted(examples_dir / "games.txt");
  for (const auto& f : fs::directory_iterator(reversi::testing::shared_data("ggf")))
    append_path(inputs, f.path());
  append_path(inputs, fs::path(reversi::testing::shared_data("wthor")) / "WTH_1977.wtb");
  check_json_reads_back(inputs);
}

TEST_CASE("WTHOR games get player and tournament names from beside the file or by option",
          "[records][cli][.shared]") {
  const auto dir = reversi::testing::shared_data("wthor");
  const auto beside = run_reversi("validate --jsonl " + quoted(fs::path(dir) / "WTH_1977.wtb"));
  const auto game = nlohmann::json::parse(first_line(beside.out));
  CHECK_FALSE(game["metadata"]["black"].get<std::string>().empty());
  CHECK_FALSE(game["metadata"]["tournament"].get<std::string>().empty());
  CHECK(game["metadata"]["wthor"].contains("theoretical_score"));
  const std::string bytes = [&] {
    std::ifstream in(fs::path(dir) / "WTH_1977.wtb", std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
  }();
  const auto by_option = run_reversi(
      "validate --jsonl --format wthor --players " + quoted(fs::path(dir) / "WTHOR.JOU") + " -",
      bytes);
  const auto piped = nlohmann::json::parse(first_line(by_option.out));
  CHECK(piped["metadata"]["black"] == game["metadata"]["black"]);
  CHECK_FALSE(piped["metadata"].contains("tournament"));
  CHECK(run_reversi("validate --players /nonexistent.jou -", bytes).status == 2);
}

TEST_CASE("All shared WTHOR and GGF games validate, and unfinished WTHOR games are counted",
          "[records][cli][.shared]") {
  const auto wthor = reversi::testing::shared_data("wthor");
  std::string files;
  for (const auto& f : fs::directory_iterator(wthor))
    if (f.path().extension() == ".wtb") append_path(files, f.path());
  for (const auto& f : fs::directory_iterator(reversi::testing::shared_data("ggf")))
    append_path(files, f.path());
  const auto r = run_reversi("validate --quiet" + files);
  CHECK(r.status == 0);
  const auto summary = lines_of(r.out).back();
  CHECK(summary.starts_with("summary: 66813 games read: "));
  CHECK(summary.find(" 0 unfinished") == std::string::npos);
  CHECK(summary.find(", 0 invalid; ") != std::string::npos);
  WARN(summary);
}

TEST_CASE("A 100,000-game input is validated in constant memory", "[records][cli][slow]") {
  char pattern[] = "/tmp/reversi-stream-XXXXXX";
  const fs::path dir = mkdtemp(pattern);
  const auto write = [&](const char* name, int repeats, const std::string& block) {
    std::ofstream out(dir / name);
    for (int k = 0; k < repeats; ++k) out << block;
  };
  const std::string block = random_games(1000, 11);
  write("small.txt", 10, block);
  write("large.txt", 100, block);
  for (const char* mode : {"--quiet", "--jsonl"}) {
    INFO(mode);
    const long small =
        peak_memory_kib({"validate", mode, (dir / "small.txt").string()}, dir / "out");
    const long large =
        peak_memory_kib({"validate", mode, (dir / "large.txt").string()}, dir / "out");
    WARN(mode << ": peak memory " << small << " KiB for 10,000 games, " << large
              << " KiB for 100,000");
    CHECK(large < small + 4096);
  }
  const auto r = run_reversi("validate --quiet " + quoted(dir / "large.txt"));
  CHECK(lines_of(r.out).back().starts_with("summary: 100000 games read: 100000 complete"));
  fs::remove_all(dir);
}
