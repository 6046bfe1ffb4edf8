// reversi bench db FILE: how long a database query takes once the file is open, at the start,
// after 10 and after 20 moves of a stored game, with and without a player filter, and the
// lookup of the position's engine values in the book.
#include "cli/commands/db.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>

#include "cli/bench/modes.hpp"
#include "cli/common.hpp"
#include "cli/options/numeric.hpp"
#include "core/notation.hpp"
#include "db/query.hpp"

namespace reversi::cli {

namespace {

struct BenchDbOptions {
  std::string database;
  int repeat = 5;
};

std::string ms(double milliseconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3f ms", milliseconds);
  return text;
}

double milliseconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
      .count();
}

// The fastest of `repeat` runs: the query's own time, without the machine's other load.
double best_query_ms(const db::GameDatabase& database, const Position& p, const db::Filters& f,
                     int repeat, long& games) {
  double best = 1e300;
  for (int i = 0; i < repeat; ++i) {
    const auto start = std::chrono::steady_clock::now();
    games = database.query(p, f).games;
    best = std::min(best, milliseconds_since(start));
  }
  return best;
}

// The book's answer for the position (reversi db book): its depth and the fastest lookup.
std::string book_text(const db::GameDatabase& database, const Position& p, int repeat) {
  double best = 1e300;
  std::optional<db::BookEntry> entry;
  for (int i = 0; i < repeat; ++i) {
    const auto start = std::chrono::steady_clock::now();
    entry = database.book(p);
    best = std::min(best, milliseconds_since(start));
  }
  if (!entry) return "not in the book";
  return "book depth " + std::to_string(entry->depth) + ", " + ms(best);
}

int bench(const BenchDbOptions& opt) {
  auto start = std::chrono::steady_clock::now();
  const db::GameDatabase database(opt.database);
  std::cout << "bench db: " << opt.database << ": " << database.game_count() << " games, opened in "
            << ms(milliseconds_since(start)) << "\n";
  // The main line: the most played move at each step; the filter: the dark player of the
  // first game that follows it to move 20.
  const Rules rules;
  std::vector<Position> line = {rules.initial()};
  std::vector<std::int64_t> ids;
  while (line.size() <= 20) {
    const db::Answer a = database.query(line.back(), {});
    if (a.moves.empty() || a.moves.front().move == no_square) break;
    ids = a.game_ids;
    line.push_back(rules.play(line.back(), a.moves.front().move));
  }
  db::Filters filter;
  if (!ids.empty()) filter.player = database.games({ids.front()}).front().dark;
  for (const std::size_t plies : {0u, 10u, 20u}) {
    if (plies >= line.size()) break;
    long all = 0, filtered = 0;
    const double plain = best_query_ms(database, line[plies], {}, opt.repeat, all);
    const double with = best_query_ms(database, line[plies], filter, opt.repeat, filtered);
    std::cout << "after " << plies << " moves: " << all << " games, " << ms(plain) << "; player "
              << filter.player << ": " << filtered << " games, " << ms(with) << "; "
              << book_text(database, line[plies], opt.repeat) << "\n";
  }
  return exit_ok;
}

}  // namespace

int run_bench_db(const std::vector<std::string>& args) {
  BenchDbOptions opt;
  po::options_description desc("Options");
  desc.add_options()("database", po::value(&opt.database)->required(), "the database file")(
      "repeat", numeric(&opt.repeat, Range<int>{1, 1000, "runs"})->default_value(5),
      "runs of each query; the fastest is shown");
  po::positional_options_description positional;
  positional.add("database", 1);
  po::variables_map vm;
  if (!parse_options("bench db", "FILE [--repeat N]", desc, args, vm, &positional)) return exit_ok;
  return with_database_errors(opt.database, [&] { return bench(opt); });
}

}  // namespace reversi::cli
