#include "db/book.hpp"

#include "db/schema.hpp"
#include "db/symmetry.hpp"

namespace reversi::db {

namespace {

// Each move of a book row: the square in the canonical orientation, then the value as a
// little-endian 16-bit two's complement number of hundredths.
constexpr std::size_t move_bytes = 3;

Canonical canonical_of(const Position& p) {
  return canonical(static_cast<std::uint64_t>(p.player), static_cast<std::uint64_t>(p.opponent));
}

std::string pack_moves(const std::vector<BookMove>& moves, int symmetry) {
  std::string out;
  for (const auto& m : moves) {
    const auto v = static_cast<std::uint16_t>(static_cast<std::int16_t>(m.value));
    out += static_cast<char>(transform(m.move, symmetry));
    out += static_cast<char>(v & 0xFF);
    out += static_cast<char>(v >> 8);
  }
  return out;
}

std::vector<BookMove> unpack_moves(std::string_view bytes, int back) {
  std::vector<BookMove> out;
  for (std::size_t at = 0; at + move_bytes <= bytes.size(); at += move_bytes) {
    const auto* b = reinterpret_cast<const unsigned char*>(bytes.data() + at);
    const auto v = static_cast<std::int16_t>(static_cast<std::uint16_t>(b[1] | b[2] << 8));
    out.push_back({transform(static_cast<Square>(b[0]), back), v});
  }
  return out;
}

bool has_book(Connection& db) {
  Statement table(db, "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'book'");
  table.step();
  const bool found = table.integer(0) > 0;
  table.reset();
  return found;
}

// A stored row in the orientation of the position asked about (`back` undoes the canonical turn).
BookEntry entry_of(int depth, std::int64_t best, std::string_view moves, int back) {
  BookEntry e;
  e.depth = depth;
  e.best = best < 0 ? no_square : transform(static_cast<Square>(best), back);
  e.moves = unpack_moves(moves, back);
  return e;
}

}  // namespace

void ensure_book(Connection& db) {
  db.exec(std::string(book_table_sql()) +
          "PRAGMA user_version = " + std::to_string(schema_version));
}

std::optional<BookEntry> find_in_book(Connection& db, const Position& position) {
  if (!has_book(db)) return std::nullopt;
  const Canonical c = canonical_of(position);
  Statement row(db,
                "SELECT depth, best, moves FROM book WHERE hash = ? AND player = ? AND "
                "opponent = ?");
  row.bind(1, c.key())
      .bind(2, static_cast<std::int64_t>(c.player))
      .bind(3, static_cast<std::int64_t>(c.opponent));
  if (!row.step()) return std::nullopt;
  BookEntry e =
      entry_of(static_cast<int>(row.integer(0)), row.integer(1), row.blob(2), inverse(c.symmetry));
  row.reset();
  return e;
}

void put_in_book(Connection& db, const Position& position, const BookEntry& entry) {
  const Canonical c = canonical_of(position);
  Statement put(db,
                "INSERT OR REPLACE INTO book(hash, player, opponent, depth, best, moves) "
                "VALUES (?, ?, ?, ?, ?, ?)");
  put.bind(1, c.key())
      .bind(2, static_cast<std::int64_t>(c.player))
      .bind(3, static_cast<std::int64_t>(c.opponent))
      .bind(4, std::int64_t{entry.depth})
      .bind(5, entry.best == no_square ? std::int64_t{-1}
                                       : std::int64_t{transform(entry.best, c.symmetry)})
      .bind_blob(6, pack_moves(entry.moves, c.symmetry));
  put.run();
}

long book_size(Connection& db) {
  if (!has_book(db)) return 0;
  Statement count(db, "SELECT count(*) FROM book");
  count.step();
  const long n = static_cast<long>(count.integer(0));
  count.reset();
  return n;
}

BookTable::BookTable(Connection& db) {
  if (!has_book(db)) return;
  Statement all(db, "SELECT player, opponent, depth, best, moves FROM book");
  while (all.step())
    rows_[{static_cast<std::uint64_t>(all.integer(0)),
           static_cast<std::uint64_t>(all.integer(1))}] =
        Row{static_cast<int>(all.integer(2)), static_cast<int>(all.integer(3)),
            std::string(all.blob(4))};
}

std::optional<BookEntry> BookTable::find(const Position& position) const {
  const Canonical c = canonical_of(position);
  const auto it = rows_.find({c.player, c.opponent});
  if (it == rows_.end()) return std::nullopt;
  return entry_of(it->second.depth, it->second.best, it->second.moves, inverse(c.symmetry));
}

}  // namespace reversi::db
