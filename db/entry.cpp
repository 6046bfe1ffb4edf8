#include "db/entry.hpp"

#include <cmath>
#include <cstdlib>

#include "core/hash.hpp"
#include "core/records/write.hpp"
#include "db/schema.hpp"
#include "db/symmetry.hpp"

namespace reversi::db {

namespace {

constexpr int board_squares = 64;

std::uint64_t hash_text(std::uint64_t h, const std::string& text) {
  for (const char c : text) h = hash_step(h, static_cast<unsigned char>(c));
  return hash_step(h, 0x100);  // a separator, so that "ab"+"c" differs from "a"+"bc"
}

std::string moves_text(const Replay& r, const Geometry& g) {
  std::string out;
  for (const auto& m : r.moves)
    if (!m.is_pass()) out += g.name(m.square);
  return out;
}

int next_code(const Replay& r, std::size_t ply, int symmetry) {
  if (ply >= r.moves.size()) return no_next_move;
  const auto& m = r.moves[ply];
  return m.is_pass() ? pass_move : transform(m.square, symmetry);
}

std::vector<PositionRow> index_positions(const Rules& rules, const Replay& r) {
  std::vector<PositionRow> rows;
  Position p = r.start;
  for (std::size_t ply = 0; ply <= r.moves.size() && ply <= indexed_plies; ++ply) {
    const Canonical c =
        canonical(static_cast<std::uint64_t>(p.player), static_cast<std::uint64_t>(p.opponent));
    rows.push_back({c.key(), 0,
                    pack_info(static_cast<int>(ply), p.to_move == Color::light,
                              next_code(r, ply, c.symmetry))});
    if (ply == r.moves.size()) break;
    const auto& m = r.moves[ply];
    p = m.is_pass() ? rules.pass(p) : rules.play(p, m.square);
  }
  return rows;
}

std::optional<int> margin_of_discs(int dark_discs) {
  return 2 * dark_discs - board_squares;
}

// GGF's RE: dark's margin as written ("+12.00", "-6.00:r" for a resignation); nullopt when it
// does not start with a number.
std::optional<int> stated_margin(const std::string& result) {
  if (result.empty()) return std::nullopt;
  char* end = nullptr;
  const double v = std::strtod(result.c_str(), &end);
  if (end == result.c_str()) return std::nullopt;
  return static_cast<int>(std::lround(v));
}

}  // namespace

std::int64_t GameEntry::dedupe_key() const {
  std::uint64_t h = 0x9E3779B97F4A7C15ull;
  for (const auto* field : {&moves, &dark, &light, &tournament}) h = hash_text(h, *field);
  return static_cast<std::int64_t>(hash_step(h, static_cast<std::uint64_t>(year.value_or(-1))));
}

std::optional<GameEntry> make_entry(const records::GameRecord& record, const Replay& replayed,
                                    std::optional<int> dark_margin) {
  const Rules& rules = record.rules;
  const bool othello =
      rules.size() == 8 && rules.start() == Start::standard && !rules.anti() && rules.holes() == 0;
  if (!othello || record.start != rules.initial() || record.position_only) return std::nullopt;
  GameEntry e;
  e.dark = record.meta.black;
  e.light = record.meta.white;
  e.tournament = record.meta.tournament;
  e.year = records::record_year(record);
  // The replay's margin when the game is over, else what the record states (a resignation).
  e.result = dark_margin ? dark_margin : stated_margin(record.meta.result);
  if (const auto& w = record.meta.wthor) {
    e.result = margin_of_discs(w->black_score);
    e.theoretical = margin_of_discs(w->theoretical_score);
    e.depth = w->depth;
  }
  e.moves = moves_text(replayed, rules.geometry());
  e.source = record.source.file + ": game " + std::to_string(record.source.game);
  e.positions = index_positions(rules, replayed);
  return e;
}

}  // namespace reversi::db
