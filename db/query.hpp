// Questions to a game database: which games reach a position (under the board's symmetries),
// what was played next there and how those games ended. The answer is in the orientation of
// the position the caller gave.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/rules.hpp"
#include "db/book.hpp"

namespace reversi::db {

// Which games count. Names match case-insensitively anywhere in the stored name.
struct Filters {
  std::string player;  // either side
  std::string dark;
  std::string light;
  std::string tournament;
  std::optional<int> year_from;
  std::optional<int> year_to;
};

// The games that went on with one move (or one class of moves equivalent under the position's
// own symmetry), counted from the mover's side.
struct MoveStats {
  Square move = no_square;  // in the caller's orientation; no_square for a pass
  long games = 0;
  long wins = 0;  // among the games with a result
  long draws = 0;
  long losses = 0;
  long margin_sum = 0;  // the mover's final disc difference, summed over games with a result
  long theoretical_games = 0;
  long theoretical_sum = 0;
  long results() const { return wins + draws + losses; }
};

struct Answer {
  long games = 0;                // games reaching the position
  long ended_here = 0;           // of those, games whose record stops at it
  std::vector<MoveStats> moves;  // most played first
  std::vector<std::int64_t> game_ids;
  bool beyond_index = false;  // the position is past the indexed plies: nothing can be found
};

// One stored game, names resolved.
struct GameRow {
  std::int64_t id = 0;
  std::string dark;
  std::string light;
  std::string tournament;
  std::optional<int> year;
  std::optional<int> result;
  std::optional<int> theoretical;
  std::optional<int> depth;
  std::string moves;
  std::string source;
};

// A database opened read-only; its games' filter fields are kept in memory so that a query is
// one range scan of the position index.
class GameDatabase {
 public:
  // Throws DbError when the file is not a database of this schema version, or is locked.
  explicit GameDatabase(const std::string& path);
  ~GameDatabase();
  GameDatabase(const GameDatabase&) = delete;
  GameDatabase& operator=(const GameDatabase&) = delete;

  long game_count() const;
  // `position` is 8x8 from the standard start, side-relative as core keeps it.
  Answer query(const Position& position, const Filters& filters) const;
  std::vector<GameRow> games(const std::vector<std::int64_t>& ids) const;
  // The engine's values of the position's moves from the book, if it holds them.
  std::optional<BookEntry> book(const Position& position) const;
  // The whole book in memory, for many lookups (one query per position costs a lock each).
  BookTable book_table() const;

  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace reversi::db
