#include "cli/output/atlas.hpp"

#include <cmath>
#include <cstdio>
#include <limits>
#include <stdexcept>

#include "cli/output/solve.hpp"

namespace reversi::cli {

namespace {

nlohmann::json squares_json(const Rules& rules, const std::vector<Square>& moves) {
  nlohmann::json out = nlohmann::json::array();
  for (Square sq : moves) out.push_back(sq == no_square ? "pass" : rules.geometry().name(sq));
  return out;
}

nlohmann::json holes_json(const Rules& rules) {
  nlohmann::json out = nlohmann::json::array();
  for_each_square(rules.holes(), [&](Square sq) { out.push_back(rules.geometry().name(sq)); });
  return out;
}

nlohmann::json row_json(const AtlasRow& row) {
  const Rules& r = row.rules;
  nlohmann::json j;
  j["id"] = atlas_id(r);
  j["size"] = r.size();
  j["start"] = start_name(r.start());
  j["anti"] = r.anti();
  j["holes"] = holes_json(r);
  j["scoring"] = scoring_name(r.scoring());
  j["value"] = row.value;
  j["outcome"] = outcome_words(r, row.value);
  j["best_moves"] = squares_json(r, row.best_moves);
  if (row.cited) {
    j["cited"] = row.source;
    return j;
  }
  j["pv"] = squares_json(r, row.pv);
  nlohmann::json w;
  w["earliest"] = row.wipeout.earliest ? nlohmann::json(*row.wipeout.earliest) : nlohmann::json();
  w["example"] = squares_json(r, row.wipeout.example);
  w["dark_can_force"] = row.wipeout.dark_can_force;
  w["light_can_force"] = row.wipeout.light_can_force;
  j["wipeout"] = w;
  j["nodes"] = row.nodes;
  j["nodes_total"] = row.nodes_total;
  j["seconds"] = row.seconds;
  j["cpu_seconds"] = row.cpu_seconds;
  return j;
}

// Whether a JSON number converts to T without overflow (a fraction is cut, as get<T> cuts it).
template <class T>
bool fits(const nlohmann::json& v) {
  using limits = std::numeric_limits<T>;
  if constexpr (std::is_floating_point_v<T>) {
    return true;
  } else if (v.is_number_unsigned()) {
    return v.get<std::uint64_t>() <= static_cast<std::uint64_t>(limits::max());
  } else if (v.is_number_integer()) {
    const std::int64_t n = v.get<std::int64_t>();
    return n >= 0 ? static_cast<std::uint64_t>(n) <= static_cast<std::uint64_t>(limits::max())
                  : std::is_signed_v<T> && n >= static_cast<std::int64_t>(limits::min());
  } else {
    const double d = v.get<double>();
    return d > static_cast<double>(limits::min()) - 1.0 && d < std::ldexp(1.0, limits::digits);
  }
}

// A field of a row, or an error naming the row and the field.
class RowReader {
 public:
  RowReader(const nlohmann::json& j, std::size_t index)
      : j_(j), where_("row " + std::to_string(index + 1)) {
    if (!j_.is_object()) fail("is not an object");
  }

  [[noreturn]] void fail(const std::string& why) const {
    throw std::runtime_error(where_ + ": " + why);
  }
  void name(const std::string& id) { where_ += " (" + id + ")"; }

  const nlohmann::json& field(const nlohmann::json& in, const char* key) const {
    const auto it = in.find(key);
    if (it == in.end()) fail(std::string("field '") + key + "' is missing");
    return *it;
  }
  std::string text(const nlohmann::json& in, const char* key) const {
    const auto& v = field(in, key);
    if (!v.is_string()) fail(std::string("field '") + key + "' is not a string");
    return v.get<std::string>();
  }
  bool flag(const nlohmann::json& in, const char* key) const {
    const auto& v = field(in, key);
    if (!v.is_boolean()) fail(std::string("field '") + key + "' is not true or false");
    return v.get<bool>();
  }
  template <class T>
  T number(const nlohmann::json& in, const char* key) const {
    const auto& v = field(in, key);
    if (!v.is_number()) fail(std::string("field '") + key + "' is not a number");
    if (!fits<T>(v)) fail(std::string("field '") + key + "' is out of range");
    return v.get<T>();
  }
  std::vector<Square> squares(const nlohmann::json& in, const char* key, const Rules& rules) const {
    const auto& v = field(in, key);
    if (!v.is_array()) fail(std::string("field '") + key + "' is not a list of squares");
    std::vector<Square> out;
    for (const auto& s : v) {
      if (!s.is_string()) fail(std::string("field '") + key + "' holds a non-string");
      const std::string name = s.get<std::string>();
      if (name == "pass") {
        out.push_back(no_square);
        continue;
      }
      const std::optional<Square> sq = rules.geometry().parse(name);
      if (!sq) fail(std::string("field '") + key + "': '" + name + "' is not a square");
      out.push_back(*sq);
    }
    return out;
  }
  const nlohmann::json& json() const { return j_; }

