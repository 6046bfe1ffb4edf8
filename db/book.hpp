// The book: the engine's values of the moves of positions of the opening tree, computed once by
// `reversi db book` and stored in the database (table `book`, docs/db.md), keyed as positions
// are (their canonical image), so that any symmetric image of a position finds its values.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/rules.hpp"
#include "db/sqlite.hpp"

namespace reversi::db {

struct BookMove {
  Square move = no_square;
  int value = 0;  // hundredths of a disc, for the side to move (an exact value times 100)
};

// A position's values, in the orientation of the position asked about.
struct BookEntry {
  int depth = 0;  // the estimate's depth; 0 when the values are the solver's exact ones
  Square best = no_square;
  std::vector<BookMove> moves;
};

// Creates the book table if the file has none (a version-1 database becomes version 2).
void ensure_book(Connection& db);

// The position's values, if the book holds them (a file without a book holds none).
std::optional<BookEntry> find_in_book(Connection& db, const Position& position);

// Stores (or replaces) the position's values.
void put_in_book(Connection& db, const Position& position, const BookEntry& entry);

// How many positions the book holds.
long book_size(Connection& db);

// The whole book read into memory, for lookups from many threads at once (annotate --db).
class BookTable {
 public:
  explicit BookTable(Connection& db);
  std::optional<BookEntry> find(const Position& position) const;
  std::size_t size() const { return rows_.size(); }

 private:
  struct Row {
    int depth = 0;
    int best = -1;  // canonical orientation
    std::string moves;
  };
  std::map<std::pair<std::uint64_t, std::uint64_t>, Row> rows_;
};

}  // namespace reversi::db
