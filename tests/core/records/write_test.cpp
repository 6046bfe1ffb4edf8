// The record writers: each format's text reads back as the same game, what a format cannot hold
// is refused, and the WTHOR records of the shared database come back byte for byte through GGF.
#include "core/records/write.hpp"

#include <random>

#include "core/records/ggf.hpp"
#include "core/records/movelist.hpp"
#include "core/records/position.hpp"
#include "records_helpers.hpp"

using namespace reversi;
using namespace reversi::records;
using testing::read_all;
using testing::read_one;

namespace {

// Every legal move at random, to the end of the game or `stop` moves.
std::vector<WrittenMove> random_moves(const Rules& rules, const Position& start, std::mt19937& rng,
                                      int stop = 1000) {
  std::vector<WrittenMove> moves;
  Position p = start;
  while (!rules.game_over(p) && static_cast<int>(moves.size()) < stop) {
    const Bits legal = rules.legal_moves(p);
    if (legal == 0) {
      p = rules.pass(p);
      continue;
    }
    std::vector<Square> options;
    for_each_square(legal, [&](Square sq) { options.push_back(sq); });
    const Square sq = options[rng() % options.size()];
    moves.push_back(WrittenMove{rules.geometry().name(sq), sq, std::nullopt});
    p = rules.play(p, sq);
  }
  return moves;
}

GameRecord game_record(const Rules& rules, std::vector<WrittenMove> moves) {
  GameRecord r;
  r.rules = rules;
  r.start = rules.initial();
  r.moves = std::move(moves);
  return r;
}

std::vector<Square> played_squares(const GameRecord& r) {
  std::vector<Square> out;
  for (const auto& m : replay_record(r).moves)
    if (!m.is_pass()) out.push_back(m.square);
  return out;
}

// Two records hold the same game: rules, start, the moves with their sides and notes, metadata.
void check_same_game(const GameRecord& a, const GameRecord& b) {
  CHECK(a.rules == b.rules);
  CHECK(a.start == b.start);
  const Replay ra = replay_record(a);
  const Replay rb = replay_record(b);
  REQUIRE(ra.moves.size() == rb.moves.size());
  for (std::size_t k = 0; k < ra.moves.size(); ++k) {
    CHECK(ra.moves[k].square == rb.moves[k].square);
    CHECK(ra.moves[k].side == rb.moves[k].side);
  }
  CHECK(a.move_notes == b.move_notes);
  CHECK(a.meta == b.meta);
}

std::string wthor_file(const std::vector<std::string>& records, int year = 1999) {
  WthorHeader h;
  h.century = 20;
  h.year = 24;
  h.month = 1;
  h.day = 2;
  h.games = static_cast<std::uint32_t>(records.size());
  h.game_year = static_cast<std::uint16_t>(year);
  h.depth = 22;
  std::string out = encode_wthor_header(h);
  for (const auto& r : records) out += r;
  return out;
}

}  // namespace

TEST_CASE("A move list is written with the separator, case and passes asked for",
          "[records][write]") {
  const auto g = read_one(Format::ggf,
                          "(;GM[Othello]TY[4]BO[4 ---- -O*- -*O- ---- *]B[b1]W[a1]"
                          "B[a2]W[c1]B[d1]W[a3]B[a4]W[d3]B[pass]W[b4]B[c4]W[PA]B[d2]"
                          "W[d4];)");
  REQUIRE_FALSE(g.error);
  CHECK(write_move_list(g.record, {}).text == "b1a1a2c1d1a3a4d3b4c4d2d4");
  CHECK(write_move_list(g.record, {" ", true, false}).text ==
        "B1 A1 A2 C1 D1 A3 A4 D3 B4 C4 D2 D4");
  CHECK(write_move_list(g.record, {"-", false, true}).text ==
        "b1-a1-a2-c1-d1-a3-a4-d3-pa-b4-c4-pa-d2-d4");
  // Each style reads back as the same game.
  for (const MoveListStyle& style :
       {MoveListStyle{}, MoveListStyle{" ", true, true}, MoveListStyle{"-", false, true}}) {
    const std::string line = write_move_list(g.record, style).text;
    const auto back = parse_move_list_line(line, Rules(4), SourceLocation{});
    REQUIRE(back);
    REQUIRE_FALSE(back->error);
    CHECK(played_squares(back->record) == played_squares(g.record));
  }
}