 private:
  const nlohmann::json& j_;
  std::string where_;
};

Rules rules_of(RowReader& in) {
  const std::string id = in.text(in.json(), "id");
  in.name(id);
  const ParsedVariant parsed = parse_atlas_id(id);
  if (!parsed.rules) in.fail(parsed.error);
  const Rules& r = *parsed.rules;
  // The spelled-out fields must say what the id says.
  if (in.number<int>(in.json(), "size") != r.size() ||
      in.text(in.json(), "start") != start_name(r.start()) ||
      in.flag(in.json(), "anti") != r.anti() ||
      in.text(in.json(), "scoring") != scoring_name(r.scoring()))
    in.fail("size, start, anti or scoring disagree with the id");
  Bits holes = 0;
  for (Square sq : in.squares(in.json(), "holes", r))
    holes |= sq == no_square ? Bits{0} : bit<Bits>(sq);
  if (holes != r.holes()) in.fail("the holes disagree with the id");
  return r;
}

AtlasRow read_row(const nlohmann::json& j, std::size_t index) {
  RowReader in(j, index);
  AtlasRow row;
  row.rules = rules_of(in);
  const Rules& r = row.rules;
  row.complete = true;
  row.value = in.number<int>(j, "value");
  if (row.value < -r.geometry().cells() || row.value > r.geometry().cells())
    in.fail("value " + std::to_string(row.value) + " is larger than the board");
  row.best_moves = in.squares(j, "best_moves", r);
  if (j.contains("cited")) {
    row.cited = true;
    row.source = in.text(j, "cited");
    if (!cited_result(r)) in.fail("is not a row known from the literature");
    return row;
  }
  row.pv = in.squares(j, "pv", r);
  const auto& w = in.field(j, "wipeout");
  if (!w.is_object()) in.fail("field 'wipeout' is not an object");
  const auto& earliest = in.field(w, "earliest");
  if (!earliest.is_null()) row.wipeout.earliest = in.number<int>(w, "earliest");
  row.wipeout.example = in.squares(w, "example", r);
  row.wipeout.dark_can_force = in.flag(w, "dark_can_force");
  row.wipeout.light_can_force = in.flag(w, "light_can_force");
  row.nodes = in.number<std::uint64_t>(j, "nodes");
  row.nodes_total = in.number<std::uint64_t>(j, "nodes_total");
  row.seconds = in.number<double>(j, "seconds");
  if (j.contains("cpu_seconds")) row.cpu_seconds = in.number<double>(j, "cpu_seconds");
  return row;
}

// A run's count (0 when missing), or an error naming the field.
int run_count(const nlohmann::json& run, const char* key) {
  const auto it = run.find(key);
  if (it == run.end()) return 0;
  if (!it->is_number() || !fits<int>(*it))
    throw std::runtime_error(std::string("a run's '") + key + "' is not a number in range");
  return it->get<int>();
}

std::string cell_moves(const Rules& rules, const std::vector<Square>& moves) {
  return moves.empty() ? "-" : line_string(rules, moves);
}

std::string forced_text(const WipeoutFacts& w) {
  if (w.dark_can_force && w.light_can_force) return "both";
  if (w.dark_can_force) return "dark";
  if (w.light_can_force) return "light";
  return "neither";
}

std::string seconds_text(double s) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f", s);
  return text;
}

}  // namespace

std::string row_summary(const AtlasRow& row) {
  return row.complete ? outcome_words(row.rules, row.value) : "-";
}

nlohmann::json atlas_json(const AtlasTable& table) {
  nlohmann::json j;
  nlohmann::json runs = nlohmann::json::array();
  for (const AtlasRun& run : table.runs)
    runs.push_back({{"command", run.command},
                    {"commit", run.commit},
                    {"date", run.date},
                    {"cores", run.cores},
                    {"threads", run.threads},
                    {"seconds", run.seconds}});
  j["runs"] = runs;
  j["value_for"] = "dark, the first player; margins under the row's scoring";
  nlohmann::json rows = nlohmann::json::array();
  for (const AtlasRow& row : table.rows) rows.push_back(row_json(row));
  j["rows"] = rows;
  nlohmann::json pending = nlohmann::json::array();
  for (std::size_t i = 0; i < table.pending.size(); ++i)
    pending.push_back({{"id", atlas_id(table.pending[i])}, {"reason", table.pending_reasons[i]}});
  j["pending"] = pending;
  return j;
}

