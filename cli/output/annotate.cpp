#include "cli/output/annotate.hpp"

#include <cstdio>
#include <iterator>

#include "cli/output/render.hpp"
#include "json/game_record.hpp"

namespace reversi::cli {

using nlohmann::json;

namespace {

constexpr const char* pass_text = "pass";

// Estimates go out in discs: the units are hundredths of a disc.
double discs(int units) {
  return static_cast<double>(units) / estimate_units_per_disc;
}

std::string move_name(const Geometry& g, Square sq) {
  return sq == no_square ? pass_text : g.name(sq);
}

json square_list(const Geometry& g, const std::vector<Square>& squares) {
  json out = json::array();
  for (Square sq : squares) out.push_back(g.name(sq));
  return out;
}

// Best moves of a pass: the pass itself, so the list is never empty.
json best_json(const Geometry& g, const std::vector<Square>& best, bool pass) {
  if (pass) return json::array({pass_text});
  return square_list(g, best);
}

std::string outcome_name(const DarkValue& v) {
  const int o = v.outcome();
  return o > 0 ? "dark wins" : o < 0 ? "light wins" : "draw";
}

json dark_value_json(const DarkValue& v) {
  return {{"dark_value", v.value}, {"outcome", outcome_name(v)}};
}

json exact_json(const Geometry& g, const ExactValues& e, bool pass) {
  return {{"value", e.value},
          {"played", e.played},
          {"best", best_json(g, e.best, pass)},
          {"loss", e.loss()}};
}

json estimate_json(const Geometry& g, const EstimatedValues& e, bool pass) {
  json j = {
      {"value", discs(e.value)}, {"played", discs(e.played)}, {"best", best_json(g, e.best, pass)},
      {"loss", discs(e.loss())}, {"depth", e.depth},          {"selectivity", e.selectivity}};
  if (e.stored) j["source"] = "book";
  if (e.proven)
    j["proven"] = {{"move", move_name(g, e.proven->move)},
                   {"value", e.proven->value},
                   {"played", e.proven->played},
                   {"loss", e.proven->loss()}};
  return j;
}

std::string call_name(Call c) {
  return c == Call::blunder ? "blunder" : c == Call::mistake ? "mistake" : "none";
}

// The loss in discs, the margin it had to exceed (0 when exact; null when no margin is known),
// and the call.
json judgement_json(const Judgement& j) {
  // Exact losses stay whole discs, as in `exact`.
  const json loss = j.exact ? json(j.loss / estimate_units_per_disc) : json(discs(j.loss));
  const json margin = !j.margin ? json(nullptr) : j.exact ? json(0) : json(discs(*j.margin));
  json out = {{"loss", loss}, {"exact", j.exact}, {"margin", margin}, {"call", call_name(j.call)}};
  if (j.proven) out["proven"] = true;
  return out;
}

json move_json(const Geometry& g, const MoveAnnotation& m) {
  json j = {{"number", m.number}, {"side", color_name(m.side)}, {"move", move_name(g, m.square)}};
  if (m.inferred) j["inferred"] = true;
  j["flipped"] = squares_json(g, m.flipped);
  j["discs"] = {{"dark", m.after.dark}, {"light", m.after.light}};
  j["empties"] = m.empties;
  j["mobility"] = {{"dark", m.mobility[0]}, {"light", m.mobility[1]}};
  j["legal"] = squares_json(g, m.legal);
  if (m.exact) j["exact"] = exact_json(g, *m.exact, m.is_pass());
  if (m.estimate) j["estimate"] = estimate_json(g, *m.estimate, m.is_pass());
  if (m.judgement) j["judgement"] = judgement_json(*m.judgement);
  if (m.opening) j["opening"] = *m.opening;
  return j;
}

json end_json(const Geometry& g, const EndAnnotation& e) {
  json j = {{"empties", e.empties}, {"legal", squares_json(g, e.legal)}};
  const bool pass = e.legal == 0;
  if (e.exact)
    j["exact"] = {{"value", e.exact->value}, {"best", best_json(g, e.exact->best, pass)}};
  if (e.estimate)
    j["estimate"] = {{"value", discs(e.estimate->value)},
                     {"best", best_json(g, e.estimate->best, pass)},
                     {"depth", e.estimate->depth},
                     {"selectivity", e.estimate->selectivity}};
  return j;
}

json side_json(const SideSummary& s) {
  return {{"exact_loss", s.exact_loss},     {"exact_moves", s.exact_moves},
          {"exact_errors", s.exact_errors}, {"estimate_moves", s.estimate_moves},
          {"mistakes", s.mistakes},         {"blunders", s.blunders}};
}

json theoretical_json(const TheoreticalComparison& t) {
  return {{"depth", t.depth},
          {"stored", t.stored},
          {"solver", t.solver ? json(*t.solver) : json(nullptr)},
          {"checked", t.checked},
          {"reached", t.reached},
          {"differs", t.differs()}};
}

json result_json(const FinalResult& r) {
  const Tally& t = r.discs;
  json j = {{"finished", r.finished},
            {"discs", {{"dark", t.dark}, {"light", t.light}, {"empty", t.empty}}}};
  if (r.finished) {
    const int m = *r.dark_winner;
    j["winner"] = m > 0 ? "dark" : m < 0 ? "light" : "draw";
    j["dark_margin"] = {{"count", *r.dark_count}, {"winner", *r.dark_winner}};
  } else {
    j["winner"] = nullptr;
    j["dark_margin"] = nullptr;
  }
  return j;
}

json summary_json(const Geometry& g, const Annotation& a) {
  json j = {{"dark", side_json(a.sides[0])}, {"light", side_json(a.sides[1])}};
  j["exact_from_move"] = a.exact_from ? json(*a.exact_from) : json(nullptr);
  j["exact_start"] = a.exact_start ? dark_value_json(*a.exact_start) : json(nullptr);
  j["opening"] = a.opening ? json{{"name", *a.opening}, {"move", *a.opening_move}} : json(nullptr);
  if (a.turning_point) {
    const TurningPoint& t = *a.turning_point;
    j["turning_point"] = {{"move", t.move_number},
                          {"side", color_name(t.side)},
                          {"square", move_name(g, t.square)},
                          {"before", dark_value_json(t.before)},
                          {"after", dark_value_json(t.after)}};
  } else {
    j["turning_point"] = nullptr;
  }
  if (a.theoretical) j["theoretical"] = theoretical_json(*a.theoretical);
  return j;
}

json conventions_json(const Rules& rules, const AnnotateSettings& s) {
  return {{"perspective", "mover"},
          {"scoring", scoring_name(rules.scoring())},
          {"anti", rules.anti()},
          {"exact_unit", "discs"},
          {"estimate_unit", "estimated discs"},
          {"exact_empties", s.exact_empties},
          {"estimate_depth", s.estimate_depth},
          {"estimate_selectivity", s.estimate_selectivity}};
}

// ---------------------------------------------------------------- text

std::string place_of(const records::SourceLocation& s) {
  std::string out = s.file + ": game " + std::to_string(s.game);
  const std::string place = records::describe_place(s);
  if (!place.empty()) out += " (" + place + ")";
  return out;
}

// Where the game is, and where it first came from when it was read back from JSON.
std::string record_place(const records::GameRecord& r) {
  if (r.origin.file.empty()) return place_of(r.source);
  return place_of(r.origin) + ", read from " + place_of(r.source);
}

std::string players_line(const records::Metadata& m) {
  std::string out;
  if (!m.black.empty() || !m.white.empty())
    out = (m.black.empty() ? "?" : m.black) + " (dark) vs " + (m.white.empty() ? "?" : m.white) +
          " (light)";
  for (const std::string* extra : {&m.tournament, &m.date, &m.place, &m.name}) {
    if (extra->empty()) continue;
    out += (out.empty() ? "" : ", ") + *extra;
  }
  return out;
}

std::string result_line(const Rules& rules, const FinalResult& r, int moves, int passes) {
  const Tally& t = r.discs;
  std::string out = std::to_string(moves) + " moves";
  if (passes > 0) out += ", " + std::to_string(passes) + (passes == 1 ? " pass" : " passes");
  out += "; dark " + std::to_string(t.dark) + " light " + std::to_string(t.light);
  if (t.empty > 0) out += " empty " + std::to_string(t.empty);
  if (!r.finished) return out + "; unfinished";
  const int m = *r.dark_winner;
  out += m > 0 ? ": dark wins" : m < 0 ? ": light wins" : ": draw";
  out += " (dark " + exact_text(*r.dark_count) + " count, " + exact_text(*r.dark_winner) +
         " winner takes empties";
  if (rules.anti()) out += "; anti: fewer discs wins";
  return out + ")";
}

std::string padded(std::string s, std::size_t width) {
  if (s.size() < width) s += std::string(width - s.size(), ' ');
  return s;
}

std::string left_padded(const std::string& s, std::size_t width) {
  return s.size() < width ? std::string(width - s.size(), ' ') + s : s;
}

std::string best_text(const Geometry& g, const std::vector<Square>& best, bool pass) {
  if (pass) return pass_text;
  std::string out;
  for (Square sq : best) out += (out.empty() ? "" : " ") + g.name(sq);
  return out;
}

// The columns of the move table: number, side, move, flips, discs after (dark-light), mobility
// before (dark/light), then the value, the move's value, the loss and the best moves.
std::string table_row(const std::string& number, const std::string& side, const std::string& move,
                      const std::string& flips, const std::string& discs,
                      const std::string& mobility, const std::string& value,
                      const std::string& played, const std::string& loss, const std::string& best) {
  return left_padded(number, 5) + "  " + padded(side, 6) + padded(move, 5) + left_padded(flips, 5) +
         "  " + padded(discs, 7) + padded(mobility, 6) + left_padded(value, 8) +
         left_padded(played, 8) + left_padded(loss, 9) + "  " + best;
}

std::string table_header() {
  return table_row("no", "side", "move", "flips", "discs", "mob", "value", "played", "loss",
                   "best") +
         "\n";
}

// As in chess notation: "?" a mistake, "??" a blunder.
std::string call_mark(Call c) {
  return c == Call::blunder ? "??" : c == Call::mistake ? "?" : "  ";
}

}  // namespace

std::string proof_text(const std::string& move, int loss) {
  return move + " proves a loss of at least " + std::to_string(loss);
}

namespace {

std::string move_row(const Geometry& g, const MoveAnnotation& m) {
  std::string value;
  std::string played;
  std::string loss;
  std::string best;
  if (m.exact) {
    value = exact_text(m.exact->value);
    played = exact_text(m.exact->played);
    loss = std::to_string(m.exact->loss());
    best = best_text(g, m.exact->best, m.is_pass());
  } else if (m.estimate) {
    value = estimate_text(m.estimate->value);
    played = estimate_text(m.estimate->played);
    loss = estimate_loss_text(m.estimate->loss());
    best = best_text(g, m.estimate->best, m.is_pass());
  }
  if (m.judgement) loss += call_mark(m.judgement->call);
  std::string row = table_row(std::to_string(m.number), color_name(m.side), move_name(g, m.square),
                              std::to_string(popcount(m.flipped)),
                              std::to_string(m.after.dark) + "-" + std::to_string(m.after.light),
                              std::to_string(m.mobility[0]) + "/" + std::to_string(m.mobility[1]),
                              value, played, loss, best);
  if (m.inferred) row += "  (forced pass)";
  if (m.estimate && m.estimate->stored) row += "  (book)";
  if (m.estimate && m.estimate->proven)
    row += "  (" + proof_text(move_name(g, m.estimate->proven->move), m.estimate->proven->loss()) +
           ")";
  return row + "\n";
}

std::string side_text(Color c, const SideSummary& s) {
  std::string out = "  " + color_name(c) + ": ";
  out += "exact loss " + std::to_string(s.exact_loss) + " discs over " +
         std::to_string(s.exact_moves) + " moves (" + std::to_string(s.exact_errors) +
         (s.exact_errors == 1 ? " error)" : " errors)");
  out += ", " + std::to_string(s.estimate_moves) + " estimated; " + std::to_string(s.mistakes) +
         (s.mistakes == 1 ? " mistake, " : " mistakes, ") + std::to_string(s.blunders) +
         (s.blunders == 1 ? " blunder\n" : " blunders\n");
  return out;
}

std::string decided_text(const Geometry& g, const Annotation& a) {
  if (!a.exact_start) return "  turning point: unknown (no position within the exact analysis)\n";
  std::string out;
  if (a.exact_from)
    out = "  exact analysis from move " + std::to_string(*a.exact_from) + ": " +
          outcome_name(*a.exact_start) + " (dark " + exact_text(a.exact_start->value) + ")\n";
  if (!a.turning_point)
    return out + "  turning point: none; the outcome never changed after that\n";
  const TurningPoint& t = *a.turning_point;
  return out + "  turning point: move " + std::to_string(t.move_number) + ", " +
         color_name(t.side) + " " + move_name(g, t.square) + ": " + outcome_name(t.before) +
         " (dark " + exact_text(t.before.value) + ") -> " + outcome_name(t.after) + " (dark " +
         exact_text(t.after.value) + ")\n";
}

std::string theoretical_text(const TheoreticalComparison& t) {
  std::string out = "  WTHOR theoretical score at " + std::to_string(t.depth) +
                    " empties: stored " + std::to_string(t.stored);
  if (!t.solver) return out + ", not checked\n";
  out += ", solver " + std::to_string(*t.solver);
  if (!t.reached) out += " (the game ended before that depth)";
  return out + (t.differs() ? "  ** DIFFERS **\n" : ", agrees\n");
}

// The estimates of a game that went deeper than `asked`, as their JSON says too.
DeeperEstimates deeper_estimates(const Annotation& a, int asked) {
  DeeperEstimates deeper;
  for (const auto& m : a.moves)
    if (m.estimate && m.estimate->depth != asked) deeper[m.empties] = m.estimate->depth;
  if (a.end && a.end->estimate && a.end->estimate->depth != asked)
    deeper[a.end->empties] = a.end->estimate->depth;
  return deeper;
}

// What a game's estimates searched: "depth 6 (7 at 23 empties, 8 at 24; ProbCut 87%)".
std::string estimates_text(const Annotation& a, const AnnotateSettings& settings) {
  std::vector<std::string> notes;
  const std::string deeper = deeper_estimates_text(deeper_estimates(a, settings.estimate_depth));
  if (!deeper.empty()) notes.push_back(deeper);
  if (settings.estimate_selectivity < full_width)
    notes.push_back("ProbCut " + std::to_string(settings.estimate_selectivity) + "%");
  std::string out = "depth " + std::to_string(settings.estimate_depth);
  for (std::size_t i = 0; i < notes.size(); ++i) out += (i == 0 ? " (" : "; ") + notes[i];
  return notes.empty() ? out : out + ")";
}

}  // namespace

std::string exact_text(int v) {
  return (v > 0 ? "+" : "") + std::to_string(v);
}

std::string estimate_loss_text(int units) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "~%.2f", discs(units));
  return buf;
}

