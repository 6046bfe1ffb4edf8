// GGF: single games, archive lines, synchro pairs, board sizes, random starts, komi, anti.
#include "core/records/ggf.hpp"

#include "records_helpers.hpp"

using namespace reversi;
using namespace reversi::records;
using testing::read_all;
using testing::read_one;

namespace {

const std::string standard_board =
    "BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]";
// The shortest game: dark wins 13-0, +64 with the empties.
const std::string shortest = "B[e6]W[f4]B[e3]W[f6]B[g5]W[d6]B[e7]W[f5]B[c5]";

std::string game(const std::string& props) {
  return "(;GM[Othello]" + props + ";)";
}

}  // namespace

TEST_CASE("A GGF game keeps players, ratings, date, place and clocks as metadata", "[records]") {
  const auto g = read_one(Format::ggf, game("PC[GGS/os]DT[2003.12.15]PB[Saio]PW[Zebra]RB[2196.37]"
                                            "RW[2200.35]TI[05:00//02:00]TY[8]KB[x]" +
                                            standard_board + "B[d3//0.01]W[c5/2.5/1.0]"));
  REQUIRE_FALSE(g.error);
  const auto& m = g.record.meta;
  CHECK(m.black == "Saio");
  CHECK(m.white == "Zebra");
  CHECK(m.black_rating == "2196.37");
  CHECK(m.white_rating == "2200.35");
  CHECK(m.date == "2003.12.15");
  CHECK(m.place == "GGS/os");
  CHECK(m.time_control == "05:00//02:00");
  CHECK(m.properties.at("KB") == "x");
  CHECK(g.record.move_notes == std::vector<std::string>{"/0.01", "2.5/1.0"});
  CHECK(g.record.moves[0].side == Color::dark);
}

TEST_CASE("TY gives the size, synchro, komi, anti and random starts", "[records]") {
  const auto t = parse_ggf_type("s8r18");
  REQUIRE(t);
  CHECK(t->synchro);
  CHECK(t->size == 8);
  CHECK(t->random_discs == 18);
  const auto k = parse_ggf_type("10ka");
  REQUIRE(k);
  CHECK(k->size == 10);
  CHECK(k->komi);
  CHECK(k->anti);
  CHECK(parse_ggf_type("12")->size == 12);  // read here, refused when the rules are made
  CHECK_FALSE(parse_ggf_type("8q"));
}

TEST_CASE("BO start positions are read for every size", "[records]") {
  for (int size : Geometry::supported_sizes) {
    const Rules rules(size);
    const std::string cells = board_string(rules.initial(), rules);
    std::string bo = std::to_string(size) + " " + cells.substr(0, cells.size() - 2) + " *";
    for (auto& c : bo)
      if (c == 'X') c = '*';
    const auto g = read_one(Format::ggf, game("TY[" + std::to_string(size) + "]BO[" + bo + "]"));
    REQUIRE_FALSE(g.error);
    CHECK(g.record.rules.size() == size);
    CHECK(g.record.start == rules.initial());
  }
}

TEST_CASE("RE is checked against the replay, with the komi taken off", "[records]") {
  const auto check = [](const std::string& props) {
    return validate(read_one(Format::ggf, game(props + standard_board + shortest)));
  };
  CHECK(check("TY[8]RE[+64.000]").verdict == Verdict::valid);
  CHECK(check("TY[8k]KM[0.5]RE[+63.50]").verdict == Verdict::valid);
  const auto wrong = check("TY[8]RE[+62]");
  CHECK(wrong.verdict == Verdict::invalid);
  CHECK(wrong.error->kind == ErrorKind::result_mismatch);
  SECTION("a resigned game's result is not checked") {
    CHECK(check("TY[8]RE[-64.00:r]").verdict == Verdict::valid);
  }
  SECTION("anti-reversi turns the margin round") {
    CHECK(check("TY[8a]RE[-64]").verdict == Verdict::valid);
  }
}

