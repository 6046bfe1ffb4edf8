#include "cli/cluster/wire.hpp"

namespace reversi::cli::cluster {

namespace {

using records::GameRecord;
using records::Metadata;
using records::SourceLocation;

void put_source(WireWriter& w, const SourceLocation& s) {
  w.put_string(s.file);
  w.put(s.format);
  w.put(s.game);
  w.put(s.line);
  w.put(s.record);
}

SourceLocation get_source(WireReader& r) {
  SourceLocation s;
  s.file = r.get_string();
  s.format = r.get<records::Format>();
  s.game = r.get<int>();
  s.line = r.get<int>();
  s.record = r.get<int>();
  return s;
}

void put_rules(WireWriter& w, const Rules& rules) {
  w.put(rules.size());
  w.put(rules.start());
  w.put(rules.anti());
  w.put(rules.holes());
  w.put(rules.scoring());
}

Rules get_rules(WireReader& r) {
  const int size = r.get<int>();
  const Start start = r.get<Start>();
  const bool anti = r.get<bool>();
  const Bits holes = r.get<Bits>();
  const Scoring scoring = r.get<Scoring>();
  return Rules(size, start, anti, holes, scoring);
}

void put_optional(WireWriter& w, const std::optional<double>& v) {
  w.put(v.has_value());
  if (v) w.put(*v);
}

void put_meta(WireWriter& w, const Metadata& m) {
  for (const std::string* s :
       {&m.black, &m.white, &m.black_rating, &m.white_rating, &m.date, &m.place, &m.tournament,
        &m.time_control, &m.game_type, &m.name, &m.result})
    w.put_string(*s);
  put_optional(w, m.komi);
  w.put(m.wthor.has_value());
  if (m.wthor) w.put(*m.wthor);
  w.put<std::uint64_t>(m.move_scores.size());
  for (const auto& s : m.move_scores) {
    w.put_string(s.move);
    w.put(s.score);
  }
  w.put<std::uint64_t>(m.properties.size());
  for (const auto& [key, value] : m.properties) {
    w.put_string(key);
    w.put_string(value);
  }
}

Metadata get_meta(WireReader& r) {
  Metadata m;
  for (std::string* s : {&m.black, &m.white, &m.black_rating, &m.white_rating, &m.date, &m.place,
                         &m.tournament, &m.time_control, &m.game_type, &m.name, &m.result})
    *s = r.get_string();
  if (r.get<bool>()) m.komi = r.get<double>();
  if (r.get<bool>()) m.wthor = r.get<records::WthorInfo>();
  const auto scores = r.get<std::uint64_t>();
  for (std::uint64_t i = 0; i < scores; ++i) {
    records::MoveScore s;
    s.move = r.get_string();
    s.score = r.get<int>();
    m.move_scores.push_back(std::move(s));
  }
  const auto properties = r.get<std::uint64_t>();
  for (std::uint64_t i = 0; i < properties; ++i) {
    std::string key = r.get_string();
    m.properties[key] = r.get_string();
  }
  return m;
}

void put_moves(WireWriter& w, const GameRecord& g) {
  w.put<std::uint64_t>(g.moves.size());
  for (const auto& m : g.moves) {
    w.put_string(m.text);
    w.put(m.square);
    w.put(m.side.has_value());
    if (m.side) w.put(*m.side);
  }
  w.put<std::uint64_t>(g.move_notes.size());
  for (const auto& n : g.move_notes) w.put_string(n);
}

void get_moves(WireReader& r, GameRecord& g) {
  const auto moves = r.get<std::uint64_t>();
  for (std::uint64_t i = 0; i < moves; ++i) {
    WrittenMove m;
    m.text = r.get_string();
    m.square = r.get<Square>();
    if (r.get<bool>()) m.side = r.get<Color>();
    g.moves.push_back(std::move(m));
  }
  const auto notes = r.get<std::uint64_t>();
  for (std::uint64_t i = 0; i < notes; ++i) g.move_notes.push_back(r.get_string());
}

}  // namespace

void put_position(WireWriter& w, const Position& p) {
  w.put(p.player);
  w.put(p.opponent);
  w.put(p.to_move);
  w.put(p.supply);
}

Position get_position(WireReader& r) {
  Position p;
  p.player = r.get<Bits>();
  p.opponent = r.get<Bits>();
  p.to_move = r.get<Color>();
  p.supply = r.get<decltype(p.supply)>();
  return p;
}

void put_game(WireWriter& w, const records::ParsedGame& game) {
  const GameRecord& g = game.record;
  put_source(w, g.source);
  put_source(w, g.origin);
  put_rules(w, g.rules);
  put_position(w, g.start);
  w.put(g.position_only);
  w.put(g.explicit_passes);
  put_moves(w, g);
  put_meta(w, g.meta);
  w.put(game.error.has_value());
  if (game.error) {
    w.put(game.error->kind);
    w.put_string(game.error->reason);
    w.put(game.error->move_number);
    w.put_string(game.error->written);
  }
}

records::ParsedGame get_game(WireReader& r) {
  records::ParsedGame game;
  GameRecord& g = game.record;
  g.source = get_source(r);
  g.origin = get_source(r);
  g.rules = get_rules(r);
  g.start = get_position(r);
  g.position_only = r.get<bool>();
  g.explicit_passes = r.get<bool>();
  get_moves(r, g);
  g.meta = get_meta(r);
  if (r.get<bool>()) {
    RecordError e{};
    e.kind = r.get<ErrorKind>();
    e.reason = r.get_string();
    e.move_number = r.get<int>();
    e.written = r.get_string();
    game.error = std::move(e);
  }
  return game;
}

}  // namespace reversi::cli::cluster