std::string estimate_text(int units) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "~%+.2f", discs(units));
  return buf;
}

json annotated_game_json(const records::ParsedGame& game, const records::Validation& v,
                         const Annotation& a, const AnnotateSettings& settings) {
  const Rules& rules = game.record.rules;
  const Geometry& g = rules.geometry();
  json j = game_json(game, v);
  json moves = json::array();
  for (const auto& m : a.moves) moves.push_back(move_json(g, m));
  json annotation = {{"conventions", conventions_json(rules, settings)},
                     {"result", result_json(a.result)},
                     {"moves_played", a.moves_played},
                     {"passes", a.passes},
                     {"moves", moves}};
  if (a.end) annotation["end"] = end_json(g, *a.end);
  annotation["summary"] = summary_json(g, a);
  j["annotation"] = annotation;
  return j;
}

json invalid_game_json(const records::ParsedGame& game, const records::Validation& v) {
  return game_json(game, v);
}

std::string annotated_game_text(const records::ParsedGame& game, const records::Validation& v,
                                const Annotation& a, const AnnotateSettings& settings) {
  const records::GameRecord& r = game.record;
  const Rules& rules = r.rules;
  const Geometry& g = rules.geometry();
  std::string out = "== " + record_place(r) + ": " + records::verdict_name(v.verdict) + "\n";
  const std::string players = players_line(r.meta);
  if (!players.empty()) out += "  " + players + "\n";
  out += "  " + rules.describe() + "; " + result_line(rules, a.result, a.moves_played, a.passes) +
         "\n";
  if (a.opening)
    out += "  opening: " + *a.opening + " (move " + std::to_string(*a.opening_move) + ")\n";
  out += "  values for the mover in discs (" + scoring_name(rules.scoring()) +
         " scoring): exact with at most " + std::to_string(settings.exact_empties) +
         " empties, ~estimates at " + estimates_text(a, settings) + "\n";
  out += "  ? a mistake (a loss of " + std::to_string(mistake_discs) +
         " discs or more), ?? a blunder (" + std::to_string(blunder_discs) +
         " or more); an ~estimated loss counts only beyond the error margin of its phase\n";
  out += table_header();
  for (const auto& m : a.moves) out += move_row(g, m);
  if (a.end) {
    const bool pass = a.end->legal == 0;
    out += "  end of the record (" + std::to_string(a.end->empties) + " empties): ";
    if (a.end->exact)
      out += exact_text(a.end->exact->value) + " for the side to move, best " +
             best_text(g, a.end->exact->best, pass) + "\n";
    if (a.end->estimate)
      out += estimate_text(a.end->estimate->value) + " for the side to move, best " +
             best_text(g, a.end->estimate->best, pass) + "\n";
  }
  out += "summary:\n";
  out += side_text(Color::dark, a.sides[0]);
  out += side_text(Color::light, a.sides[1]);
  out += decided_text(g, a);
  if (a.theoretical) out += theoretical_text(*a.theoretical);
  return out;
}

