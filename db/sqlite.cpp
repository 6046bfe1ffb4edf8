#include "db/sqlite.hpp"

#include <sqlite3.h>

namespace reversi::db {

namespace {

int open_flags(OpenMode mode) {
  switch (mode) {
    case OpenMode::read_only:
      return SQLITE_OPEN_READONLY;
    case OpenMode::read_write:
      return SQLITE_OPEN_READWRITE;
    case OpenMode::create:
      break;
  }
  return SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
}

}  // namespace

Connection::Connection(const std::string& path, OpenMode mode) {
  const int rc = sqlite3_open_v2(path.c_str(), &db_, open_flags(mode), nullptr);
  if (rc != SQLITE_OK) {
    const std::string why = db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(rc);
    sqlite3_close(db_);
    db_ = nullptr;
    throw DbError(why);
  }
}

Connection::~Connection() {
  sqlite3_close(db_);
}

void Connection::exec(const std::string& sql) {
  if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, nullptr) != SQLITE_OK)
    throw DbError(error_text());
}

std::int64_t Connection::last_insert_id() const {
  return sqlite3_last_insert_rowid(db_);
}

int Connection::changes() const {
  return sqlite3_changes(db_);
}

std::string Connection::error_text() const {
  return sqlite3_errmsg(db_);
}

Statement::Statement(Connection& db, const std::string& sql) : db_(db) {
  if (sqlite3_prepare_v2(db.handle(), sql.c_str(), -1, &stmt_, nullptr) != SQLITE_OK)
    throw DbError(db.error_text());
}

Statement::~Statement() {
  sqlite3_finalize(stmt_);
}

Statement& Statement::bind(int index, std::int64_t value) {
  sqlite3_bind_int64(stmt_, index, value);
  return *this;
}

Statement& Statement::bind(int index, const std::string& text) {
  sqlite3_bind_text(stmt_, index, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT);
  return *this;
}

Statement& Statement::bind(int index, std::optional<int> value) {
  if (value)
    sqlite3_bind_int64(stmt_, index, *value);
  else
    sqlite3_bind_null(stmt_, index);
  return *this;
}

Statement& Statement::bind_blob(int index, const std::string& bytes) {
  sqlite3_bind_blob(stmt_, index, bytes.data(), static_cast<int>(bytes.size()), SQLITE_TRANSIENT);
  return *this;
}

bool Statement::step() {
  const int rc = sqlite3_step(stmt_);
  if (rc == SQLITE_ROW) return true;
  sqlite3_reset(stmt_);
  if (rc != SQLITE_DONE) throw DbError(db_.error_text());
  return false;
}

void Statement::run() {
  while (step()) {
  }
}

void Statement::reset() {
  sqlite3_reset(stmt_);
  sqlite3_clear_bindings(stmt_);
}

std::int64_t Statement::integer(int column) const {
  return sqlite3_column_int64(stmt_, column);
}

std::optional<int> Statement::optional_int(int column) const {
  if (sqlite3_column_type(stmt_, column) == SQLITE_NULL) return std::nullopt;
  return sqlite3_column_int(stmt_, column);
}

std::string_view Statement::blob(int column) const {
  const void* p = sqlite3_column_blob(stmt_, column);
  const int n = sqlite3_column_bytes(stmt_, column);
  return p ? std::string_view(static_cast<const char*>(p), static_cast<std::size_t>(n))
           : std::string_view();
}

std::string Statement::text(int column) const {
  const auto* p = sqlite3_column_text(stmt_, column);
  return p ? std::string(reinterpret_cast<const char*>(p)) : std::string();
}

}  // namespace reversi::db
