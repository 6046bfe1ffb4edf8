// WTHOR: headers, records of both sizes, names, truncated games and the stored scores.
#include "core/records/wthor.hpp"

#include <random>

#include "records_helpers.hpp"

using namespace reversi;
using namespace reversi::records;
using testing::read_all;

namespace {

void put16(std::string& out, int v) {
  out += static_cast<char>(v & 0xFF);
  out += static_cast<char>((v >> 8) & 0xFF);
}

std::string header(std::uint32_t games, int size, int names = 0) {
  std::string h = {20, 24, 1, 1};
  put16(h, static_cast<int>(games & 0xFFFF));
  put16(h, static_cast<int>(games >> 16));
  put16(h, names);
  put16(h, 2024);
  h += static_cast<char>(size);
  h += '\0';
  h += static_cast<char>(24);
  h += '\0';
  return h;
}

int encode(const Geometry& g, Square sq) {
  return g.size() == 10 ? (g.col(sq) + 1) + 12 * (g.row(sq) + 1)
                        : 10 * (g.row(sq) + 1) + (g.col(sq) + 1);
}

// A random legal game, played to the end unless `stop` moves come first.
std::vector<Square> random_game(const Rules& rules, std::mt19937& rng, int stop = 1000) {
  std::vector<Square> moves;
  Position p = rules.initial();
  while (!rules.game_over(p) && static_cast<int>(moves.size()) < stop) {
    const Bits legal = rules.legal_moves(p);
    if (legal == 0) {
      p = rules.pass(p);
      continue;
    }
    std::vector<Square> options;
    for_each_square(legal, [&](Square sq) { options.push_back(sq); });
    const Square sq = options[rng() % options.size()];
    moves.push_back(sq);
    p = rules.play(p, sq);
  }
  return moves;
}

std::string record(const Rules& rules, const std::vector<Square>& moves, int black_score) {
  std::string r;
  put16(r, 1);
  put16(r, 2);
  put16(r, 3);
  r += static_cast<char>(black_score);
  r += static_cast<char>(black_score);
  const std::size_t slots = rules.size() == 10 ? 96 : 60;
  for (std::size_t k = 0; k < slots; ++k)
    r += static_cast<char>(k < moves.size() ? encode(rules.geometry(), moves[k]) : 0);
  return r;
}

// Black's discs with the empties to the winner, counted from a replay of the moves.
int black_score_of(const Rules& rules, const std::vector<Square>& moves) {
  Position p = rules.initial();
  for (Square sq : moves) {
    if (!rules.has_move(p)) p = rules.pass(p);
    p = rules.play(p, sq);
  }
  const int dark = popcount(p.discs(Color::dark));
  const int light = popcount(p.discs(Color::light));
  const int empty = rules.size() * rules.size() - dark - light;
  return dark > light ? dark + empty : dark == light ? dark + empty / 2 : dark;
}

}  // namespace

TEST_CASE("WTHOR files of both sizes replay, infer passes and check the stored score",
          "[records]") {
  std::mt19937 rng(7);
  for (int size : {8, 10}) {
    const Rules rules(size);
    std::string file = header(3, size);
    std::vector<std::vector<Square>> games;
    for (int k = 0; k < 2; ++k) games.push_back(random_game(rules, rng));
    games.push_back(random_game(rules, rng, 20));  // truncated
    for (const auto& g : games) file += record(rules, g, black_score_of(rules, g));
    ReaderOptions options;
    options.wthor_size = size;
    const auto parsed = read_all(Format::wthor, file, options);
    REQUIRE(parsed.size() == 3);
    for (std::size_t k = 0; k < 3; ++k) {
      INFO("size " << size << " game " << k);
      CHECK(parsed[k].record.source.record == static_cast<int>(k) + 1);
      CHECK(parsed[k].record.rules.size() == size);
      CHECK(parsed[k].record.moves.size() == games[k].size());
      const auto v = validate(parsed[k]);
      CHECK(v.verdict == (k < 2 ? Verdict::valid : Verdict::unfinished));
    }
    SECTION("a wrong stored score is a result mismatch") {
      std::string bad = header(1, size) + record(rules, games[0], 65);
      const auto v = validate(read_all(Format::wthor, bad, options)[0]);
      REQUIRE(v.error);
      CHECK(v.error->kind == ErrorKind::result_mismatch);
    }
  }
}

