#include "db/writer.hpp"

#include <algorithm>

#include "db/schema.hpp"

namespace reversi::db {

namespace {

std::unordered_map<std::string, std::int64_t> load_names(Connection& db, const char* table) {
  std::unordered_map<std::string, std::int64_t> ids;
  Statement all(db, std::string("SELECT id, name FROM ") + table);
  while (all.step()) ids.emplace(all.text(1), all.integer(0));
  return ids;
}

}  // namespace

Writer::Writer(Connection& db) : db_(db) {
  db_.exec("BEGIN IMMEDIATE");
  players_ = load_names(db_, "players");
  tournaments_ = load_names(db_, "tournaments");
  insert_game_ = std::make_unique<Statement>(
      db_,
      "INSERT OR IGNORE INTO games(dark, light, tournament, year, result, theoretical, depth, "
      "moves, source, dedupe) VALUES(?,?,?,?,?,?,?,?,?,?)");
}

Writer::~Writer() {
  insert_game_.reset();
  if (!open_) return;
  try {
    db_.exec("ROLLBACK");
  } catch (const DbError&) {
    // Nothing to undo: SQLite already rolled back after the failure that brought us here.
  }
}

std::int64_t Writer::name_id(std::unordered_map<std::string, std::int64_t>& ids, const char* table,
                             const std::string& name) {
  if (auto it = ids.find(name); it != ids.end()) return it->second;
  Statement insert(db_, std::string("INSERT INTO ") + table + "(name) VALUES(?)");
  insert.bind(1, name).run();
  const std::int64_t id = db_.last_insert_id();
  ids.emplace(name, id);
  return id;
}

bool Writer::add(GameEntry entry) {
  auto& s = *insert_game_;
  s.bind(1, name_id(players_, "players", entry.dark))
      .bind(2, name_id(players_, "players", entry.light))
      .bind(3, name_id(tournaments_, "tournaments", entry.tournament))
      .bind(4, entry.year)
      .bind(5, entry.result)
      .bind(6, entry.theoretical)
      .bind(7, entry.depth)
      .bind(8, entry.moves)
      .bind(9, entry.source)
      .bind(10, entry.dedupe_key());
  s.run();
  if (db_.changes() == 0) {
    ++duplicates_;
    return false;
  }
  const std::int64_t id = db_.last_insert_id();
  for (auto& row : entry.positions) {
    row.game = id;
    rows_.push_back(row);
  }
  ++added_;
  return true;
}

namespace {

void append_entry(std::string& out, const PositionRow& row) {
  const auto game = static_cast<std::uint32_t>(row.game);
  const auto info = static_cast<std::uint16_t>(row.info);
  for (int i = 0; i < 4; ++i) out += static_cast<char>((game >> (8 * i)) & 0xFF);
  out += static_cast<char>(info & 0xFF);
  out += static_cast<char>(info >> 8);
}

}  // namespace

void Writer::commit() {
  // In key order the B-tree fills page by page, and each position's games become one list.
  std::sort(rows_.begin(), rows_.end(), [](const PositionRow& a, const PositionRow& b) {
    return a.key != b.key ? a.key < b.key : a.game < b.game;
  });
  Statement insert(db_, "INSERT INTO positions(hash, first_game, entries) VALUES(?,?,?)");
  std::string entries;
  std::int64_t first_game = 0;
  for (std::size_t i = 0; i < rows_.size(); ++i) {
    const auto& row = rows_[i];
    if (entries.empty()) first_game = row.game;
    const bool same_game = i > 0 && rows_[i - 1].key == row.key && rows_[i - 1].game == row.game;
    // A game that comes back to a position (only through passes) counts there once.
    if (!same_game) append_entry(entries, row);
    if (i + 1 < rows_.size() && rows_[i + 1].key == row.key) continue;
    insert.bind(1, row.key).bind(2, first_game).bind_blob(3, entries);
    insert.run();
    entries.clear();
  }
  rows_.clear();
  insert_game_.reset();
  db_.exec("COMMIT");
  open_ = false;
}

}  // namespace reversi::db
