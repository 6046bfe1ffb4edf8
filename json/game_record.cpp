#include "json/game_record.hpp"

#include "json/position.hpp"

namespace reversi::json_record {

using nlohmann::json;
using records::Format;
using records::GameRecord;
using records::ParsedGame;
using records::SourceLocation;

namespace {

// ---------------------------------------------------------------- writing

json source_json(const SourceLocation& s) {
  json j = {{"file", s.file}, {"format", records::format_name(s.format)}, {"game", s.game}};
  if (s.line > 0) j["line"] = s.line;
  if (s.record > 0) j["record"] = s.record;
  return j;
}

json position_rows_json(const Rules& rules, const Position& p) {
  json j = {{"rows", rows_json(rules, p)}, {"to_move", color_name(p.to_move)}};
  if (rules.start() == Start::free) j["supply"] = {p.supply[0], p.supply[1]};
  return j;
}

std::string move_text(const WrittenMove& m, const Geometry& g) {
  return m.is_pass() ? "pass" : g.name(m.square);
}

json metadata_json(const records::Metadata& m) {
  json j = json::object();
  const std::pair<const char*, const std::string*> texts[] = {
      {"black", &m.black},
      {"white", &m.white},
      {"black_rating", &m.black_rating},
      {"white_rating", &m.white_rating},
      {"date", &m.date},
      {"place", &m.place},
      {"tournament", &m.tournament},
      {"time_control", &m.time_control},
      {"game_type", &m.game_type},
      {"name", &m.name},
      {"result", &m.result},
  };
  for (const auto& [key, value] : texts)
    if (!value->empty()) j[key] = *value;
  if (m.komi) j["komi"] = *m.komi;
  if (m.wthor) {
    const auto& w = *m.wthor;
    j["wthor"] = {{"black_score", w.black_score},
                  {"theoretical_score", w.theoretical_score},
                  {"depth", w.depth},
                  {"tournament_id", w.tournament_id},
                  {"black_id", w.black_id},
                  {"white_id", w.white_id}};
  }
  if (!m.move_scores.empty()) {
    json scores = json::array();
    for (const auto& s : m.move_scores) scores.push_back({{"move", s.move}, {"score", s.score}});
    j["move_scores"] = scores;
  }
  if (!m.properties.empty()) j["properties"] = m.properties;
  return j;
}

// ---------------------------------------------------------------- reading

// A problem in a JSON record, reported as a bad-format record error.
struct JsonRecordError {
  JsonRecordError(ErrorKind k, std::string r, int n = 0, std::string w = {})
      : kind(k), reason(std::move(r)), move_number(n), written(std::move(w)) {}
  ErrorKind kind;
  std::string reason;
  int move_number = 0;
  std::string written;
};

const json* member(const json& object, const char* key) {
  const auto it = object.find(key);
  return it == object.end() || it->is_null() ? nullptr : &*it;
}

std::string text_member(const json& object, const char* key) {
  const json* v = member(object, key);
  return v == nullptr ? std::string() : v->get<std::string>();
}

Rules rules_from_json(const json* j) {
  if (j == nullptr) return Rules();
  const int size = j->value("size", 8);
  if (!Geometry::is_supported(size))
    throw JsonRecordError{ErrorKind::wrong_size,
                          "rules.size " + std::to_string(size) + " is not 4, 6, 8 or 10"};
  const auto start = parse_start(j->value("start", start_name(Start::standard)));
  const auto scoring =
      parse_scoring(j->value("scoring", scoring_name(Scoring::winner_takes_empties)));
  if (!start) throw JsonRecordError{ErrorKind::bad_format, "rules.start must be standard or free"};
  if (!scoring)
    throw JsonRecordError{ErrorKind::bad_format, "rules.scoring must be winner or count"};
  const Geometry g(size);
  Bits holes = 0;
  if (const json* h = member(*j, "holes")) {
    for (const auto& name : *h) {
      const auto sq = g.parse(name.get<std::string>());
      if (!sq)
        throw JsonRecordError{ErrorKind::off_board,
                              "rules.holes: " + name.get<std::string>() + " is off the board"};
      holes |= bit<Bits>(*sq);
    }
  }
  try {
    return Rules(size, *start, j->value("anti", false), holes, *scoring);
  } catch (const std::invalid_argument& e) {
    throw JsonRecordError{ErrorKind::bad_format, std::string("rules: ") + e.what()};
  }
}

Position start_from_json(const json* j, const Rules& rules) {
  if (j == nullptr) return rules.initial();
  std::string cells;
  const json* rows = member(*j, "rows");
  if (rows == nullptr) throw JsonRecordError{ErrorKind::bad_board, "start has no rows"};
  if (!rows->is_array()) throw JsonRecordError{ErrorKind::bad_board, "start.rows must be an array"};
  for (const auto& row : *rows) {
    std::string text = row.get<std::string>();
    for (auto& c : text)
      if (c == '#') c = '-';  // holes come from the rules
    cells += text + " ";
  }
  const std::string side = j->value("to_move", "dark");
  if (side != "dark" && side != "light")
    throw JsonRecordError{ErrorKind::bad_board, "start.to_move must be dark or light"};
  cells += side == "dark" ? "X" : "O";
  auto board = parse_board(cells, rules);
  if (board.error) throw JsonRecordError{board.error->kind, "start: " + board.error->reason};
  if (const json* supply = member(*j, "supply")) {
    board.position.supply = {supply->at(0).get<std::int16_t>(), supply->at(1).get<std::int16_t>()};
    if (!rules.is_valid(board.position))
      throw JsonRecordError{ErrorKind::bad_board, "start.supply is out of range"};
  }
  return board.position;
}

void moves_from_json(const json& object, GameRecord& r) {
  const json* moves = member(object, "moves");
  if (moves == nullptr) return;
  if (!moves->is_array()) throw JsonRecordError{ErrorKind::bad_format, "moves must be an array"};
  const std::string sides = object.value("sides", "");
  const auto& g = r.rules.geometry();
  int number = 0;
  for (const auto& m : *moves) {
    ++number;
    const std::string text = m.is_object() ? m.at("move").get<std::string>() : m.get<std::string>();
    WrittenMove move{text, no_square, std::nullopt};
    const auto index = static_cast<std::size_t>(number - 1);
    if (index < sides.size() && (sides[index] == 'B' || sides[index] == 'W'))
      move.side = sides[index] == 'B' ? Color::dark : Color::light;
    if (text != "pass" && text != "PASS" && text != "pa" && text != "PA") {
      const auto sq = g.parse(text);
      if (!sq)
        throw JsonRecordError{ErrorKind::off_board,
                              "'" + text + "' is not a square of the " + std::to_string(g.size()) +
                                  "x" + std::to_string(g.size()) + " board",
                              number, text};
      move.square = *sq;
    }
    r.moves.push_back(move);
  }
  if (const json* notes = member(object, "move_notes")) {
    for (const auto& n : *notes) r.move_notes.push_back(n.get<std::string>());
    if (r.move_notes.size() != r.moves.size())
      throw JsonRecordError{ErrorKind::bad_format, "move_notes and moves differ in length"};
  }
}

records::Metadata metadata_from_json(const json* j) {
  records::Metadata m;
  if (j == nullptr) return m;
  m.black = text_member(*j, "black");
  m.white = text_member(*j, "white");
  m.black_rating = text_member(*j, "black_rating");
  m.white_rating = text_member(*j, "white_rating");
  m.date = text_member(*j, "date");
  m.place = text_member(*j, "place");
  m.tournament = text_member(*j, "tournament");
  m.time_control = text_member(*j, "time_control");
  m.game_type = text_member(*j, "game_type");
  m.name = text_member(*j, "name");
  m.result = text_member(*j, "result");
  if (const json* komi = member(*j, "komi")) m.komi = komi->get<double>();
  if (const json* w = member(*j, "wthor")) {
    records::WthorInfo info;
    info.black_score = w->value("black_score", 0);
    info.theoretical_score = w->value("theoretical_score", 0);
    info.depth = w->value("depth", 0);
    info.tournament_id = w->value("tournament_id", 0);
    info.black_id = w->value("black_id", 0);
    info.white_id = w->value("white_id", 0);
    m.wthor = info;
  }
  if (const json* scores = member(*j, "move_scores"))
    for (const auto& s : *scores)
      m.move_scores.push_back({s.at("move").get<std::string>(), s.at("score").get<int>()});
  if (const json* props = member(*j, "properties"))
    m.properties = props->get<std::map<std::string, std::string>>();
  return m;
}

SourceLocation location_from_json(const json& j) {
  SourceLocation s;
  s.file = j.value("file", "");
  s.format = records::parse_format_name(j.value("format", "moves")).value_or(Format::moves);
  s.game = j.value("game", 0);
  s.line = j.value("line", 0);
  s.record = j.value("record", 0);
  return s;
}

}  // namespace

json record_json(const GameRecord& r) {
  const auto& g = r.rules.geometry();
  json j;
  j["source"] = source_json(r.source);
  if (!r.origin.file.empty()) j["origin"] = source_json(r.origin);
  j["rules"] = rules_json(r.rules);
  j["start"] = position_rows_json(r.rules, r.start);
  json moves = json::array();
  std::string sides;
  bool any_side = false;
  for (const auto& m : r.moves) {
    moves.push_back(move_text(m, g));
    any_side = any_side || m.side.has_value();
    sides += !m.side ? '-' : *m.side == Color::dark ? 'B' : 'W';
  }
  j["moves"] = moves;
  if (any_side) j["sides"] = sides;
  if (!r.move_notes.empty()) j["move_notes"] = r.move_notes;
  if (r.explicit_passes) j["explicit_passes"] = true;
  if (r.position_only) j["position_only"] = true;
  j["metadata"] = metadata_json(r.meta);
  return j;
}

json game_json(const ParsedGame& game, const records::Validation& v) {
  const Rules& rules = game.record.rules;
  json j = record_json(game.record);
  j["status"] = records::verdict_name(v.verdict);
  const Tally t = rules.tally(v.final_position);
  json replay = {{"moves", v.moves_replayed},
                 {"passes", v.passes},
                 {"inferred_passes", v.inferred_passes},
                 {"finished", v.finished},
                 {"final", position_rows_json(rules, v.final_position)},
                 {"discs", {{"dark", t.dark}, {"light", t.light}, {"empty", t.empty}}}};
  if (v.dark_margin) replay["dark_margin"] = *v.dark_margin;
  j["replay"] = replay;
  if (v.error) {
    json e = error_json(*v.error);
    if (v.before) {
      e["before"] = position_rows_json(rules, *v.before);
      e["legal"] = squares_json(rules.geometry(), v.legal);
    }
    j["error"] = e;
  }
  return j;
}

ParsedGame game_from_json(const json& object, const SourceLocation& where) {
  ParsedGame out;
  out.record.source = where;
  out.record.start = out.record.rules.initial();
  try {
    if (!object.is_object())
      throw JsonRecordError{ErrorKind::bad_format, "a game record is a JSON object"};
    if (const json* origin = member(object, "origin")) {
      out.record.origin = location_from_json(*origin);
    } else if (const json* source = member(object, "source")) {
      out.record.origin = location_from_json(*source);
    }
    out.record.rules = rules_from_json(member(object, "rules"));
    out.record.start = out.record.rules.initial();
    out.record.start = start_from_json(member(object, "start"), out.record.rules);
    out.record.explicit_passes = object.value("explicit_passes", false);
    out.record.position_only = object.value("position_only", false);
    out.record.meta = metadata_from_json(member(object, "metadata"));
    moves_from_json(object, out.record);
  } catch (const JsonRecordError& e) {
    out.error = RecordError{e.kind, e.reason, e.move_number, e.written};
  } catch (const json::exception& e) {
    out.error = RecordError{ErrorKind::bad_format, std::string("JSON record: ") + e.what(), 0, {}};
  }
  return out;
}

std::string dump_json(const json& j, int indent) {
  return j.dump(indent, ' ', false, json::error_handler_t::replace);
}

// ---------------------------------------------------------------- streaming reader

JsonGameReader::JsonGameReader(records::ByteSource& source, std::string file)
    : in_(source), file_(std::move(file)) {}

void JsonGameReader::skip_space() {
  int c;
  while ((c = in_.peek()) == ' ' || c == '\t' || c == '\n' || c == '\r') in_.get();
}

void JsonGameReader::skip_line() {
  int c;
  while ((c = in_.get()) >= 0 && c != '\n') {
  }
}

bool JsonGameReader::read_string(std::string& text, std::string& error) {
  text += static_cast<char>(in_.get());  // the opening quote
  int c;
  while ((c = in_.get()) >= 0) {
    text += static_cast<char>(c);
    if (c == '\\') {
      const int escaped = in_.get();
      if (escaped < 0) break;
      text += static_cast<char>(escaped);
    } else if (c == '"') {
      return true;
    }
    if (text.size() > records::max_game_bytes) {
      error = "a JSON value longer than 1 MiB";
      return false;
    }
  }
  error = "the JSON ends inside a string";
  return false;
}

bool JsonGameReader::read_value(std::string& text, std::string& error) {
  skip_space();
  int c = in_.peek();
  if (c == '"') return read_string(text, error);
  if (c == '{' || c == '[') {
    int depth = 0;
    while ((c = in_.peek()) >= 0) {
      if (c == '"') {
        if (!read_string(text, error)) return false;
        continue;
      }
      text += static_cast<char>(in_.get());
      if (c == '{' || c == '[') ++depth;
      if ((c == '}' || c == ']') && --depth == 0) return true;
      if (text.size() > records::max_game_bytes) {
        error = "a JSON value longer than 1 MiB";
        return false;
      }
    }
    error = "the JSON ends inside a value";
    return false;
  }
  while ((c = in_.peek()) >= 0 && c != ',' && c != ']' && c != '}' && c != ' ' && c != '\n' &&
         c != '\r' && c != '\t') {
    text += static_cast<char>(in_.get());
    if (text.size() > 64) break;
  }
  if (text.empty()) {
    error = c < 0 ? "the JSON ends where a value should be"
                  : "unexpected '" + records::printable(std::string(1, static_cast<char>(c))) +
                        "' in JSON";
    return false;
  }
  return true;
}

ParsedGame JsonGameReader::structure_error(int line, std::string reason) {
  ParsedGame out;
  out.record.source = SourceLocation{file_, Format::json, ++games_, line, 0};
  out.record.start = out.record.rules.initial();
  out.error = RecordError{ErrorKind::bad_format, std::move(reason), 0, {}};
  // Resynchronise at the next line: JSON Lines inputs recover there.
  skip_line();
  state_ = State::top;
  return out;
}

ParsedGame JsonGameReader::parse_object(const std::string& text, int line) {
  const SourceLocation where{file_, Format::json, games_ + 1, line, 0};
  json j = json::parse(text, nullptr, false);
  if (j.is_discarded()) {
    ++games_;
    ParsedGame out;
    out.record.source = where;
    out.record.start = out.record.rules.initial();
    out.error = RecordError{ErrorKind::bad_format, "not valid JSON", 0, {}};
    return out;
  }
  ++games_;
  return game_from_json(j, where);
}

namespace {
bool is_summary_only(const std::string& text) {
  const json j = json::parse(text, nullptr, false);
  return j.is_object() && j.contains("summary") && !j.contains("moves");
}
}  // namespace

std::optional<ParsedGame> JsonGameReader::next() {
  while (true) {
    skip_space();
    const int line = in_.line();
    const int c = in_.peek();
    std::string text;
    std::string error;
    switch (state_) {
      case State::top:
        if (c < 0) return std::nullopt;
        if (c == '[') {
          in_.get();
          state_ = State::top_array;
        } else if (c == '{') {
          in_.get();
          state_ = State::object;
          object_ = "{";
          object_has_games_ = false;
          object_line_ = line;
        } else {
          return structure_error(line, "expected a JSON object or array");
        }
        continue;
      case State::top_array:
      case State::games_array: {
        const bool top = state_ == State::top_array;
        if (c == ',') {
          in_.get();
          continue;
        }
        if (c == ']') {
          in_.get();
          state_ = top ? State::top : State::object;
          continue;
        }
        if (c < 0) return structure_error(line, "the JSON ends inside an array");
        if (!read_value(text, error)) return structure_error(line, error);
        return parse_object(text, line);
      }
      case State::object: {
        if (c == ',') {
          in_.get();
          continue;
        }
        if (c == '}') {
          in_.get();
          state_ = State::top;
          if (object_has_games_) continue;
          object_ += '}';
          if (is_summary_only(object_)) continue;
          return parse_object(object_, object_line_);
        }
        if (c != '"') return structure_error(line, "expected a key in a JSON object");
        std::string key;
        if (!read_string(key, error)) return structure_error(line, error);
        skip_space();
        if (in_.peek() != ':') return structure_error(line, "expected ':' after a key");
        in_.get();
        skip_space();
        if (key == "\"games\"" && in_.peek() == '[') {
          in_.get();
          object_has_games_ = true;
          state_ = State::games_array;
          continue;
        }
        if (!read_value(text, error)) return structure_error(line, error);
        if (object_.size() > 1) object_ += ',';
        object_ += key;
        object_ += ':';
        object_ += text;
        if (object_.size() > records::max_game_bytes)
          return structure_error(line, "a JSON object longer than 1 MiB");
        continue;
      }
    }
  }
}

}  // namespace reversi::json_record
