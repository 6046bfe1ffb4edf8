// reversi db query and db games: the games reaching a position, per next move, joined with the
// engine's values (the solver's when few squares are empty, else the estimate's).
#include <iostream>

#include "analysis/estimate.hpp"
#include "analysis/search.hpp"
#include "cli/batch/record_input.hpp"
#include "cli/commands/db.hpp"
#include "cli/openings.hpp"
#include "cli/options/numeric.hpp"
#include "cli/options/position.hpp"
#include "cli/output/convert.hpp"
#include "cli/output/db.hpp"
#include "core/openings.hpp"
#include "core/records/position.hpp"
#include "db/query.hpp"

namespace reversi::cli {

namespace {

// At most this many empties the query's engine values are the solver's exact ones.
constexpr int exact_empties = 14;
constexpr int max_query_depth = 12;

struct DbQueryOptions {
  std::string database;
  PositionOptions position;
  std::string obf_line;
  std::string years;
  db::Filters filters;
  int depth = default_estimate_depth;
  bool no_engine = false;
  bool json = false;
  bool jsonl = false;
  long limit = 0;  // db games: 0 lists every game
  std::string to;  // db games: a record format, as convert writes it
};

// "1990-1999", "1990-" or "1995".
void parse_years(const std::string& text, db::Filters& f) {
  try {
    const auto dash = text.find('-');
    std::size_t used = 0;
    if (dash == std::string::npos) {
      f.year_from = f.year_to = std::stoi(text, &used);
      if (used == text.size()) return;
    } else {
      if (dash > 0) f.year_from = std::stoi(text.substr(0, dash), &used);
      if (dash + 1 < text.size()) f.year_to = std::stoi(text.substr(dash + 1), &used);
      if (dash > 0 || dash + 1 < text.size()) return;
    }
  } catch (const std::exception&) {
  }
  throw UsageError("--years: '" + text + "' is not a year or a range A-B");
}

bool parse_query(const std::string& command, const std::vector<std::string>& args,
                 DbQueryOptions& opt, po::variables_map& vm) {
  po::options_description desc("Options");
  desc.add_options()("database", po::value(&opt.database)->required(), "the database file");
  opt.position.add_to(desc, "the position after these moves from the start");
  desc.add_options()("obf-line", po::value(&opt.obf_line), "the position of an OBF line")(
      "player", po::value(&opt.filters.player),
      "games of this player, either side (any part "
      "of the name, any case)")("dark", po::value(&opt.filters.dark),
                                "games this player played as dark")(
      "light", po::value(&opt.filters.light), "games this player played as light")(
      "tournament", po::value(&opt.filters.tournament), "games of tournaments with this name")(
      "years", po::value(&opt.years), "games of these years: A-B, A- or A")(
      "json", po::bool_switch(&opt.json), "one JSON document")(
      "jsonl", po::bool_switch(&opt.jsonl), "JSON Lines: one object per line of the answer");
  if (command == "query")
    desc.add_options()("depth",
                       numeric(&opt.depth, Range<int>{1, max_query_depth, "plies"})
                           ->default_value(default_estimate_depth),
                       "the estimate's depth: plies searched from the position")(
        "no-engine", po::bool_switch(&opt.no_engine), "the games only, no engine values");
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
  if (PositionOptions::count(vm) + vm.count("obf-line") > 1)
    throw UsageError("give one of --moves, --board or --obf-line");
  if (opt.json && opt.jsonl) throw UsageError("give --json or --jsonl, not both");
  if (!opt.to.empty()) {
    const auto f = records::parse_format_name(opt.to);
    if (!f || *f == records::Format::wthor)
      throw UsageError("--to: '" + opt.to + "' is not moves, ggf, obf, board or json");
  }
  if (!opt.years.empty()) parse_years(opt.years, opt.filters);
  return true;
}

// The position the options name; a bad one is a usage error (exit 2).
Position chosen_position(const DbQueryOptions& opt, const po::variables_map& vm) {
  const Rules rules;
  if (vm.count("obf-line")) {
    auto parsed = records::parse_obf_line(opt.obf_line, rules, {});
    if (!parsed) throw UsageError("--obf-line: no position in '" + opt.obf_line + "'");
    if (parsed->error) throw UsageError("--obf-line: " + parsed->error->reason);
    return parsed->record.start;
  }
  const PositionChoice choice = opt.position.position(rules, vm);
  if (choice.error)
    throw UsageError(std::string(vm.count("board") ? "--board" : "--moves") + ": " +
                     choice.error->reason);
  return choice.position;
}

// Every legal move's value: exact from the solver within its horizon, else the estimate.
std::optional<EngineView> engine_view(const Position& p, int depth) {
  const Rules rules;
  const Bits legal = rules.legal_moves(p);
  if (legal == 0) return std::nullopt;
  EngineView view;
  if (rules.empties(p) <= exact_empties) {
    SolveRequest request;
    request.rules = rules;
    request.root = p;
    request.all_moves = true;
    request.want_pv = false;
    const SolveResult r = solve(request);
    view.exact = true;
    for (const auto& m : r.move_values) view.moves.push_back({m.move, double(m.value), true});
    view.best = r.best_moves.empty() ? no_square : r.best_moves.front();
    return view;
  }
  Estimator estimator;
  view.depth = depth;
  for_each_square(legal, [&](Square sq) {
    const EstimateResult r =
        estimator.estimate({.rules = rules, .root = p, .depth = depth, .wanted = sq});
    if (view.best == no_square && !r.best_moves.empty()) view.best = r.best_moves.front();
    view.moves.push_back(
        {sq, double(r.wanted_value.value_or(r.value)) / estimate_units_per_disc, false});
  });
  return view;
}

// The query position's name, else the deepest named position the move list passed through; and
// the name each listed move reaches.
void name_openings(QueryView& view, const DbQueryOptions& opt, const po::variables_map& vm) {
  const OpeningBook book = shipped_openings();
  view.opening = book.name_of(view.position);
  if (!view.opening && vm.count("moves")) {
    const auto parsed = parse_move_list(opt.position.moves, Geometry(8));
    std::vector<Square> line;
    for (const auto& m : parsed.moves)
      if (!m.is_pass()) line.push_back(m.square);
    view.opening = book.name_of_line(line);
  }
  const Rules rules;
  for (auto& l : view.lines)
    if (l.stats.move != no_square && rules.legal_moves(view.position) & bit<Bits>(l.stats.move))
      l.opening = book.name_of(rules.play(view.position, l.stats.move));
}

int run_query(const DbQueryOptions& opt, const po::variables_map& vm) {
  const Position position = chosen_position(opt, vm);
  const db::GameDatabase database(opt.database);
  QueryView view{opt.database, position, database.query(position, opt.filters), {}, {}, {}};
  if (!opt.no_engine) view.engine = engine_view(position, opt.depth);
  view.lines = query_lines(position, view.answer, view.engine);
  name_openings(view, opt, vm);
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
  const Position position = chosen_position(opt, vm);
  const db::GameDatabase database(opt.database);
  auto ids = database.query(position, opt.filters).game_ids;
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
