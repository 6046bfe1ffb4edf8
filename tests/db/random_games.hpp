// Small record sets for the database tests: random legal 8x8 games with players, events and
// years, some of them again turned by a symmetry that keeps the standard start.
#pragma once

#include <unistd.h>

#include <array>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "core/bits.hpp"
#include "core/records/write.hpp"
#include "core/rules.hpp"

namespace reversi::testing {

// A fresh folder removed at the end of the test.
struct DbTempDir {
  DbTempDir() {
    char pattern[] = "/tmp/reversi-db-XXXXXX";
    path = mkdtemp(pattern);
  }
  ~DbTempDir() { std::filesystem::remove_all(path); }
  DbTempDir(const DbTempDir&) = delete;
  DbTempDir& operator=(const DbTempDir&) = delete;
  std::filesystem::path path;
};

struct TestGame {
  std::vector<Square> moves;  // placed discs only; passes follow from the rules
  std::string dark;
  std::string light;
  std::string event;
  int year = 0;
};

// Plays uniformly random legal moves to the end of the game.
inline std::vector<Square> random_game(std::mt19937& random) {
  const Rules rules;
  Position p = rules.initial();
  std::vector<Square> moves;
  for (;;) {
    Bits legal = rules.legal_moves(p);
    if (legal == 0) {
      p = rules.pass(p);
      legal = rules.legal_moves(p);
      if (legal == 0) return moves;
    }
    std::vector<Square> choices;
    for_each_square(legal, [&](Square sq) { choices.push_back(sq); });
    const Square sq = choices[random() % choices.size()];
    moves.push_back(sq);
    p = rules.play(p, sq);
  }
}

// The symmetries other than the identity that keep the standard start: a game turned by one
// of them is legal and reaches the turned positions.
inline constexpr std::array<int, 3> start_symmetries = {3, 4, 7};

inline std::vector<TestGame> random_games(int count, int turned, unsigned seed) {
  static const std::array<const char*, 4> names = {"Alice Ames", "Bob Brown", "Carol Chen",
                                                   "Dave Dunn"};
  std::mt19937 random(seed);
  std::vector<TestGame> games;
  const Geometry g(8);
  for (int i = 0; i < count; ++i) {
    // Short common openings make positions many games reach.
    TestGame t{random_game(random), names[random() % 4], names[random() % 4],
               i % 2 ? "Spring Open" : "Autumn Cup", 1990 + static_cast<int>(random() % 10)};
    games.push_back(t);
  }
  for (int i = 0; i < turned; ++i) {
    TestGame t = games[static_cast<std::size_t>(i)];
    const int s = start_symmetries[static_cast<std::size_t>(i) % start_symmetries.size()];
    for (auto& m : t.moves) m = g.transform(m, s);
    t.event = "Mirror Masters";
    games.push_back(t);
  }
  return games;
}

// The games as a GGF file, one game a line.
inline std::string ggf_text(const std::vector<TestGame>& games) {
  const Rules rules;
  std::string out;
  for (const auto& t : games) {
    records::GameRecord r;
    r.rules = rules;
    r.start = rules.initial();
    for (const Square sq : t.moves) r.moves.push_back({rules.geometry().name(sq), sq, {}});
    r.meta.black = t.dark;
    r.meta.white = t.light;
    r.meta.tournament = t.event;
    r.meta.date = std::to_string(t.year);
    out += records::write_ggf(r).text + "\n";
  }
  return out;
}

inline void write_file(const std::filesystem::path& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

}  // namespace reversi::testing
