#include "db/schema.hpp"

namespace reversi::db {

namespace {

constexpr const char* tables = R"sql(
CREATE TABLE players(id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
CREATE TABLE tournaments(id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
CREATE TABLE games(
  id INTEGER PRIMARY KEY,
  dark INTEGER NOT NULL REFERENCES players(id),
  light INTEGER NOT NULL REFERENCES players(id),
  tournament INTEGER NOT NULL REFERENCES tournaments(id),
  year INTEGER,
  result INTEGER,
  theoretical INTEGER,
  depth INTEGER,
  moves TEXT NOT NULL,
  source TEXT NOT NULL,
  dedupe INTEGER NOT NULL UNIQUE);
CREATE INDEX games_dark ON games(dark);
CREATE INDEX games_light ON games(light);
CREATE TABLE positions(
  hash INTEGER NOT NULL,
  first_game INTEGER NOT NULL,
  entries BLOB NOT NULL,
  PRIMARY KEY(hash, first_game)) WITHOUT ROWID;
)sql";

// The engine's values of a position's moves, keyed as positions are, with the canonical discs
// kept so that two positions sharing a hash never share values.
constexpr const char* book_table = R"sql(
CREATE TABLE IF NOT EXISTS book(
  hash INTEGER NOT NULL,
  player INTEGER NOT NULL,
  opponent INTEGER NOT NULL,
  depth INTEGER NOT NULL,
  best INTEGER NOT NULL,
  moves BLOB NOT NULL,
  PRIMARY KEY(hash, player, opponent)) WITHOUT ROWID;
)sql";

}  // namespace

const char* book_table_sql() {
  return book_table;
}

void create_schema(Connection& db) {
  db.exec(tables);
  db.exec(book_table);
  db.exec("PRAGMA user_version = " + std::to_string(schema_version));
}

void check_schema(Connection& db) {
  Statement version(db, "PRAGMA user_version");
  version.step();
  const auto found = version.integer(0);
  version.reset();
  if (found >= oldest_schema_version && found <= schema_version) return;
  if (found == 0) throw DbError("not a reversi game database (no schema version)");
  throw DbError("schema version " + std::to_string(found) + ", this reversi reads versions " +
                std::to_string(oldest_schema_version) + " to " + std::to_string(schema_version) +
                " (rebuild it with reversi db build)");
}

}  // namespace reversi::db
