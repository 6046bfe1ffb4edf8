// Adds games to a database inside one transaction: nothing is visible until commit(), and a
// writer destroyed before it (an interrupted build) rolls everything back.
#pragma once

#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "db/entry.hpp"
#include "db/sqlite.hpp"

namespace reversi::db {

class Writer {
 public:
  // Starts the write transaction; throws DbError when the database is locked.
  explicit Writer(Connection& db);
  ~Writer();
  Writer(const Writer&) = delete;
  Writer& operator=(const Writer&) = delete;

  // Stores the game unless the database already holds it; false for a duplicate.
  bool add(GameEntry entry);
  // Writes the position index and commits.
  void commit();

  long added() const { return added_; }
  long duplicates() const { return duplicates_; }

 private:
  std::int64_t name_id(std::unordered_map<std::string, std::int64_t>& ids, const char* table,
                       const std::string& name);

  Connection& db_;
  bool open_ = true;
  std::unordered_map<std::string, std::int64_t> players_;
  std::unordered_map<std::string, std::int64_t> tournaments_;
  std::unique_ptr<Statement> insert_game_;
  std::vector<PositionRow> rows_;
  long added_ = 0;
  long duplicates_ = 0;
};

}  // namespace reversi::db
