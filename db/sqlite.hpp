// A thin RAII layer over the SQLite C API: a connection and prepared statements, every failure
// thrown as DbError with SQLite's own words.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

struct sqlite3;
struct sqlite3_stmt;

namespace reversi::db {

// Anything the database refuses: not a database, another schema version, locked, unwritable.
struct DbError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

enum class OpenMode { read_only, read_write, create };

class Connection {
 public:
  Connection(const std::string& path, OpenMode mode);
  ~Connection();
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  // Runs statements that return no rows.
  void exec(const std::string& sql);
  std::int64_t last_insert_id() const;
  int changes() const;
  sqlite3* handle() const { return db_; }
  // SQLite's message for its last error, as one line.
  std::string error_text() const;

 private:
  sqlite3* db_ = nullptr;
};

class Statement {
 public:
  Statement(Connection& db, const std::string& sql);
  ~Statement();
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  // Parameters are 1-based, as in SQL; an empty optional binds NULL.
  Statement& bind(int index, std::int64_t value);
  Statement& bind(int index, const std::string& text);
  Statement& bind(int index, std::optional<int> value);
  Statement& bind_blob(int index, const std::string& bytes);
  // True while there is a row; resets itself after the last one.
  bool step();
  // Runs a statement that returns no rows and resets it.
  void run();
  void reset();

  std::int64_t integer(int column) const;
  std::optional<int> optional_int(int column) const;
  std::string text(int column) const;
  // The bytes of a BLOB column, valid until the next step.
  std::string_view blob(int column) const;

 private:
  Connection& db_;
  sqlite3_stmt* stmt_ = nullptr;
};

}  // namespace reversi::db
