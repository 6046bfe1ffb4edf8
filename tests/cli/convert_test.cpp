// End-to-end: reversi convert on the repository's examples and the shared database: every
// target, refusals naming the game while the others are written, exit statuses, name files.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/run_binary.hpp"
#include "core/records/wthor.hpp"

// run_reversi, TempDir, quoted, slurp.
using namespace reversi::testing;
namespace fs = std::filesystem;

namespace {

const fs::path examples = fs::path(REVERSI_SOURCE_DIR) / "data/examples";

long count_lines(const std::string& text) {
  return std::count(text.begin(), text.end(), '\n');
}

// The game records of a WTHOR file, without its header (which carries the date it was written).
std::string wthor_records(const fs::path& file) {
  return slurp(file).substr(reversi::records::wthor_header_bytes);
}

}  // namespace

TEST_CASE("convert writes move lists in the style asked for", "[cli][convert]") {
  const auto r = run_reversi("convert --to moves --separator ' ' --upper --passes -",
                             "(;GM[Othello]TY[4]BO[4 ---- -O*- -*O- ---- *]B[b1]W[a1]B[a2]W[c1]"
                             "B[d1]W[a3]B[a4]W[d3]B[pass]W[b4]B[c4]W[PA]B[d2]W[d4];)\n");
  CHECK(r.status == 0);
  CHECK(r.err.empty());
  CHECK(r.out == "B1 A1 A2 C1 D1 A3 A4 D3 PA B4 C4 PA D2 D4\n");
}

TEST_CASE("convert: an unknown target is a usage error on one line", "[cli][convert]") {
  const auto r = run_reversi("convert --to sgf " + quoted(examples / "games.ggf"));
  CHECK(r.status == 2);
  CHECK(r.err ==
        "reversi convert: unknown target format 'sgf' (moves, ggf, wthor, obf, board or json)\n");
  CHECK(r.out.empty());
}

TEST_CASE("convert: an output folder that does not exist is a usage error, nothing read",
          "[cli][convert]") {
  const auto r = run_reversi("convert --to ggf -o /nonexistent-folder/out.ggf " +
                             quoted(examples / "games.ggf"));
  CHECK(r.status == 2);
  CHECK(count_lines(r.err) == 1);
  CHECK(r.err.find("cannot write /nonexistent-folder/out.ggf") != std::string::npos);
}

TEST_CASE("convert refuses the games a target cannot hold by name and writes the others",
          "[cli][convert]") {
  TempDir dir;
  const fs::path out = dir.path / "games.wtb";
  // games.ggf: a 4x4 game, a synchro pair and a komi game on 8x8, a 10x10 game.
  const auto r =
      run_reversi("convert --to wthor -o " + quoted(out) + " " + quoted(examples / "games.ggf"));
  CHECK(r.status == 1);
  CHECK(count_lines(r.err) == 2);
  CHECK(r.err.find("games.ggf: game 1, line 1: cannot write as wthor: a .wtb file holds 8x8 "
                   "games, not 4x4\n") != std::string::npos);
  CHECK(r.err.find("games.ggf: game 5, line 4: cannot write as wthor: a .wtb file holds 8x8 "
                   "games, not 10x10\n") != std::string::npos);
  // The three 8x8 games are written, with their players in a new WTHOR.JOU beside them.
  const auto back = run_reversi("validate --json " + quoted(out));
  CHECK(back.status == 0);
  const auto doc = nlohmann::json::parse(back.out);
  REQUIRE(doc["games"].size() == 3);
  CHECK(doc["games"][0]["metadata"]["black"] == "carol");
  CHECK(doc["games"][1]["metadata"]["white"] == "carol");
  CHECK(doc["games"][2]["metadata"]["black"] == "erin");
  CHECK(fs::exists(dir.path / "WTHOR.JOU"));
  CHECK(fs::exists(dir.path / "WTHOR.TRN") == false);  // no game names a tournament
}