std::string atlas_markdown(const AtlasTable& table) {
  std::string md = "# The small-board atlas\n\n";
  md +=
      "Every small variant solved from its start with perfect play by both sides (`reversi "
      "atlas`; the same table as JSON beside this file). Values are margins for dark, the first "
      "player, under the row's scoring: *winner* gives the empty squares to the winner, *count* "
      "to no one; under anti-reversi fewer discs wins and the margin counts the other way. "
      "Optimal first moves are listed one per symmetry class of the start. The earliest wipeout "
      "counts moves (discs placed, free-centre placements included; passes take no number); "
      "*forced wipeout* says which side can wipe the other out whatever the other plays. Nodes, "
      "seconds (wall clock, which a busy machine stretches) and CPU seconds are those of the row's "
      "own solves, one thread a row.\n\n";
  md += "Made by:\n\n";
  for (const AtlasRun& run : table.runs)
    md += "- `" + run.command + "` at commit " + run.commit + ", " + run.date + ", " +
          std::to_string(run.cores) + " cores, " + std::to_string(run.threads) + " rows at once" +
          (run.seconds > 0 ? ", " + duration_text(run.seconds) + " (" +
                                 grouped(static_cast<std::uint64_t>(std::lround(run.seconds))) +
                                 " s) wall clock"
                           : std::string()) +
          "\n";
  md +=
      "\n| variant | value | outcome | optimal first moves | earliest wipeout | forced wipeout | "
      "nodes | seconds | CPU seconds |\n|---|---:|---|---|---:|---|---:|---:|---:|\n";
  for (const AtlasRow& row : table.rows) {
    const Rules& r = row.rules;
    md += "| " + atlas_id(r) + " | " + signed_value(row.value) + " | " +
          outcome_words(r, row.value) + " | " + cell_moves(r, row.best_moves) + " | ";
    if (row.cited) {
      md += "- | - | cited | - | - |\n";
      continue;
    }
    md += (row.wipeout.earliest ? std::to_string(*row.wipeout.earliest) : "none") + " | " +
          forced_text(row.wipeout) + " | " + grouped(row.nodes) + " | " +
          seconds_text(row.seconds) + " | " + seconds_text(row.cpu_seconds) + " |\n";
  }
  md += "\n## Principal variations\n\n";
  for (const AtlasRow& row : table.rows) {
    if (row.cited) {
      md += "- " + atlas_id(row.rules) + ": " + row.source + "\n";
      continue;
    }
    md += "- " + atlas_id(row.rules) + ": " + line_string(row.rules, row.pv) + "\n";
  }
  if (!table.pending.empty()) {
    md +=
        "\n## Not solved yet\n\nThese rows are left for a later run (`reversi atlas --resume "
        "FILE` solves only them):\n\n";
    for (std::size_t i = 0; i < table.pending.size(); ++i)
      md += "- " + atlas_id(table.pending[i]) + " (" + table.pending_reasons[i] + ")\n";
  }
  return md;
}

AtlasTable read_atlas(const nlohmann::json& j) {
  if (!j.is_object()) throw std::runtime_error("not an atlas table (a JSON object)");
  AtlasTable table;
  const auto rows = j.find("rows");
  if (rows == j.end() || !rows->is_array()) throw std::runtime_error("no list of 'rows'");
  for (std::size_t i = 0; i < rows->size(); ++i) table.rows.push_back(read_row((*rows)[i], i));
  if (const auto runs = j.find("runs"); runs != j.end()) {
    if (!runs->is_array()) throw std::runtime_error("'runs' is not a list");
    for (const auto& run : *runs) {
      if (!run.is_object()) throw std::runtime_error("a run is not an object");
      table.runs.push_back(AtlasRun{run.value("command", ""), run.value("commit", ""),
                                    run.value("date", ""), run_count(run, "cores"),
                                    run_count(run, "threads"), run.value("seconds", 0.0)});
    }
  }
  if (const auto pending = j.find("pending"); pending != j.end()) {
    if (!pending->is_array()) throw std::runtime_error("'pending' is not a list");
    for (const auto& p : *pending) {
      const std::string id = p.is_object() ? p.value("id", "") : "";
      const ParsedVariant parsed = parse_atlas_id(id);
      if (!parsed.rules) throw std::runtime_error("pending: " + parsed.error);
      table.pending.push_back(*parsed.rules);
      table.pending_reasons.push_back(p.value("reason", ""));
    }
  }
  return table;
}

}  // namespace reversi::cli
