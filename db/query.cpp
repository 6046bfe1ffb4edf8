#include "db/query.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <map>

#include "core/bits.hpp"
#include "db/schema.hpp"
#include "db/sqlite.hpp"
#include "db/symmetry.hpp"

namespace reversi::db {

namespace {

// What a filter needs of a game, kept in memory (about 20 bytes a game).
struct GameInfo {
  std::int32_t dark = -1;  // -1: no game with this id
  std::int32_t light = -1;
  std::int32_t tournament = -1;
  std::int16_t year = -1;
  std::optional<std::int8_t> result;
  std::optional<std::int8_t> theoretical;
};

std::string lower(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// Per id: does the name contain `part` (case-insensitive)? Empty `part`: no filter.
std::optional<std::vector<bool>> matching(const std::vector<std::string>& names,
                                          const std::string& part) {
  if (part.empty()) return std::nullopt;
  const std::string wanted = lower(part);
  std::vector<bool> out(names.size());
  for (std::size_t i = 0; i < names.size(); ++i)
    out[i] = lower(names[i]).find(wanted) != std::string::npos;
  return out;
}

std::vector<std::string> load_names(Connection& db, const char* table) {
  std::vector<std::string> names;
  Statement all(db, std::string("SELECT id, name FROM ") + table);
  while (all.step()) {
    const auto id = static_cast<std::size_t>(all.integer(0));
    if (names.size() <= id) names.resize(id + 1);
    names[id] = all.text(1);
  }
  return names;
}

std::optional<std::int8_t> small(std::optional<int> v) {
  if (!v) return std::nullopt;
  return static_cast<std::int8_t>(*v);
}

// The filters resolved to per-id tables once per query.
struct Selection {
  std::optional<std::vector<bool>> player, dark, light, tournament;
  std::optional<int> year_from, year_to;

  bool keeps(const GameInfo& g) const {
    const auto d = static_cast<std::size_t>(g.dark);
    const auto l = static_cast<std::size_t>(g.light);
    if (player && !(*player)[d] && !(*player)[l]) return false;
    if (dark && !(*dark)[d]) return false;
    if (light && !(*light)[l]) return false;
    if (tournament && !(*tournament)[static_cast<std::size_t>(g.tournament)]) return false;
    if ((year_from || year_to) && g.year < 0) return false;
    if (year_from && g.year < *year_from) return false;
    if (year_to && g.year > *year_to) return false;
    return true;
  }
};

constexpr int next_codes = pass_move + 1;

// The smallest image of a canonical square under the symmetries that keep the position.
int class_of(int code, unsigned stabilizer) {
  if (code >= no_next_move) return code;
  int best = code;
  for (int s = 0; s < symmetry_count; ++s)
    if (stabilizer & (1u << s)) best = std::min(best, transform(code, s));
  return best;
}

void count(MoveStats& m, const GameInfo& g, bool light_moves) {
  ++m.games;
  if (g.result) {
    const int margin = light_moves ? -*g.result : *g.result;
    m.margin_sum += margin;
    (margin > 0 ? m.wins : margin < 0 ? m.losses : m.draws) += 1;
  }
  if (g.theoretical) {
    ++m.theoretical_games;
    m.theoretical_sum += light_moves ? -*g.theoretical : *g.theoretical;
  }
}

void merge(MoveStats& into, const MoveStats& from) {
  into.games += from.games;
  into.wins += from.wins;
  into.draws += from.draws;
  into.losses += from.losses;
  into.margin_sum += from.margin_sum;
  into.theoretical_games += from.theoretical_games;
  into.theoretical_sum += from.theoretical_sum;
}

// Moves equivalent under the position's symmetry are one line, shown as the member of the
// class most played on the caller's board.
std::vector<MoveStats> group_moves(const std::array<MoveStats, next_codes>& raw,
                                   const Canonical& c) {
  std::map<int, std::pair<MoveStats, long>> classes;  // class -> stats, games of the shown move
  const int back = inverse(c.symmetry);
  for (int code = 0; code < no_next_move; ++code) {
    if (raw[static_cast<std::size_t>(code)].games == 0) continue;
    const auto& r = raw[static_cast<std::size_t>(code)];
    auto& [stats, shown_games] = classes[class_of(code, c.stabilizer)];
    if (r.games > shown_games) {
      shown_games = r.games;
      stats.move = transform(code, back);
    }
    merge(stats, r);
  }
  std::vector<MoveStats> out;
  out.reserve(classes.size() + 1);
  for (auto& [code, entry] : classes) out.push_back(entry.first);
  if (raw[pass_move].games > 0) out.push_back(raw[pass_move]);
  std::stable_sort(out.begin(), out.end(),
                   [](const MoveStats& a, const MoveStats& b) { return a.games > b.games; });
  return out;
}

}  // namespace

struct GameDatabase::Impl {
  explicit Impl(const std::string& path) : db(path, OpenMode::read_only) {
    check_schema(db);
    players = load_names(db, "players");
    tournaments = load_names(db, "tournaments");
    load_games();
  }

