// What db query, db games and db report share: the position asked about (--moves, --board or
// --obf-line), the filters on the games, and the engine's values of a position's moves.
#pragma once

#include <atomic>
#include <optional>
#include <string>

#include "cli/common.hpp"
#include "cli/options/position.hpp"
#include "cli/output/db.hpp"
#include "core/openings.hpp"
#include "db/query.hpp"

namespace reversi::cli {

// At most this many empties the engine's values are the solver's exact ones.
constexpr int db_exact_empties = 14;

struct DbSelection {
  PositionOptions position;
  std::string obf_line;
  std::string years;
  db::Filters filters;

  void add_to(po::options_description& desc);
  // Checks the options once parsed (one position at most, the years) and fills the filters.
  void check(const po::variables_map& vm);
  // The position the options name (the start when none); a bad one is a usage error (exit 2).
  Position chosen(const po::variables_map& vm) const;
  // The named opening of the position, else the deepest one its move list passed through.
  std::optional<std::string> opening(const OpeningBook& book, const Position& p,
                                     const po::variables_map& vm) const;
};

// Every legal move's value: exact from the solver within its horizon, else the estimate at
// `depth` plies; nullopt when the side to move has no move. A set `stop` ends the search early,
// and the caller then drops the incomplete view.
std::optional<EngineView> engine_view(const Position& p, int depth,
                                      const std::atomic<bool>* stop = nullptr);

// The book's values as the engine's (marked as read from the book), and back.
EngineView book_view(const db::BookEntry& entry);
db::BookEntry book_entry(const EngineView& view);

// Whether a stored book entry stands for a search at `depth`: one of that depth or an exact one
// (depth 0), or any when `any_depth`.
inline bool book_serves(const std::optional<db::BookEntry>& stored, int depth, bool any_depth) {
  return stored && (any_depth || stored->depth == depth || stored->depth == 0);
}

// The engine's values for a query: from the book when it holds the position (at `depth`, or at
// any depth when `any_depth`), else searched now; nullopt when the side to move has no move.
std::optional<EngineView> engine_or_book(const db::GameDatabase& database, const Position& p,
                                         int depth, bool any_depth);

}  // namespace reversi::cli
