#include "cli/commands/db_select.hpp"

#include <algorithm>
#include <cmath>

#include "analysis/estimate/estimate.hpp"
#include "analysis/solver/search.hpp"
#include "core/records/position.hpp"

namespace reversi::cli {

namespace {

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

// The move of highest value, the first in square order among equals; `moves` in square order.
Square highest_valued(const std::vector<EngineValue>& moves) {
  Square best = no_square;
  double best_value = 0;
  for (const EngineValue& m : moves) {
    if (best == no_square || m.value > best_value) {
      best = m.move;
      best_value = m.value;
    }
  }
  return best;
}

EngineView solved_view(const Position& p, const std::atomic<bool>* stop) {
  SolveRequest request;
  request.stop = stop;
  request.rules = Rules();
  request.root = p;
  request.all_moves = true;
  request.want_pv = false;
  const SolveResult r = solve(request);
  EngineView view;
  view.exact = true;
  for (const auto& m : r.move_values) view.moves.push_back({m.move, double(m.value), true});
  view.best = r.best_moves.empty() ? no_square : r.best_moves.front();
  return view;
}

EngineView estimated_view(const Position& p, Bits legal, int depth, const std::atomic<bool>* stop) {
  const Rules rules;
  Estimator estimator;
  EngineView view;
  view.depth = depth;
  for_each_square(legal, [&](Square sq) {
    // The values annotate's search gives, full width, so that annotate --db can stand in for it.
    EstimateRequest request = annotation_estimate(rules, p, depth, full_width);
    request.wanted = sq;
    request.stop = stop;
    const EstimateResult r = estimator.estimate(request);
    const int value = r.wanted_value.value_or(r.value);
    view.moves.push_back({sq, double(value) / estimate_units_per_disc, false});
  });
  // Chosen as the book chooses (the search's own best comes from its deepest depth alone).
  view.best = highest_valued(view.moves);
  return view;
}

}  // namespace

void DbSelection::add_to(po::options_description& desc) {
  position.add_to(desc, "the position after these moves from the start");
  desc.add_options()("obf-line", po::value(&obf_line), "the position of an OBF line")(
      "player", po::value(&filters.player),
      "games of this player, either side (any part of the name, any case)")(
      "dark", po::value(&filters.dark), "games this player played as dark")(
      "light", po::value(&filters.light), "games this player played as light")(
      "tournament", po::value(&filters.tournament), "games of tournaments with this name")(
      "years", po::value(&years), "games of these years: A-B, A- or A");
}

void DbSelection::check(const po::variables_map& vm) {
  if (PositionOptions::count(vm) + vm.count("obf-line") > 1)
    throw UsageError("give one of --moves, --board or --obf-line");
  if (!years.empty()) parse_years(years, filters);
}

Position DbSelection::chosen(const po::variables_map& vm) const {
  const Rules rules;
  if (vm.count("obf-line")) {
    auto parsed = records::parse_obf_line(obf_line, rules, {});
    if (!parsed) throw UsageError("--obf-line: no position in '" + obf_line + "'");
    if (parsed->error) throw UsageError("--obf-line: " + parsed->error->reason);
    return parsed->record.start;
  }
  const PositionChoice choice = position.position(rules, vm);
  if (choice.error)
    throw UsageError(std::string(vm.count("board") ? "--board" : "--moves") + ": " +
                     choice.error->reason);
  return choice.position;
}

std::optional<std::string> DbSelection::opening(const OpeningBook& book, const Position& p,
                                                const po::variables_map& vm) const {
  auto name = book.name_of(p);
  if (name || !vm.count("moves")) return name;
  const auto parsed = parse_move_list(position.moves, Geometry(8));
  std::vector<Square> line;
  for (const auto& m : parsed.moves)
    if (!m.is_pass()) line.push_back(m.square);
  return book.name_of_line(line);
}

std::optional<EngineView> engine_view(const Position& p, int depth, const std::atomic<bool>* stop) {
  const Rules rules;
  const Bits legal = rules.legal_moves(p);
  if (legal == 0) return std::nullopt;
  if (rules.empties(p) <= db_exact_empties) return solved_view(p, stop);
  return estimated_view(p, legal, depth, stop);
}

EngineView book_view(const db::BookEntry& entry) {
  EngineView view;
  view.exact = entry.depth == 0;
  view.depth = entry.depth;
  view.from_book = true;
  for (const auto& m : entry.moves)
    view.moves.push_back({m.move, double(m.value) / estimate_units_per_disc, view.exact});
  std::sort(view.moves.begin(), view.moves.end(),
            [](const EngineValue& a, const EngineValue& b) { return a.move < b.move; });
  // The book's own best is kept in its orientation, so it is chosen again in this one.
  view.best = highest_valued(view.moves);
  return view;
}

db::BookEntry book_entry(const EngineView& view) {
  db::BookEntry entry;
  entry.depth = view.exact ? 0 : view.depth;
  entry.best = view.best;
  for (const auto& m : view.moves)
    entry.moves.push_back(
        {m.move, static_cast<int>(std::lround(m.value * estimate_units_per_disc))});
  return entry;
}

std::optional<EngineView> engine_or_book(const db::GameDatabase& database, const Position& p,
                                         int depth, bool any_depth) {
  const auto stored = database.book(p);
  if (book_serves(stored, depth, any_depth)) return book_view(*stored);
  return engine_view(p, depth);
}

}  // namespace reversi::cli