  void load_games() {
    Statement all(db, "SELECT id, dark, light, tournament, year, result, theoretical FROM games");
    while (all.step()) {
      const auto id = static_cast<std::size_t>(all.integer(0));
      if (games.size() <= id) games.resize(id + 1);
      auto& g = games[id];
      g.dark = static_cast<std::int32_t>(all.integer(1));
      g.light = static_cast<std::int32_t>(all.integer(2));
      g.tournament = static_cast<std::int32_t>(all.integer(3));
      g.year = static_cast<std::int16_t>(all.optional_int(4).value_or(-1));
      g.result = small(all.optional_int(5));
      g.theoretical = small(all.optional_int(6));
      ++count;
    }
  }

  Selection select(const Filters& f) const {
    return {matching(players, f.player),
            matching(players, f.dark),
            matching(players, f.light),
            matching(tournaments, f.tournament),
            f.year_from,
            f.year_to};
  }

  Connection db;
  std::vector<std::string> players;
  std::vector<std::string> tournaments;
  std::vector<GameInfo> games;
  long count = 0;
};

GameDatabase::GameDatabase(const std::string& path) : impl_(std::make_unique<Impl>(path)) {}
GameDatabase::~GameDatabase() = default;

long GameDatabase::game_count() const {
  return impl_->count;
}

Answer GameDatabase::query(const Position& position, const Filters& filters) const {
  Answer answer;
  if (popcount(position.occupied()) - 4 > indexed_plies) {
    answer.beyond_index = true;
    return answer;
  }
  const Canonical c = canonical(static_cast<std::uint64_t>(position.player),
                                static_cast<std::uint64_t>(position.opponent));
  const Selection selection = impl_->select(filters);
  std::array<MoveStats, next_codes> raw{};
  Statement lists(impl_->db, "SELECT entries FROM positions WHERE hash = ?");
  lists.bind(1, c.key());
  while (lists.step()) {
    const std::string_view bytes = lists.blob(0);
    for (std::size_t at = 0; at + entry_bytes <= bytes.size(); at += entry_bytes) {
      const auto* e = reinterpret_cast<const unsigned char*>(bytes.data() + at);
      const auto id = static_cast<std::int64_t>(e[0] | e[1] << 8 | e[2] << 16 |
                                                static_cast<std::uint32_t>(e[3]) << 24);
      const int info = e[4] | e[5] << 8;
      const auto& g = impl_->games[static_cast<std::size_t>(id)];
      if (!selection.keeps(g)) continue;
      ++answer.games;
      answer.game_ids.push_back(id);
      if (info_next(info) == no_next_move) {
        ++answer.ended_here;
        continue;
      }
      count(raw[static_cast<std::size_t>(info_next(info))], g, info_light(info));
    }
  }
  answer.moves = group_moves(raw, c);
  std::sort(answer.game_ids.begin(), answer.game_ids.end());
  return answer;
}

std::vector<GameRow> GameDatabase::games(const std::vector<std::int64_t>& ids) const {
  Statement one(impl_->db,
                "SELECT g.id, p.name, q.name, t.name, g.year, g.result, g.theoretical, g.depth, "
                "g.moves, g.source FROM games g JOIN players p ON p.id = g.dark "
                "JOIN players q ON q.id = g.light JOIN tournaments t ON t.id = g.tournament "
                "WHERE g.id = ?");
  std::vector<GameRow> out;
  for (const auto id : ids) {
    one.bind(1, id);
    while (one.step())
      out.push_back({one.integer(0), one.text(1), one.text(2), one.text(3), one.optional_int(4),
                     one.optional_int(5), one.optional_int(6), one.optional_int(7), one.text(8),
                     one.text(9)});
  }
  return out;
}

std::optional<BookEntry> GameDatabase::book(const Position& position) const {
  return find_in_book(impl_->db, position);
}

BookTable GameDatabase::book_table() const {
  return BookTable(impl_->db);
}

}  // namespace reversi::db