TEST_CASE("GGF writes every pass: a missing one is an error, PA and pass are read", "[records]") {
  const std::string start = "TY[4]BO[4 ---- -O*- -*O- ---- *]";
  const std::string before = "B[b1]W[a1]B[a2]W[c1]B[d1]W[a3]B[a4]W[d3]";
  const auto good = read_one(Format::ggf, game(start + "RE[-6]" + before +
                                               "B[pass]W[b4]B[c4]"
                                               "W[PA]B[d2]W[d4]"));
  const auto v = validate(good);
  CHECK(v.verdict == Verdict::valid);
  // The discs placed, the written passes apart: as the same game as a move list counts them.
  CHECK(v.moves_replayed == 12);
  CHECK(v.passes == 2);
  CHECK(v.inferred_passes == 0);
  const auto bad = validate(read_one(Format::ggf, game(start + before + "W[b4]")));
  REQUIRE(bad.error);
  CHECK(bad.error->kind == ErrorKind::missing_pass);
  CHECK(bad.error->move_number == 9);
}

TEST_CASE("Archive lines carry a count that must match, and synchro pairs share a line",
          "[records]") {
  const std::string one = game("TY[8]" + standard_board + "B[f5]");
  const auto pair = read_all(Format::ggf, "2 " + one + one + "\n1 " + one + "\n");
  REQUIRE(pair.size() == 3);
  CHECK(pair[1].record.source.line == 1);
  CHECK(pair[2].record.source.line == 2);
  for (const auto& g : pair) CHECK_FALSE(g.error);
  const auto wrong = read_all(Format::ggf, "3 " + one + one + "\n");
  REQUIRE(wrong.size() == 3);
  REQUIRE(wrong[2].error);
  CHECK(wrong[2].error->kind == ErrorKind::bad_format);
}

TEST_CASE("A game may span lines, and a game cut short does not swallow the next", "[records]") {
  const std::string one = game("TY[8]\n" + standard_board + "\nB[f5]");
  const auto games = read_all(Format::ggf, "(;GM[Othello]TY[8]B[f5]\n" + one + "\n");
  REQUIRE(games.size() == 2);
  REQUIRE(games[0].error);
  CHECK(games[0].error->kind == ErrorKind::truncated);
  CHECK_FALSE(games[1].error);
  CHECK(games[1].record.source.line == 2);
}

TEST_CASE("Every game in the shared GGF files validates, RE matching the replay",
          "[records][.shared]") {
  const auto dir = testing::shared_data("ggf");
  int games = 0;
  bool saw_pass_on_4x4 = false;
  bool saw_komi_random_start = false;
  int synchro = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    for (const auto& g : read_all(Format::ggf, testing::slurp(entry.path()))) {
      ++games;
      INFO(entry.path().filename().string() << " game " << g.record.source.game);
      const auto v = validate(g);
      CHECK(v.verdict == Verdict::valid);
      CHECK(v.finished);
      CHECK_FALSE(g.record.meta.result.empty());
      const auto& type = g.record.meta.game_type;
      if (g.record.rules.size() == 4)
        for (const auto& m : g.record.moves) saw_pass_on_4x4 = saw_pass_on_4x4 || m.is_pass();
      if (type.find('k') != std::string::npos && type.find('r') != std::string::npos)
        saw_komi_random_start = g.record.meta.komi.has_value();
      if (type.starts_with('s')) ++synchro;
    }
  }
  CHECK(games == 7);
  CHECK(saw_pass_on_4x4);
  CHECK(saw_komi_random_start);
  CHECK(synchro == 2);
}

TEST_CASE("An unclosed value ends at the next line that opens a game", "[records]") {
  const auto games = read_all(Format::ggf, "(;GM[Othello]PB[abc;)\n(;GM[Othello]TY[8]B[f5];)\n");
  REQUIRE(games.size() == 2);
  CHECK(games[0].error->kind == ErrorKind::truncated);
  CHECK_FALSE(games[1].error);
}