TEST_CASE("A move list keeps a record's name after a gap", "[records][write]") {
  const auto g = parse_move_list_line("f5d6c3d3c4    Tiger", Rules(), SourceLocation{});
  REQUIRE(g);
  CHECK(write_move_list(g->record, {}).text == "f5d6c3d3c4  Tiger");
  const auto back = parse_move_list_line(write_move_list(g->record, {}).text, Rules(), {});
  REQUIRE(back);
  CHECK(back->record.meta.name == "Tiger");
}

TEST_CASE("Targets refuse what they cannot hold, saying what it is", "[records][write]") {
  std::mt19937 rng(7);
  const Rules six(6);
  const GameRecord small = game_record(six, random_moves(six, six.initial(), rng));
  const auto wthor = write_wthor_game(small, {});
  REQUIRE(wthor.refusal);
  CHECK(*wthor.refusal == "a .wtb file holds 8x8 games, not 6x6");
  CHECK(write_ggf(small).ok());

  const Rules holed(8, Start::standard, false, bit<Bits>(Geometry(8).square(0, 0)));
  const GameRecord with_hole = game_record(holed, random_moves(holed, holed.initial(), rng, 10));
  CHECK(write_move_list(with_hole, {}).refusal == "a move list cannot hold black holes (a1)");
  CHECK(write_ggf(with_hole).refusal);
  CHECK(write_obf_lines(with_hole, false).refusal);
  CHECK(write_board_lines(with_hole, false).refusal);
  CHECK(write_wthor_game(with_hole, {}).refusal);

  const Rules free_start(8, Start::free);
  const GameRecord placed = game_record(free_start, {});
  CHECK(write_ggf(placed).refusal == "GGF cannot hold the free-centre start");
  CHECK(write_ggf(game_record(Rules(8, Start::standard, false, 0, Scoring::count), {})).refusal);

  const Rules anti(8, Start::standard, true);
  CHECK(write_wthor_game(game_record(anti, {}), {}).refusal == "WTHOR cannot hold anti-reversi");
  CHECK(write_ggf(game_record(anti, {})).ok());
}

TEST_CASE("GGF written for random games of every size and variant reads back the same",
          "[records][write]") {
  std::mt19937 rng(2024);
  for (int size : Geometry::supported_sizes) {
    for (bool anti : {false, true}) {
      const Rules rules(size, Start::standard, anti);
      for (int game = 0; game < 20; ++game) {
        GameRecord r = game_record(rules, random_moves(rules, rules.initial(), rng, game * 7));
        r.meta.black = "dark ] player";
        r.meta.white = "light \\ player";
        r.meta.date = "2024.01.01";
        const auto written = write_ggf(r);
        REQUIRE(written.ok());
        const auto back = parse_ggf_game(written.text, SourceLocation{});
        REQUIRE_FALSE(back.error);
        CHECK(validate(back).verdict != Verdict::invalid);
        CHECK(played_squares(back.record) == played_squares(r));
        CHECK(back.record.rules == rules);
        CHECK(back.record.meta.black == r.meta.black);
        CHECK(back.record.meta.white == r.meta.white);
        // A finished game gets its result from the replay, which validate checks.
        CHECK(back.record.meta.result.empty() == !replay_record(r).finished);
      }
    }
  }
}