std::string deeper_estimates_text(const DeeperEstimates& deeper) {
  std::string out;
  // Runs of consecutive empties searched to the same depth read as one range: "5 at 15-21".
  for (auto run = deeper.begin(); run != deeper.end();) {
    auto last = run;
    while (std::next(last) != deeper.end() && std::next(last)->first == last->first + 1 &&
           std::next(last)->second == run->second)
      ++last;
    out += out.empty() ? "" : ", ";
    out += std::to_string(run->second) + " at " + std::to_string(run->first);
    if (last != run) out += "-" + std::to_string(last->first);
    if (run == deeper.begin()) out += " empties";
    run = std::next(last);
  }
  return out;
}

std::string invalid_game_text(const records::ParsedGame& game, const records::Validation& v) {
  const records::GameRecord& r = game.record;
  std::string out = "== " + record_place(r) + ": invalid: ";
  if (v.error) out += describe_error(*v.error) + " [" + error_kind_name(v.error->kind) + "]";
  out += "\n";
  if (v.before) {
    const Rules& rules = r.rules;
    out += "  legal moves: " + (v.legal != 0 ? rules.geometry().list(v.legal) : "none") + "\n";
    std::string board = diagram(rules, *v.before);
    std::size_t start = 0;
    while (start < board.size()) {
      const std::size_t end = board.find('\n', start);
      out += "  " + board.substr(start, end - start) + "\n";
      if (end == std::string::npos) break;
      start = end + 1;
    }
  }
  return out;
}

}  // namespace reversi::cli
