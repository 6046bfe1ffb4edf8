// reversi db query and db games: the games reaching a position, per next move, joined with the
// engine's values (the solver's when few squares are empty, else the estimate's).
#include <iostream>

#include "analysis/estimate/estimate.hpp"
#include "cli/batch/record_input.hpp"
#include "cli/commands/db.hpp"
#include "cli/commands/db_select.hpp"
#include "cli/openings.hpp"
#include "cli/options/numeric.hpp"
#include "cli/output/convert.hpp"
#include "cli/output/db.hpp"
#include "core/openings.hpp"
#include "core/records/position.hpp"
#include "db/query.hpp"

namespace reversi::cli {

namespace {

constexpr int max_query_depth = 12;

struct DbQueryOptions {
  std::string database;
  DbSelection selection;
  int depth = default_estimate_depth;
  bool no_engine = false;
  bool no_book = false;
  bool json = false;
  bool jsonl = false;
  long limit = 0;  // db games: 0 lists every game
  std::string to;  // db games: a record format, as convert writes it
};

bool parse_query(const std::string& command, const std::vector<std::string>& args,
                 DbQueryOptions& opt, po::variables_map& vm) {
  po::options_description desc("Options");
  desc.add_options()("database", po::value(&opt.database)->required(), "the database file");
  opt.selection.add_to(desc);
  desc.add_options()("json", po::bool_switch(&opt.json), "one JSON document")(
      "jsonl", po::bool_switch(&opt.jsonl), "JSON Lines: one object per line of the answer");
  if (command == "query")
    desc.add_options()("depth",
                       numeric(&opt.depth, Range<int>{1, max_query_depth, "plies"})
                           ->default_value(default_estimate_depth),
                       "the estimate's depth: plies searched from the position")(
        "no-engine", po::bool_switch(&opt.no_engine), "the games only, no engine values")(
        "no-book", po::bool_switch(&opt.no_book),
        "search the engine's values even when the book (reversi db book) holds them");
  else
    desc.add_options()("limit", numeric(&opt.limit, Range<long>{0, 1000000000, "games"}),
                       "list at most this many games (0: all)")(
        "to", po::value(&opt.to), "write the games as records: moves, ggf, obf, board or json");
  po::positional_options_description positional;
  positional.add("database", 1);
  if (!parse_options("db " + command,
                     "FILE [--moves LIST | --board STRING | --obf-line LINE] [FILTERS]", desc, args,
                     vm, &positional))
    return false;
  if (opt.json && opt.jsonl) throw UsageError("give --json or --jsonl, not both");
  if (!opt.to.empty()) {
    const auto f = records::parse_format_name(opt.to);
    if (!f || *f == records::Format::wthor)
      throw UsageError("--to: '" + opt.to + "' is not moves, ggf, obf, board or json");
  }
  opt.selection.check(vm);
  return true;
}

// The name of each listed move's position.
void name_moves(QueryView& view, const OpeningBook& book) {
  const Rules rules;
  for (auto& l : view.lines)
    if (l.stats.move != no_square && rules.legal_moves(view.position) & bit<Bits>(l.stats.move))
      l.opening = book.name_of(rules.play(view.position, l.stats.move));
}

int run_query(const DbQueryOptions& opt, const po::variables_map& vm) {
  const Position position = opt.selection.chosen(vm);
  const db::GameDatabase database(opt.database);
  QueryView view{opt.database, position, database.query(position, opt.selection.filters),
                 {},           {},       {}};
  // The book answers at its own depth unless --depth asks for another.
  if (!opt.no_engine)
    view.engine = opt.no_book
                      ? engine_view(position, opt.depth)
                      : engine_or_book(database, position, opt.depth, vm["depth"].defaulted());
  view.lines = query_lines(position, view.answer, view.engine);
  const OpeningBook book = shipped_openings();
  view.opening = opt.selection.opening(book, position, vm);
  name_moves(view, book);
  if (opt.json)
    std::cout << query_json(view).dump(2) << "\n";
  else if (opt.jsonl)
    print_query_jsonl(std::cout, view);
  else
    print_query_text(std::cout, view);
  return exit_ok;
}

// A stored game as a record the writers of `reversi convert` take.
records::ParsedGame record_of(const db::GameRow& g) {
  records::ParsedGame out;
  auto& r = out.record;
  r.start = r.rules.initial();
  r.moves = parse_move_list(g.moves, r.rules.geometry()).moves;
  r.meta.black = g.dark;
  r.meta.white = g.light;
  r.meta.tournament = g.tournament;
  if (g.year) r.meta.date = std::to_string(*g.year);
  r.source.file = g.source;
  r.source.game = static_cast<int>(g.id);
  return out;
}

void write_records(const std::vector<db::GameRow>& games, const std::string& to) {
  ConvertStyle style;
  style.target = *records::parse_format_name(to);
  for (const auto& g : games) {
    const ConvertedGame c = convert_game(record_of(g), style);
    if (c.written.ok())
      std::cout << c.written.text << "\n";
    else
      std::cerr << "reversi db games: game " << g.id << ": " << *c.written.refusal << "\n";
  }
}

int run_games(const DbQueryOptions& opt, const po::variables_map& vm) {
  const Position position = opt.selection.chosen(vm);
  const db::GameDatabase database(opt.database);
  auto ids = database.query(position, opt.selection.filters).game_ids;
  if (opt.limit > 0 && static_cast<long>(ids.size()) > opt.limit)
    ids.resize(static_cast<std::size_t>(opt.limit));
  const auto games = database.games(ids);
  if (!opt.to.empty()) {
    write_records(games, opt.to);
  } else if (opt.json || opt.jsonl) {
    nlohmann::json all = nlohmann::json::array();
    for (const auto& g : games) {
      if (opt.jsonl)
        std::cout << game_json(g).dump() << "\n";
      else
        all.push_back(game_json(g));
    }
    if (opt.json) std::cout << all.dump(2) << "\n";
  } else {
    print_games_text(std::cout, games);
  }
  return exit_ok;
}

}  // namespace

int run_db_query(const std::vector<std::string>& args) {
  DbQueryOptions opt;
  po::variables_map vm;
  if (!parse_query("query", args, opt, vm)) return exit_ok;
  return with_database_errors(opt.database, [&] { return run_query(opt, vm); });
}

int run_db_games(const std::vector<std::string>& args) {
  DbQueryOptions opt;
  po::variables_map vm;
  if (!parse_query("games", args, opt, vm)) return exit_ok;
  return with_database_errors(opt.database, [&] { return run_games(opt, vm); });
}

}  // namespace reversi::cli