TEST_CASE("GGF games of the repository's examples come back through the writer unchanged",
          "[records][write]") {
  const std::string text =
      testing::slurp(std::filesystem::path(REVERSI_SOURCE_DIR) / "data/examples/games.ggf");
  const auto games = read_all(Format::ggf, text);
  REQUIRE(games.size() == 5);
  for (const auto& g : games) {
    REQUIRE_FALSE(g.error);
    const auto written = write_ggf(g.record);
    REQUIRE(written.ok());
    const auto back = parse_ggf_game(written.text, g.record.source);
    REQUIRE_FALSE(back.error);
    check_same_game(g.record, back.record);
    // Written again, the text is the same: the writer is a fixed point.
    CHECK(write_ggf(back.record).text == written.text);
  }
}

TEST_CASE("WTHOR records come back byte for byte through GGF, truncated games included",
          "[records][write]") {
  std::mt19937 rng(11);
  const Rules rules;
  std::vector<std::string> records;
  for (int game = 0; game < 50; ++game) {
    // Every fifth game stops early, as the truncated records of the database do.
    GameRecord r = game_record(
        rules, random_moves(rules, rules.initial(), rng, game % 5 == 0 ? 20 + game % 30 : 1000));
    r.meta.wthor = WthorInfo{game % 65, (game * 3) % 65, 24, game, game + 1, game + 2};
    const auto w = write_wthor_game(r, {});
    REQUIRE(w.ok());
    REQUIRE(w.text.size() == wthor_record_bytes_8);
    records.push_back(w.text);
  }
  const std::string file = wthor_file(records);
  ReaderOptions options;
  options.wthor_size = 8;
  const auto games = read_all(Format::wthor, file, options);
  REQUIRE(games.size() == records.size());
  for (std::size_t k = 0; k < games.size(); ++k) {
    const auto ggf = write_ggf(games[k].record);
    REQUIRE(ggf.ok());
    const auto back = parse_ggf_game(ggf.text, SourceLocation{});
    REQUIRE_FALSE(back.error);
    CHECK(write_wthor_game(back.record, {}).text == records[k]);
  }
}

TEST_CASE("A game without WTHOR numbers gets names from the tables and the replay's score",
          "[records][write]") {
  std::mt19937 rng(5);
  const Rules rules;
  GameRecord r = game_record(rules, random_moves(rules, rules.initial(), rng));
  r.meta.black = "L\xC3\xA9vy";  // é is in ISO-8859-1
  r.meta.white = "Tastet Marc";
  r.meta.tournament = "Open";
  WthorNameTable players({"Tastet Marc"}, wthor_player_bytes);
  WthorNameTable tournaments({}, wthor_tournament_bytes);
  const auto w = write_wthor_game(r, {&players, &tournaments});
  REQUIRE(w.ok());
  CHECK(players.changed());
  CHECK(players.names() == std::vector<std::string>{"Tastet Marc", "L\xC3\xA9vy"});
  CHECK(tournaments.names() == std::vector<std::string>{"Open"});

  WthorNames names;
  names.players = parse_wthor_names(wthor_names_file(players.names(), wthor_player_bytes, {}),
                                    wthor_player_bytes)
                      .names;
  names.tournaments =
      parse_wthor_names(wthor_names_file(tournaments.names(), wthor_tournament_bytes, {}),
                        wthor_tournament_bytes)
          .names;
  ReaderOptions options;
  options.names = &names;
  const auto back = read_one(Format::wthor, wthor_file({w.text}), options);
  REQUIRE_FALSE(back.error);
  CHECK(back.record.meta.black == r.meta.black);
  CHECK(back.record.meta.white == r.meta.white);
  CHECK(back.record.meta.tournament == "Open");
  CHECK(played_squares(back.record) == played_squares(r));
  // The stored score is the replay's, so validate finds it matching.
  CHECK(validate(back).verdict == Verdict::valid);
}