TEST_CASE("convert: an invalid game is named, the valid ones are written", "[cli][convert]") {
  const auto r = run_reversi("convert --to moves " + quoted(examples / "games.txt"));
  CHECK(r.status == 1);
  CHECK(r.err.find("games.txt: game 3, line 4: invalid: move 11 (a1): a1 flips nothing\n") !=
        std::string::npos);
  CHECK(count_lines(r.out) == 2);
}

TEST_CASE("convert: WTHOR to GGF and back gives the same game records", "[cli][convert]") {
  TempDir dir;
  // Two games from move lists (the third of games.txt is invalid and refused).
  const auto made = run_reversi("convert --to wthor -o " + quoted(dir.path / "a.wtb") + " " +
                                quoted(examples / "games.txt"));
  CHECK(made.status == 1);
  const auto ggf = run_reversi("convert --to ggf -o " + quoted(dir.path / "a.ggf") + " " +
                               quoted(dir.path / "a.wtb"));
  CHECK(ggf.status == 0);
  fs::create_directory(dir.path / "again");
  const auto again = run_reversi("convert --to wthor -o " + quoted(dir.path / "again/a.wtb") + " " +
                                 quoted(dir.path / "a.ggf"));
  CHECK(again.status == 0);
  CHECK(wthor_records(dir.path / "a.wtb").size() == 2 * reversi::records::wthor_record_bytes_8);
  CHECK(wthor_records(dir.path / "again/a.wtb") == wthor_records(dir.path / "a.wtb"));
}

TEST_CASE("convert: GGF to JSON and back gives the same GGF", "[cli][convert]") {
  const auto ggf = run_reversi("convert --to ggf --archive " + quoted(examples / "games.ggf"));
  REQUIRE(ggf.status == 0);
  const auto json = run_reversi("convert --to json -", ggf.out);
  REQUIRE(json.status == 0);
  CHECK(count_lines(json.out) == 5);
  const auto back = run_reversi("convert --to ggf --archive --format json -", json.out);
  CHECK(back.status == 0);
  // Squares come back from JSON in lower case, and passes as "pass"; the rest is the same text.
  std::string expected = ggf.out;
  std::string got = back.out;
  for (auto* s : {&expected, &got}) {
    for (char& c : *s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    for (std::size_t at; (at = s->find("[pa]")) != std::string::npos;) s->replace(at, 4, "[pass]");
  }
  CHECK(got.substr(got.find("(;")) == expected.substr(expected.find("(;")));
}

TEST_CASE("convert gives the same output on one thread and on two", "[cli][convert]") {
  const auto one =
      run_reversi("convert --to obf --positions --threads 1 " + quoted(examples / "games.ggf"));
  const auto two =
      run_reversi("convert --to obf --positions --threads 2 " + quoted(examples / "games.ggf"));
  CHECK(one.status == two.status);
  CHECK(one.out == two.out);
  CHECK_FALSE(one.out.empty());
}

TEST_CASE("convert: every shared WTHOR game to GGF and back gives identical records",
          "[cli][convert][.shared]") {
  TempDir dir;
  const fs::path wthor = reversi::testing::shared_data("wthor");
  std::string inputs;
  std::string original;
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(wthor))
    if (e.path().extension() == ".wtb") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  for (const auto& f : files) {
    inputs += " " + quoted(f);
    original += wthor_records(f);
  }
  const auto ggf = run_reversi("convert --to ggf -o " + quoted(dir.path / "all.ggf") + inputs);
  REQUIRE(ggf.status == 0);
  fs::create_directory(dir.path / "out");
  const auto back = run_reversi("convert --to wthor -o " + quoted(dir.path / "out/all.wtb") +
                                " --players " + quoted(wthor / "WTHOR.JOU") + " --tournaments " +
                                quoted(wthor / "WTHOR.TRN") + " " + quoted(dir.path / "all.ggf"));
  REQUIRE(back.status == 0);
  CHECK(back.err.empty());
  CHECK(original.size() == 66806 * reversi::records::wthor_record_bytes_8);
  CHECK(wthor_records(dir.path / "out/all.wtb") == original);
  // The database's names were enough: no new name files.
  CHECK_FALSE(fs::exists(dir.path / "out/WTHOR.JOU"));
}

