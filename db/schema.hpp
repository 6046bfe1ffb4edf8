// The database's tables (docs/db.md) and the checks that a file is a database of this version.
#pragma once

#include <cstddef>
#include <string>

#include "db/sqlite.hpp"

namespace reversi::db {

// PRAGMA user_version of the files this code writes; a change of the tables bumps it. Version 2
// added the book table: a version-1 file is read as one with an empty book, and `db book` adds the
// table and makes it version 2.
inline constexpr int schema_version = 2;
inline constexpr int oldest_schema_version = 1;
// Positions are indexed up to this many moves from the start: opening study, a compact index.
inline constexpr int indexed_plies = 30;
// The `next` field of a position row when no move follows (the game ended or the record stops).
inline constexpr int no_next_move = 64;
inline constexpr int pass_move = 65;

void create_schema(Connection& db);
// CREATE TABLE IF NOT EXISTS for the book (db/book.hpp).
const char* book_table_sql();
// Throws DbError naming why `path` is not a database this code reads (not a database, another
// schema version, locked).
void check_schema(Connection& db);

// A game's entry in a position's list: the ply, whether light moves, and the next move in the
// canonical orientation, packed into 16 bits so that the index stays small.
inline int pack_info(int ply, bool light_to_move, int next) {
  return (ply << 8) | (light_to_move ? 1 << 7 : 0) | next;
}
// Each entry of positions.entries: the game id in 4 bytes, then the info in 2, little-endian.
inline constexpr std::size_t entry_bytes = 6;
inline int info_next(int info) {
  return info & 0x7F;
}
inline bool info_light(int info) {
  return (info >> 7) & 1;
}
inline int info_ply(int info) {
  return info >> 8;
}

}  // namespace reversi::db
