// reversi db build|add|query|games|report|book: the game database (db/, docs/db.md). build and add
// read records through the batch inputs and hand each replayed game to the database library;
// query and games are in db_query.cpp, report in db_report.cpp, book in db_book.cpp.
#include "cli/commands/db.hpp"

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>

#include "cli/batch/pipeline.hpp"
#include "cli/batch/record_input.hpp"
#include "cli/common.hpp"
#include "cli/signals.hpp"
#include "cli/subcommands.hpp"
#include "core/records/validate.hpp"
#include "db/schema.hpp"
#include "db/writer.hpp"

namespace reversi::cli {

namespace {

namespace fs = std::filesystem;

struct DbBuildOptions {
  std::string database;
  std::string format = "auto";
  std::vector<std::string> files;
};

struct BuildTotals {
  long read = 0;
  long invalid = 0;
  long other_rules = 0;  // not 8x8 from the standard start
  UnreadableList unreadable;
  bool interrupted = false;
};

bool parse_build(const std::string& command, const std::vector<std::string>& args,
                 DbBuildOptions& opt) {
  const bool build = command == "build";
  po::options_description desc("Options");
  if (build)
    desc.add_options()("output,o", po::value(&opt.database)->required(),
                       "the database file to write (replaced once the build is complete)");
  else
    desc.add_options()("database", po::value(&opt.database)->required(),
                       "the database file to add to");
  desc.add_options()("format", po::value(&opt.format),
                     "record format: auto (default), moves, ggf, wthor, obf, board, json")(
      "files", po::value(&opt.files), "record files or folders; - for standard input");
  po::positional_options_description positional;
  if (!build) positional.add("database", 1);
  positional.add("files", -1);
  po::variables_map vm;
  const std::string synopsis = build ? "-o FILE RECORDS..." : "FILE RECORDS...";
  if (!parse_options("db " + command, synopsis, desc, args, vm, &positional)) return false;
  if (opt.files.empty()) throw UsageError("no input: give record files or folders, or -");
  return true;
}

// Every game of the inputs, replayed and handed to the writer, until the inputs end or a stop.
BuildTotals read_into(db::Writer& writer, const DbBuildOptions& opt, const InterruptGuard& stop) {
  BuildTotals totals;
  InputOptions inputs;
  inputs.format = chosen_format(opt.format);
  const auto stopped = [&] { return stop.interrupted(); };
  for_each_input("db", expand_record_inputs(opt.files), inputs, stdout, totals.unreadable, stopped,
                 [&](Input& in) {
                   while (!stopped()) {
                     auto game = in.reader->next();
                     if (!game) break;
                     ++totals.read;
                     Replay replayed;
                     const auto v = records::validate(*game, {}, replayed);
                     if (v.verdict == records::Verdict::invalid) {
                       ++totals.invalid;
                       continue;
                     }
                     auto entry = db::make_entry(game->record, replayed, v.dark_margin);
                     if (!entry) {
                       ++totals.other_rules;
                       continue;
                     }
                     writer.add(std::move(*entry));
                   }
                 });
  totals.interrupted = stopped();
  return totals;
}

void report(const std::string& command, const BuildTotals& t, const db::Writer& w,
            const std::string& path, double seconds) {
  char size[64];
  std::snprintf(size, sizeof size, "%.1f MB, %.1f s",
                static_cast<double>(fs::file_size(path)) / 1e6, seconds);
  std::cout << "db " << command << ": " << path << ": " << t.read << " games read, " << w.added()
            << " added, " << w.duplicates() << " duplicates dropped, " << t.invalid
            << " invalid skipped, " << t.other_rules << " not 8x8 standard skipped; " << size
            << "\n";
}

int finish_status(const BuildTotals& t) {
  return t.unreadable.empty() ? exit_ok : exit_usage;
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// A new database in a temporary file beside the output, renamed over it once complete: an
// interrupted or failed build leaves the previous database as it was.
int run_build(const DbBuildOptions& opt) {
  const auto start = std::chrono::steady_clock::now();
  const std::string temp = opt.database + ".building";
  fs::remove(temp);
  const InterruptGuard interrupt;
  // A stop that cannot wait for the build (a second signal) still removes the temporary file.
  add_pending_file(temp);
  BuildTotals totals;
  try {
    db::Connection conn(temp, db::OpenMode::create);
    // The file is renamed into place only when complete, so it needs no journal of its own.
    conn.exec("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA cache_size = -262144");
    db::create_schema(conn);
    db::Writer writer(conn);
    totals = read_into(writer, opt, interrupt);
    if (totals.interrupted) {
      fs::remove(temp);
      remove_pending_file(temp);
      std::cerr << "reversi db build: interrupted after " << totals.read << " games; "
                << opt.database << " not written\n";
      return exit_interrupted;
    }
    writer.commit();
    fs::rename(temp, opt.database);
    remove_pending_file(temp);
    report("build", totals, writer, opt.database, seconds_since(start));
  } catch (...) {
    fs::remove(temp);
    remove_pending_file(temp);
    throw;
  }
  return finish_status(totals);
}

// New games in one transaction: an interrupted add rolls back and the database is unchanged.
int run_add(const DbBuildOptions& opt) {
  const auto start = std::chrono::steady_clock::now();
  if (!fs::exists(opt.database))
    throw db::DbError("no such file (create it with reversi db build)");
  const InterruptGuard interrupt;
  db::Connection conn(opt.database, db::OpenMode::read_write);
  db::check_schema(conn);
  conn.exec("PRAGMA cache_size = -262144");
  db::Writer writer(conn);
  const BuildTotals totals = read_into(writer, opt, interrupt);
  if (totals.interrupted) {
    std::cerr << "reversi db add: interrupted after " << totals.read << " games; " << opt.database
              << " unchanged\n";
    return exit_interrupted;
  }
  writer.commit();
  report("add", totals, writer, opt.database, seconds_since(start));
  return finish_status(totals);
}

void print_db_help() {
  std::cout << "Usage: reversi db build -o FILE RECORDS...\n"
               "       reversi db add FILE RECORDS...\n"
               "       reversi db query FILE [--moves LIST | --board STRING | --obf-line LINE] "
               "[FILTERS]\n"
               "       reversi db games FILE [--moves LIST | ...] [FILTERS]\n"
               "       reversi db report FILE -o PAGE.html [--moves LIST | ...] [FILTERS] "
               "[--depth N] [--min-games N]\n"
               "       reversi db book FILE [--min-games N] [--max-ply P] [--depth D] "
               "[--threads T]\n\n"
               "  build   a new database of the games in the records (docs/db.md)\n"
               "  add     add the games of more records to a database\n"
               "  query   the games reaching a position (under symmetry), per next move, with the "
               "engine's values\n"
               "  games   list the games behind a query\n"
               "  report  an HTML explorer of the opening tree below a position\n"
               "  book    store the engine's values of the opening tree's positions in the "
               "database\n";
}

}  // namespace

int run_db_build(const std::vector<std::string>& args) {
  DbBuildOptions opt;
  if (!parse_build("build", args, opt)) return exit_ok;
  return with_database_errors(opt.database, [&] { return run_build(opt); });
}

int run_db_add(const std::vector<std::string>& args) {
  DbBuildOptions opt;
  if (!parse_build("add", args, opt)) return exit_ok;
  return with_database_errors(opt.database, [&] { return run_add(opt); });
}

int run_db(const std::vector<std::string>& args, const cluster::Context& /*context*/) {
  if (args.empty()) {
    print_db_help();
    return exit_usage;
  }
  const std::string& action = args.front();
  const std::vector<std::string> rest(args.begin() + 1, args.end());
  if (action == "build") return run_db_build(rest);
  if (action == "add") return run_db_add(rest);
  if (action == "query") return run_db_query(rest);
  if (action == "games") return run_db_games(rest);
  if (action == "report") return run_db_report(rest);
  if (action == "book") return run_db_book(rest);
  if (action == "help" || action == "--help" || action == "-h") {
    print_db_help();
    // Each action's options, so that one --help documents them all.
    for (const auto run :
         {run_db_build, run_db_add, run_db_query, run_db_games, run_db_report, run_db_book}) {
      std::cout << "\n";
      run({"--help"});
    }
    return exit_ok;
  }
  throw UsageError("unknown action '" + action + "' (build, add, query, games, report or book)");
}

}  // namespace reversi::cli