TEST_CASE("convert adds new names to the WTHOR.JOU beside the output and keeps the old numbers",
          "[cli][convert]") {
  TempDir dir;
  const std::string first = "(;GM[Othello]PB[alice]PW[bob]TY[8]B[f5]W[d6]B[c3];)\n";
  const std::string second = "(;GM[Othello]PB[carol]PW[alice]EV[Open]TY[8]B[f5]W[f6];)\n";
  CHECK(run_reversi("convert --to wthor -o " + quoted(dir.path / "a.wtb") + " -", first).status ==
        0);
  const std::string players_before = slurp(dir.path / "WTHOR.JOU");
  CHECK(run_reversi("convert --to wthor -o " + quoted(dir.path / "b.wtb") + " -", second).status ==
        0);
  // The table grew by carol only; a.wtb still reads with its names.
  const std::string players_after = slurp(dir.path / "WTHOR.JOU");
  CHECK(players_after.size() == players_before.size() + reversi::records::wthor_player_bytes);
  CHECK(fs::exists(dir.path / "WTHOR.TRN"));
  const auto a =
      nlohmann::json::parse(run_reversi("validate --json " + quoted(dir.path / "a.wtb")).out);
  CHECK(a["games"][0]["metadata"]["black"] == "alice");
  CHECK(a["games"][0]["metadata"]["white"] == "bob");
  const auto b =
      nlohmann::json::parse(run_reversi("validate --json " + quoted(dir.path / "b.wtb")).out);
  CHECK(b["games"][0]["metadata"]["black"] == "carol");
  CHECK(b["games"][0]["metadata"]["white"] == "alice");
  CHECK(b["games"][0]["metadata"]["tournament"] == "Open");
  CHECK(b["games"][0]["metadata"]["wthor"]["white_id"] ==
        a["games"][0]["metadata"]["wthor"]["black_id"]);
}

TEST_CASE("convert: an input that cannot be read is named, the others are converted",
          "[cli][convert]") {
  const auto r =
      run_reversi("convert --to moves /nonexistent-input.txt " + quoted(examples / "games.ggf"));
  CHECK(r.status == 2);
  CHECK(r.err ==
        "reversi convert: cannot read /nonexistent-input.txt: No such file or directory\n");
  CHECK(count_lines(r.out) == 5);
}

TEST_CASE("convert reads a folder as its record files in name order", "[cli][convert]") {
  TempDir dir;
  fs::copy_file(examples / "games.ggf", dir.path / "b.ggf");
  std::ofstream(dir.path / "a.txt") << "f5d6c3\n";
  std::ofstream(dir.path / "WTHOR.JOU") << "not a record file: left alone";
  const auto folder = run_reversi("convert --to moves " + quoted(dir.path));
  const auto files = run_reversi("convert --to moves " + quoted(dir.path / "a.txt") + " " +
                                 quoted(dir.path / "b.ggf"));
  CHECK(folder.status == 0);
  CHECK(folder.err.empty());
  CHECK(folder.out == files.out);
  CHECK(folder.out.starts_with("f5d6c3\n"));
  CHECK(count_lines(folder.out) == 6);
}

TEST_CASE("convert: a folder with nothing to read is named in one line, exit status 2, no file",
          "[cli][convert]") {
  TempDir dir;
  const fs::path out = dir.path / "out.ggf";
  fs::create_directory(dir.path / "empty");
  const auto r =
      run_reversi("convert --to ggf -o " + quoted(out) + " " + quoted(dir.path / "empty"));
  CHECK(r.status == 2);
  CHECK(r.err == "reversi convert: cannot read " + (dir.path / "empty").string() +
                     ": a folder with no record files (.ggf, .wtb, .wtd, .obf, .json, .jsonl or "
                     ".txt)\n");
  CHECK(r.out.empty());
  CHECK_FALSE(fs::exists(out));
}