TEST_CASE("WTHOR name tables keep numbers, reuse names and cut what does not fit",
          "[records][write]") {
  WthorNameTable t({"a", "", "b"}, wthor_player_bytes);
  CHECK(t.id_for("a", 0) == 0);
  CHECK(t.id_for("b", std::nullopt) == 2);
  CHECK_FALSE(t.changed());
  CHECK(t.id_for("c", 1) == 1);  // a free slot takes the name
  CHECK(t.id_for("d", 0) == 3);  // slot 0 holds another name: a new slot
  CHECK(t.id_for("e", 7) == 7);  // past the end: the table grows to it
  CHECK(t.names().size() == 8);
  CHECK(t.changed());
  CHECK(wthor_fit_name("a name much longer than twenty bytes", wthor_player_bytes).size() == 19);
  CHECK(wthor_fit_name("\xE2\x82\xAC", wthor_player_bytes) == "?");  // the euro sign
}

TEST_CASE("OBF and board lines: the last position, or one before each move", "[records][write]") {
  const auto g = parse_move_list_line("f5d6c3", Rules(), SourceLocation{});
  REQUIRE(g);
  const auto last = write_board_lines(g->record, false);
  CHECK(last.text == board_string(replay_record(g->record).final_position, Rules()));
  const auto every = write_obf_lines(g->record, true);
  CHECK(std::count(every.text.begin(), every.text.end(), '\n') == 2);
  // Each OBF line reads back as the position it shows.
  const auto positions = record_positions(g->record, replay_record(g->record), true);
  std::size_t k = 0;
  for (const auto& p : read_all(Format::obf, every.text)) {
    REQUIRE_FALSE(p.error);
    CHECK(p.record.start.player == positions.at(k).player);
    CHECK(p.record.start.opponent == positions.at(k).opponent);
    ++k;
  }
  CHECK(k == 3);
  // An OBF line keeps its move scores.
  const std::string line =
      "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12;";
  const auto obf = read_one(Format::obf, line);
  REQUIRE_FALSE(obf.error);
  CHECK(write_obf_lines(obf.record, false).text == line);
}

TEST_CASE("Every shared WTHOR record comes back byte for byte through GGF", "[records][.shared]") {
  const auto dir = testing::shared_data("wthor");
  WthorNames names;
  const std::string players_file = testing::slurp(dir / "WTHOR.JOU");
  const std::string tournaments_file = testing::slurp(dir / "WTHOR.TRN");
  names.players = parse_wthor_names(players_file, wthor_player_bytes).names;
  names.tournaments = parse_wthor_names(tournaments_file, wthor_tournament_bytes).names;
  // Writing with the database's own name tables: no name is added.
  WthorNameTable players(names.players, wthor_player_bytes);
  WthorNameTable tournaments(names.tournaments, wthor_tournament_bytes);
  long games = 0;
  long identical = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() != ".wtb") continue;
    const std::string bytes = testing::slurp(entry.path());
    ReaderOptions options;
    options.names = &names;
    options.wthor_size = 8;
    const auto parsed = read_all(Format::wthor, bytes, options);
    for (const auto& g : parsed) {
      REQUIRE_FALSE(g.error);
      ++games;
      const std::size_t at =
          wthor_header_bytes +
          static_cast<std::size_t>(g.record.source.record - 1) * wthor_record_bytes_8;
      const std::string original = bytes.substr(at, wthor_record_bytes_8);
      const auto ggf = write_ggf(g.record);
      REQUIRE(ggf.ok());
      const auto back = parse_ggf_game(ggf.text, g.record.source);
      REQUIRE_FALSE(back.error);
      const auto again = write_wthor_game(back.record, {&players, &tournaments});
      INFO(entry.path().filename().string() << " record " << g.record.source.record);
      REQUIRE(again.ok());
      if (again.text == original) ++identical;
      CHECK(again.text == original);
    }
  }
  WARN("WTHOR -> GGF -> WTHOR: " << identical << " of " << games << " records identical");
  CHECK(games == 66806);
  CHECK(identical == games);
  CHECK_FALSE(players.changed());
  CHECK_FALSE(tournaments.changed());
}
