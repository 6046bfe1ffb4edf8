// The actions of reversi db, and the one place that turns database errors into messages.
#pragma once

#include <string>
#include <vector>

#include "cli/common.hpp"
#include "db/sqlite.hpp"

namespace reversi::cli {

int run_db_build(const std::vector<std::string>& args);
int run_db_add(const std::vector<std::string>& args);
int run_db_query(const std::vector<std::string>& args);
int run_db_games(const std::vector<std::string>& args);
int run_db_report(const std::vector<std::string>& args);
int run_db_book(const std::vector<std::string>& args);

// Runs `body`; a database error becomes a usage error naming the file (one line, exit 2).
template <class Body>
int with_database_errors(const std::string& path, Body body) {
  try {
    return body();
  } catch (const db::DbError& e) {
    throw UsageError(path + ": " + e.what());
  }
}

}  // namespace reversi::cli
