// reversi db book: the engine's values of the positions of the opening tree (those reached by
// at least N games, up to ply P), computed once and stored in the database's book table, a
// batch per transaction, so that Ctrl-C keeps what is done and a second run goes on from there.
#include <oneapi/tbb/task_arena.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <set>

#include "analysis/estimate/estimate.hpp"
#include "analysis/parallel_each.hpp"
#include "cli/commands/db.hpp"
#include "cli/commands/db_select.hpp"
#include "cli/options/numeric.hpp"
#include "cli/options/threads.hpp"
#include "cli/output/progress.hpp"
#include "cli/signals.hpp"
#include "db/book.hpp"
#include "db/schema.hpp"
#include "db/symmetry.hpp"
#include "db/tree.hpp"

namespace reversi::cli {

namespace {

namespace fs = std::filesystem;

constexpr long default_book_min_games = 10;
constexpr int default_book_plies = 8;
constexpr int default_book_depth = 8;
constexpr int max_book_depth = 14;
// Positions valued between two commits: a stop loses at most one batch.
constexpr std::size_t batch_per_thread = 8;

struct DbBookOptions {
  std::string database;
  long min_games = default_book_min_games;
  int max_ply = default_book_plies;
  int depth = default_book_depth;
  ThreadOptions threads;
};

bool parse_book(const std::vector<std::string>& args, DbBookOptions& opt) {
  po::options_description desc("Options");
  desc.add_options()("database", po::value(&opt.database)->required(), "the database file")(
      "min-games",
      numeric(&opt.min_games, Range<long>{1, 1000000000, "games"})
          ->default_value(default_book_min_games),
      "value the positions at least this many games reached")(
      "max-ply",
      numeric(&opt.max_ply, Range<int>{0, db::indexed_plies, "plies"})
          ->default_value(default_book_plies),
      "value the positions up to this many moves from the start")(
      "depth",
      numeric(&opt.depth, Range<int>{1, max_book_depth, "plies"})
          ->default_value(default_book_depth),
      "the estimate's depth (positions of 14 empties or fewer are solved)");
  opt.threads.add_to(desc);
  po::positional_options_description positional;
  positional.add("database", 1);
  po::variables_map vm;
  return parse_options("db book", "FILE [--min-games N] [--max-ply P] [--depth D] [--threads T]",
                       desc, args, vm, &positional);
}

// The tree's positions the book lacks at this depth, each symmetry class once, in tree order
// (the book read into memory once: a query per position took seconds and could not be stopped).
std::vector<Position> missing_positions(const db::Tree& tree, const db::BookTable& book, int depth,
                                        const InterruptGuard& stop, long& already) {
  std::set<std::pair<std::uint64_t, std::uint64_t>> seen;
  std::vector<Position> out;
  const Rules rules;
  for (const auto& node : tree.nodes) {
    if (stop.interrupted()) break;
    const auto c = db::canonical(static_cast<std::uint64_t>(node.position.player),
                                 static_cast<std::uint64_t>(node.position.opponent));
    if (!seen.insert({c.player, c.opponent}).second) continue;
    if (rules.legal_moves(node.position) == 0) continue;
    const auto stored = book.find(node.position);
    if (book_serves(stored, depth, false)) {
      ++already;
      continue;
    }
    out.push_back(node.position);
  }
  return out;
}

struct BookRun {
  long tree = 0;
  long already = 0;
  long valued = 0;
  bool interrupted = false;
};

// Values the positions a batch at a time, each batch written in one transaction.
void value_positions(db::Connection& conn, const std::vector<Position>& todo,
                     const DbBookOptions& opt, const InterruptGuard& stop, BookRun& run) {
  const int threads = opt.threads.resolved();
  const std::size_t batch = batch_per_thread * static_cast<std::size_t>(threads);
  tbb::task_arena arena(threads);
  ProgressLine progress;
  for (std::size_t first = 0; first < todo.size() && !stop.interrupted(); first += batch) {
    const std::size_t n = std::min(batch, todo.size() - first);
    std::vector<std::optional<EngineView>> views(n);
    arena.execute([&] {
      parallel_each(n, [&](std::size_t i) {
        if (!stop.interrupted()) views[i] = engine_view(todo[first + i], opt.depth, stop.flag());
      });
    });
    if (stop.interrupted()) break;
    conn.exec("BEGIN");
    for (std::size_t i = 0; i < n; ++i)
      if (views[i]) db::put_in_book(conn, todo[first + i], book_entry(*views[i]));
    conn.exec("COMMIT");
    run.valued += static_cast<long>(n);
    if (progress.due())
      progress.update("db book: " + std::to_string(run.valued) + " of " +
                      std::to_string(todo.size()) + " positions valued");
  }
  progress.clear();
  run.interrupted = stop.interrupted();
}

int run_book(const DbBookOptions& opt) {
  const auto start = std::chrono::steady_clock::now();
  if (!fs::exists(opt.database))
    throw db::DbError("no such file (create it with reversi db build)");
  const auto size_before = fs::file_size(opt.database);
  const InterruptGuard stop;
  db::Connection conn(opt.database, db::OpenMode::read_write);
  db::check_schema(conn);
  db::ensure_book(conn);
  BookRun run;
  std::vector<Position> todo;
  {
    const db::GameDatabase database(opt.database);
    const db::Tree tree = db::opening_tree(database, Rules().initial(), {},
                                           {opt.max_ply, opt.min_games, stop.flag()});
    run.tree = static_cast<long>(tree.nodes.size());
    todo = missing_positions(tree, database.book_table(), opt.depth, stop, run.already);
  }
  value_positions(conn, todo, opt, stop, run);
  if (run.interrupted && run.valued == 0) {
    std::cerr << "reversi db book: interrupted before any position was valued; the book is "
                 "unchanged\n";
    return exit_interrupted;
  }
  if (run.interrupted) {
    std::cerr << "reversi db book: interrupted after " << run.valued << " of " << todo.size()
              << " positions; those are kept, run it again to go on\n";
    return exit_interrupted;
  }
  char figures[160];
  std::snprintf(figures, sizeof figures,
                "%ld tree positions, %ld valued at depth %d, %ld already in the book; "
                "%.1f MB (+%.2f MB), %.1f s",
                run.tree, run.valued, opt.depth, run.already,
                static_cast<double>(fs::file_size(opt.database)) / 1e6,
                static_cast<double>(fs::file_size(opt.database) - size_before) / 1e6,
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  std::cout << "db book: " << opt.database << ": " << figures << "\n";
  return exit_ok;
}

}  // namespace

int run_db_book(const std::vector<std::string>& args) {
  DbBookOptions opt;
  if (!parse_book(args, opt)) return exit_ok;
  return with_database_errors(opt.database, [&] { return run_book(opt); });
}

}  // namespace reversi::cli
