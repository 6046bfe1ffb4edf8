// reversi db report: the opening explorer page (cli/output/explorer.hpp) of a database's tree
// below a position, to a depth, with the engine's values of each position's moves.
#include <oneapi/tbb/task_arena.h>

#include <chrono>
#include <cstdio>
#include <iostream>

#include "analysis/estimate/estimate.hpp"
#include "analysis/parallel_each.hpp"
#include "cli/batch/output_file.hpp"
#include "cli/commands/db.hpp"
#include "cli/commands/db_select.hpp"
#include "cli/openings.hpp"
#include "cli/options/numeric.hpp"
#include "cli/options/threads.hpp"
#include "cli/output/explorer.hpp"
#include "cli/signals.hpp"
#include "db/schema.hpp"
#include "db/tree.hpp"

namespace reversi::cli {

namespace {

constexpr int default_tree_depth = 8;
constexpr long default_min_games = 10;
constexpr int default_engine_depth = default_estimate_depth;
constexpr int max_engine_depth = 12;

struct DbReportOptions {
  std::string database;
  std::string output;
  std::string title = "Opening explorer";
  DbSelection selection;
  int depth = default_tree_depth;
  long min_games = default_min_games;
  int engine_depth = default_engine_depth;
  ThreadOptions threads;
};

bool parse_report(const std::vector<std::string>& args, DbReportOptions& opt,
                  po::variables_map& vm) {
  po::options_description desc("Options");
  desc.add_options()("database", po::value(&opt.database)->required(), "the database file")(
      "output,o", po::value(&opt.output)->required(), "the HTML file to write")(
      "title", po::value(&opt.title)->default_value(opt.title), "the page's title");
  opt.selection.add_to(desc);
  desc.add_options()("depth",
                     numeric(&opt.depth, Range<int>{1, db::indexed_plies, "plies"})
                         ->default_value(default_tree_depth),
                     "follow the games this many plies below the position")(
      "min-games",
      numeric(&opt.min_games, Range<long>{1, 1000000000, "games"})
          ->default_value(default_min_games),
      "follow a move only when at least this many games chose it")(
      "engine-depth",
      numeric(&opt.engine_depth, Range<int>{0, max_engine_depth, "plies"})
          ->default_value(default_engine_depth),
      "the estimate's depth for the engine's values (0: none)");
  opt.threads.add_to(desc);
  po::positional_options_description positional;
  positional.add("database", 1);
  if (!parse_options("db report",
                     "FILE -o PAGE.html [--moves LIST | --board STRING | --obf-line LINE] "
                     "[FILTERS] [--depth N] [--min-games N]",
                     desc, args, vm, &positional))
    return false;
  opt.selection.check(vm);
  return true;
}

// How the user chose the root and the games, for the page's heading.
std::string root_text(const DbReportOptions& opt, const po::variables_map& vm) {
  if (vm.count("moves")) return opt.selection.position.moves;
  if (vm.count("board") || vm.count("obf-line")) return "the given position";
  return "start";
}

std::string filters_text(const DbReportOptions& opt) {
  const auto& f = opt.selection.filters;
  std::string out;
  const auto add = [&](const char* what, const std::string& value) {
    if (value.empty()) return;
    out += (out.empty() ? "" : ", ") + std::string(what) + " " + value;
  };
  add("player", f.player);
  add("dark", f.dark);
  add("light", f.light);
  add("tournament", f.tournament);
  add("years", opt.selection.years);
  return out;
}

// The tree's positions as the page shows them: the database's counts and, per position, the
// engine's values: the book's when it holds them (at any depth unless --engine-depth was given),
// else searched (in parallel, each position alone, so the thread count changes nothing).
Explorer explorer_of(const db::GameDatabase& database, const db::Tree& tree,
                     const DbReportOptions& opt, bool any_book_depth, const InterruptGuard& stop) {
  Explorer e;
  e.nodes.resize(tree.nodes.size());
  std::vector<std::optional<EngineView>> engines(tree.nodes.size());
  if (opt.engine_depth > 0) {
    // The book first, read once (a query per position took seconds and could not be stopped).
    const db::BookTable stored_book = database.book_table();
    for (std::size_t i = 0; i < tree.nodes.size() && !stop.interrupted(); ++i) {
      const auto stored = stored_book.find(tree.nodes[i].position);
      if (book_serves(stored, opt.engine_depth, any_book_depth)) engines[i] = book_view(*stored);
    }
    tbb::task_arena arena(opt.threads.resolved());
    arena.execute([&] {
      parallel_each(tree.nodes.size(), [&](std::size_t i) {
        if (stop.interrupted()) return;
        if (!engines[i])
          engines[i] = engine_view(tree.nodes[i].position, opt.engine_depth, stop.flag());
      });
    });
  }
  const OpeningBook book = shipped_openings();
  for (std::size_t i = 0; i < tree.nodes.size() && !stop.interrupted(); ++i) {
    const db::TreeNode& t = tree.nodes[i];
    ExplorerNode& n = e.nodes[i];
    n.position = t.position;
    n.parent = t.parent;
    n.games = t.answer.games;
    n.ended_here = t.answer.ended_here;
    n.engine = std::move(engines[i]);
    n.lines = query_lines(t.position, t.answer, n.engine);
    n.children = t.children;
    n.children.resize(n.lines.size(), -1);
    n.opening = book.name_of(t.position);
    const Rules rules;
    for (std::size_t k = 0; k < n.lines.size(); ++k) {
      const Square move = n.lines[k].stats.move;
      if (n.children[k] >= 0) e.nodes[static_cast<std::size_t>(n.children[k])].via = move;
      if (move != no_square && rules.legal_moves(t.position) & bit<Bits>(move))
        n.lines[k].opening = book.name_of(rules.play(t.position, move));
    }
  }
  return e;
}

int run_report(const DbReportOptions& opt, const po::variables_map& vm) {
  const auto start = std::chrono::steady_clock::now();
  const Position root = opt.selection.chosen(vm);
  const InterruptGuard stop;
  const db::GameDatabase database(opt.database);
  const db::Tree tree = db::opening_tree(database, root, opt.selection.filters,
                                         {opt.depth, opt.min_games, stop.flag()});
  Explorer e = explorer_of(database, tree, opt, vm["engine-depth"].defaulted(), stop);
  if (stop.interrupted()) {
    std::cerr << "reversi db report: interrupted; " << opt.output << " not written\n";
    return exit_interrupted;
  }
  e.title = opt.title;
  e.database = opt.database;
  e.root = root_text(opt, vm);
  e.filters = filters_text(opt);
  e.depth = opt.depth;
  e.min_games = opt.min_games;
  e.engine_depth = opt.engine_depth;
  e.complete = tree.complete;
  if (!e.nodes.empty() && !e.nodes[0].opening)
    e.nodes[0].opening = opt.selection.opening(shipped_openings(), root, vm);
  const std::string page = explorer_html(e);
  write_file_atomically(opt.output, page);
  char figures[96];
  std::snprintf(figures, sizeof figures, "%zu positions, %.1f MB, %.1f s", e.nodes.size(),
                static_cast<double>(page.size()) / 1e6,
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  std::cout << "db report: " << opt.output << ": " << figures << "\n";
  return exit_ok;
}

}  // namespace

int run_db_report(const std::vector<std::string>& args) {
  DbReportOptions opt;
  po::variables_map vm;
  if (!parse_report(args, opt, vm)) return exit_ok;
  return with_database_errors(opt.database, [&] { return run_report(opt, vm); });
}

}  // namespace reversi::cli