TEST_CASE("WTHOR headers are checked: size, and the game count against the length", "[records]") {
  const Rules rules;
  const std::string one = record(rules, {}, 0);
  const auto first_error = [](const std::string& bytes, std::optional<int> size = {}) {
    ReaderOptions options;
    options.wthor_size = size;
    for (const auto& g : read_all(Format::wthor, bytes, options))
      if (g.error) return g.error->kind;
    FAIL("no error");
    return ErrorKind::bad_format;
  };
  CHECK(first_error(header(1, 9) + one) == ErrorKind::wrong_size);
  CHECK(first_error(header(1, 10) + one, 8) == ErrorKind::wrong_size);
  CHECK(first_error(header(2, 8) + one) == ErrorKind::truncated);
  CHECK(first_error(header(1, 8) + one + "x") == ErrorKind::bad_format);
  CHECK(first_error(header(1, 8).substr(0, 5)) == ErrorKind::truncated);
  CHECK(first_error(header(1, 8) + one.substr(0, 40)) == ErrorKind::truncated);
}

TEST_CASE("WTHOR name files map ids to UTF-8 names", "[records]") {
  std::string names = header(0, 0, 2);
  std::string first = "Tastet Marc";
  std::string second = "L\xE9vy";
  first.resize(20, '\0');
  second.resize(20, '\0');
  const auto parsed = parse_wthor_names(names + first + second, wthor_player_bytes);
  REQUIRE_FALSE(parsed.error);
  CHECK(parsed.names == std::vector<std::string>{"Tastet Marc", "L\xC3\xA9vy"});
  CHECK(parse_wthor_names(names + first, wthor_player_bytes).error);
}

TEST_CASE("Every game in the shared WTHOR files validates and stored scores match the replay",
          "[records][.shared]") {
  const auto dir = testing::shared_data("wthor");
  WthorNames names;
  names.players = parse_wthor_names(testing::slurp(dir / "WTHOR.JOU"), wthor_player_bytes).names;
  names.tournaments =
      parse_wthor_names(testing::slurp(dir / "WTHOR.TRN"), wthor_tournament_bytes).names;
  CHECK_FALSE(names.players.empty());
  long games = 0;
  long unfinished = 0;
  long scores_checked = 0;
  long named = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() != ".wtb") continue;
    const std::string bytes = testing::slurp(entry.path());
    const auto header = parse_wthor_header(bytes).header;
    ReaderOptions options;
    options.names = &names;
    options.wthor_size = 8;
    const auto parsed = read_all(Format::wthor, bytes, options);
    CHECK(parsed.size() == header.games);
    for (const auto& g : parsed) {
      const auto v = validate(g);
      INFO(entry.path().filename().string() << " record " << g.record.source.record);
      CHECK(v.verdict != Verdict::invalid);
      ++games;
      named += g.record.meta.black.empty() ? 0 : 1;
      if (v.verdict == Verdict::unfinished) {
        ++unfinished;
        continue;
      }
      // The stored final score against the replay's, recounted here.
      CHECK(g.record.meta.wthor->black_score ==
            wthor_black_score(g.record.rules.tally(v.final_position)));
      ++scores_checked;
    }
  }
  WARN("WTHOR: " << games << " games, " << unfinished << " unfinished (truncated), "
                 << scores_checked << " final scores checked against the replay");
  CHECK(unfinished > 0);
  CHECK(scores_checked + unfinished == games);
  CHECK(named == games);
}
