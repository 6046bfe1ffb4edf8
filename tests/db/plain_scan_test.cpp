// db query --json against a plain scan: a second, simple count that replays every game of a small
// record set, turns each position it reaches all eight ways, and counts the games reaching the
// asked position per next move, in the asked orientation.
#include <catch2/catch.hpp>
#include <map>
#include <nlohmann/json.hpp>
#include <tuple>

#include "cli/run_binary.hpp"
#include "core/notation.hpp"
#include "db/random_games.hpp"

namespace reversi::testing {

namespace {

using nlohmann::json;

constexpr int scanned_plies = 30;

struct Counts {
  long games = 0;
  long wins = 0;
  long draws = 0;
  long losses = 0;
  friend bool operator==(const Counts&, const Counts&) = default;
};

// The smallest image of a move under the symmetries that keep the position: moves equivalent
// there share one line of the answer.
Square move_class(const Position& p, Square move) {
  const Geometry g(8);
  Square best = move;
  for (int s = 0; s < symmetry_count; ++s)
    if (g.transform(p.player, s) == p.player && g.transform(p.opponent, s) == p.opponent)
      best = std::min(best, g.transform(move, s));
  return best;
}

// Per class of next move, the games reaching `asked` (the game's own turned positions compared
// with it square by square) and how they ended for the side to move there.
std::map<Square, Counts> plain_scan(const std::vector<TestGame>& games, const Position& asked,
                                    const std::string& player) {
  const Rules rules;
  const Geometry g(8);
  std::map<Square, Counts> out;
  for (const auto& t : games) {
    if (!player.empty() && t.dark != player && t.light != player) continue;
    Position p = rules.initial();
    std::vector<std::pair<Position, Square>> reached;  // position, move played there
    for (std::size_t i = 0; i < t.moves.size(); ++i) {
      if (rules.legal_moves(p) == 0) p = rules.pass(p);
      reached.emplace_back(p, t.moves[i]);
      p = rules.play(p, t.moves[i]);
    }
    reached.emplace_back(p, no_square);
    const int dark_margin = rules.value(p, Color::dark);
    for (std::size_t ply = 0; ply < reached.size() && ply <= scanned_plies; ++ply) {
      const auto& [at, next] = reached[ply];
      int turn = -1;
      for (int s = 0; s < symmetry_count && turn < 0; ++s)
        if (g.transform(at.player, s) == asked.player &&
            g.transform(at.opponent, s) == asked.opponent)
          turn = s;
      if (turn < 0) continue;
      if (next == no_square) break;
      const int margin = at.to_move == Color::dark ? dark_margin : -dark_margin;
      Counts& c = out[move_class(asked, g.transform(next, turn))];
      ++c.games;
      (margin > 0 ? c.wins : margin < 0 ? c.losses : c.draws) += 1;
      break;
    }
  }
  return out;
}

std::map<Square, Counts> answer_counts(const json& answer, const Position& asked) {
  const Geometry g(8);
  std::map<Square, Counts> out;
  for (const auto& m : answer["moves"]) {
    if (m["games"].get<long>() == 0) continue;
    const Square sq = *g.parse(m["move"].get<std::string>());
    out[move_class(asked, sq)] = {m["games"], m["wins"], m["draws"], m["losses"]};
  }
  return out;
}

std::string move_list(const std::vector<Square>& moves, std::size_t plies) {
  const Geometry g(8);
  std::string out;
  for (std::size_t i = 0; i < plies && i < moves.size(); ++i) out += g.name(moves[i]);
  return out;
}

Position after(const std::vector<Square>& moves, std::size_t plies) {
  const Rules rules;
  Position p = rules.initial();
  for (std::size_t i = 0; i < plies && i < moves.size(); ++i) {
    if (rules.legal_moves(p) == 0) p = rules.pass(p);
    p = rules.play(p, moves[i]);
  }
  return p;
}

}  // namespace

TEST_CASE(
    "db query counts the games per next move as a plain scan of the records does, "
    "symmetric images and a player filter included",
    "[cli][db]") {
  DbTempDir dir;
  const auto games = random_games(300, 120, 2029);
  write_file(dir.path / "games.ggf", ggf_text(games));
  const std::string db = (dir.path / "games.db").string();
  const auto built = run_reversi("db build -o " + db + " " + (dir.path / "games.ggf").string());
  REQUIRE(built.status == 0);
  CHECK(built.out.find("420 added") != std::string::npos);

  // Positions on the line of a game, and on the line of its turned copy (game 300 is game 0
  // turned), at several depths.
  long compared = 0;
  for (const std::size_t source : {0u, 5u, 300u, 301u}) {
    for (const std::size_t plies : {0u, 1u, 2u, 3u, 4u, 6u, 9u, 14u}) {
      const auto& moves = games[source].moves;
      const Position asked = after(moves, plies);
      for (const std::string player : {"", "Carol Chen"}) {
        std::string args =
            "db query " + db + " --json --no-engine --moves '" + move_list(moves, plies) + "'";
        if (!player.empty()) args += " --player 'carol chen'";
        const auto r = run_reversi(args);
        REQUIRE(r.status == 0);
        const json answer = json::parse(r.out);
        const auto expected = plain_scan(games, asked, player);
        CAPTURE(source, plies, player);
        CHECK(answer_counts(answer, asked) == expected);
        long total = 0;
        for (const auto& [move, c] : expected) total += c.games;
        CHECK(answer["games"].get<long>() - answer["ended_here"].get<long>() == total);
        compared += total;
      }
    }
  }
  // The start and the first moves alone cover every game several times over.
  CHECK(compared > 420 * 4);
}

}  // namespace reversi::testing
