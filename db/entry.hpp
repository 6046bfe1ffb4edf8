// One game as the database stores it, made from a record and its replay.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/game.hpp"
#include "core/records/record.hpp"

namespace reversi::db {

// A position the game reached within the indexed plies, keyed by its canonical image.
struct PositionRow {
  std::int64_t key = 0;
  std::int64_t game = 0;  // filled in when the game is stored
  int info = 0;           // pack_info(ply, light to move, next move in canonical orientation)
};

struct GameEntry {
  std::string dark;
  std::string light;
  std::string tournament;
  std::optional<int> year;
  std::optional<int> result;       // dark's final disc difference
  std::optional<int> theoretical;  // dark's disc difference with perfect play (WTHOR)
  std::optional<int> depth;        // empties from which the theoretical score is perfect play
  std::string moves;               // the placed discs, "f5d6c3..." (passes are implied)
  std::string source;              // "file: game N"
  std::vector<PositionRow> positions;
  std::int64_t dedupe_key() const;  // moves, players and event: what makes a duplicate
};

// The entry for a replayed game, or nullopt when the database cannot hold it (not 8x8 from the
// standard start, or no move could be replayed). `dark_margin` is the result the validation
// found when the game is finished.
std::optional<GameEntry> make_entry(const records::GameRecord& record, const Replay& replayed,
                                    std::optional<int> dark_margin);

}  // namespace reversi::db
