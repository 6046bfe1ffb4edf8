#include "analysis/atlas.hpp"

#include <pthread.h>
#include <tbb/task_arena.h>
#include <tbb/task_group.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <ctime>
#include <mutex>
#include <set>
#include <stdexcept>
#include <thread>
#include <tuple>

#include "analysis/puzzle/search.hpp"
#include "analysis/solver/root_moves.hpp"

namespace reversi {

namespace {

// The sizes solved here, and the one whose only rows come from the literature.
constexpr int cited_size = 8;

Bits smallest(const std::vector<Bits>& sets) {
  return *std::min_element(sets.begin(), sets.end());
}

// The hole sets of `count` holes outside the centre, one per class, in square order.
std::vector<Bits> hole_classes(const Geometry& g, Start start, int count) {
  std::vector<Square> outside;
  for_each_square(g.squares() & ~g.centre(), [&](Square sq) { outside.push_back(sq); });
  std::vector<Bits> out;
  std::set<Bits> seen;
  const auto add = [&](Bits holes) {
    const Bits key = smallest(hole_images(g, start, holes));
    if (seen.insert(key).second) out.push_back(key);
  };
  if (count == 0) add(0);
  if (count == 1)
    for (Square a : outside) add(bit<Bits>(a));
  if (count == 2)
    for (std::size_t i = 0; i < outside.size(); ++i)
      for (std::size_t j = i + 1; j < outside.size(); ++j)
        add(bit<Bits>(outside[i]) | bit<Bits>(outside[j]));
  return out;
}

std::vector<std::string> split(std::string_view text, char sep) {
  std::vector<std::string> parts;
  std::size_t from = 0;
  while (true) {
    const std::size_t at = text.find(sep, from);
    parts.emplace_back(text.substr(from, at == std::string_view::npos ? at : at - from));
    if (at == std::string_view::npos) return parts;
    from = at + 1;
  }
}

std::optional<int> parse_size(std::string_view token) {
  const auto x = token.find('x');
  if (x == std::string_view::npos || token.substr(0, x) != token.substr(x + 1)) return std::nullopt;
  int n = 0;
  for (char ch : token.substr(0, x)) {
    if (ch < '0' || ch > '9' || n > 100) return std::nullopt;
    n = n * 10 + (ch - '0');
  }
  return x == 0 ? std::nullopt : std::optional<int>(n);
}

// Milliseconds since `t0`, as seconds.
double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// The longest game in moves, placements included: one disc a square.
int longest_game(const Rules& rules) {
  return popcount(rules.playable());
}

// The earliest wipeout of either side (the puzzle search), and whether a side can force one: the
// same board under winner-takes-empties without anti, where a side scores every playable square
// exactly when it has wiped the other out, asked as two null-window solves.
bool wipeout_facts(const AtlasRowRequest& req, Solver& solver, AtlasRow& row) {
  PuzzleRequest p;
  p.rules = req.rules;
  p.goal.kind = PuzzleGoalKind::wipeout;
  p.by = longest_game(req.rules);
  p.beyond = 0;
  p.threads = req.threads;
  p.stop = req.stop;
  const ExistsResult e = puzzle_exists(p);
  if (!e.complete) return false;
  row.wipeout.earliest = e.earliest;
  row.wipeout.example = e.witness;

  const Rules& r = req.rules;
  const Rules plain(r.size(), r.start(), false, r.holes(), Scoring::winner_takes_empties);
  const int all = popcount(r.playable());
  SolveRequest s;
  s.rules = plain;
  s.root = plain.initial();
  s.want_pv = false;
  s.threads = req.threads;
  s.stop = req.stop;
  s.alpha = all - 1;
  s.beta = all;
  const SolveResult dark = solver.solve(s);
  s.alpha = -all;
  s.beta = -all + 1;
  const SolveResult light = solver.solve(s);
  row.nodes_total += dark.nodes + light.nodes;
  if (!dark.complete || !light.complete) return false;
  row.wipeout.dark_can_force = dark.value >= all;
  row.wipeout.light_can_force = light.value <= -all;
  return true;
}

}  // namespace

std::vector<int> start_symmetries(const Geometry& g, Start start) {
  const Position p = Rules(g.size(), start).initial();
  std::vector<int> out;
  for (int s = 0; s < symmetry_count; ++s)
    if (g.transform(p.player, s) == p.player && g.transform(p.opponent, s) == p.opponent)
      out.push_back(s);
  return out;
}

std::vector<Bits> hole_images(const Geometry& g, Start start, Bits holes) {
  std::vector<Bits> out;
  for (int s : start_symmetries(g, start)) out.push_back(g.transform(holes, s));
  return out;
}

Rules canonical(const Rules& rules) {
  const Bits holes = smallest(hole_images(rules.geometry(), rules.start(), rules.holes()));
  return Rules(rules.size(), rules.start(), rules.anti(), holes, rules.scoring());
}

bool is_canonical(const Rules& rules) {
  return canonical(rules) == rules;
}

std::string atlas_id(const Rules& rules) {
  std::string id = std::to_string(rules.size()) + "x" + std::to_string(rules.size()) + "-" +
                   start_name(rules.start());
  if (rules.anti()) id += "-anti";
  for_each_square(rules.holes(), [&](Square sq) { id += "-" + rules.geometry().name(sq); });
  return id + "-" + scoring_name(rules.scoring());
}

ParsedVariant parse_atlas_id(std::string_view id) {
  const std::vector<std::string> parts = split(id, '-');
  const auto fail = [&](const std::string& why) {
    return ParsedVariant{std::nullopt, "variant '" + std::string(id) + "': " + why};
  };
  if (parts.size() < 3)
    return fail("expected SIZE-START[-anti][-HOLE...]-SCORING, e.g. 6x6-free-anti-b2-winner");
  const std::optional<int> size = parse_size(parts.front());
  if (!size) return fail("'" + parts.front() + "' is not a board size such as 4x4");
  if (!Geometry::is_supported(*size) || !atlas_listed_size(*size))
    return fail("the atlas takes 4x4 and 6x6 (8x8 for the cited rows), not " + parts.front());
  const std::optional<Start> start = parse_start(parts[1]);
  if (!start) return fail("'" + parts[1] + "' is not a start (standard or free)");
  const std::optional<Scoring> scoring = parse_scoring(parts.back());
  if (!scoring) return fail("'" + parts.back() + "' is not a scoring (winner or count)");
  const Geometry g(*size);
  bool anti = false;
  Bits holes = 0;
  for (std::size_t i = 2; i + 1 < parts.size(); ++i) {
    if (i == 2 && parts[i] == "anti") {
      anti = true;
      continue;
    }
    const std::optional<Square> sq = g.parse(parts[i]);
    if (!sq || parts[i].find_first_not_of("0123456789") == std::string::npos)
      return fail("'" + parts[i] + "' is neither 'anti' nor a square of the " + parts.front() +
                  " board");
    if ((g.centre() & bit<Bits>(*sq)) != 0)
      return fail("a hole may not be on a centre square (" + parts[i] + ")");
    if ((holes & bit<Bits>(*sq)) != 0) return fail("hole " + parts[i] + " named twice");
    holes |= bit<Bits>(*sq);
  }
  const Rules rules(*size, *start, anti, holes, *scoring);
  if (*size == cited_size && !cited_result(rules))
    return fail("on 8x8 the atlas lists only the rows known from the literature");
  return ParsedVariant{rules, ""};
}

bool atlas_solvable_size(int size) {
  return size == 4 || size == 6;
}

bool atlas_listed_size(int size) {
  return atlas_solvable_size(size) || size == cited_size;
}

std::vector<Rules> atlas_variants(int size) {
  std::vector<Rules> out;
  if (size == cited_size) {
    out.emplace_back(cited_size);
    return out;
  }
  if (!atlas_solvable_size(size)) return out;
  const Geometry g(size);
  const int most_holes = size == 4 ? 2 : 1;
  for (Start start : {Start::standard, Start::free})
    for (bool anti : {false, true})
      for (int count = 0; count <= most_holes; ++count)
        for (Bits holes : hole_classes(g, start, count)) {
          out.emplace_back(size, start, anti, holes, Scoring::winner_takes_empties);
          if (size == 4 || holes == 0) out.emplace_back(size, start, anti, holes, Scoring::count);
        }
  return out;
}

std::optional<CitedResult> cited_result(const Rules& rules) {
  if (!(rules == Rules(cited_size))) return std::nullopt;
  const Geometry& g = rules.geometry();
  return CitedResult{0,
                     {*g.parse("d3")},
                     "Takizawa 2023, 'Othello is Solved' (arXiv:2310.19387): a weak solution, "
                     "perfect play from the standard start is a draw; not computed here"};
}

std::string outcome_words(const Rules& rules, int value_for_dark) {
  const std::string how = rules.anti() ? " (anti: fewer discs wins)" : "";
  if (value_for_dark == 0) return "draw" + how;
  const int margin = value_for_dark > 0 ? value_for_dark : -value_for_dark;
  return std::string(value_for_dark > 0 ? "dark" : "light") + " wins by " + std::to_string(margin) +
         how;
}

std::vector<Square> distinct_first_moves(const Rules& rules, const std::vector<Square>& moves) {
  const Geometry& g = rules.geometry();
  const std::vector<int> syms = symmetries_of(rules, rules.initial());
  std::vector<Square> sorted = moves;
  std::sort(sorted.begin(), sorted.end());
  std::vector<Square> out;
  for (Square sq : sorted) {
    const bool seen = std::any_of(syms.begin(), syms.end(), [&](int s) {
      return std::find(out.begin(), out.end(), g.transform(sq, s)) != out.end();
    });
    if (!seen) out.push_back(sq);
  }
  return out;
}

AtlasRow solve_atlas_row(const AtlasRowRequest& req) {
  AtlasRow row;
  row.rules = req.rules;
  if (const std::optional<CitedResult> known = cited_result(req.rules)) {
    row.cited = true;
    row.complete = true;
    row.value = known->value;
    row.best_moves = known->best_moves;
    row.source = known->source;
    return row;
  }
  if (!atlas_solvable_size(req.rules.size()))
    throw std::invalid_argument("the atlas solves 4x4 and 6x6 boards only");
  const auto t0 = std::chrono::steady_clock::now();
  // 4x4 games are tiny: a small table is enough, and cheap to clear.
  constexpr std::size_t small_board_hash_mb = 4;
  Solver solver(req.rules.size() == 4 ? std::min(req.hash_mb, small_board_hash_mb) : req.hash_mb);
  SolveRequest s;
  s.rules = req.rules;
  s.root = req.rules.initial();
  s.threads = req.threads;
  s.on_progress = req.on_progress;
  s.stop = req.stop;
  const SolveResult main = solver.solve(s);
  row.nodes = row.nodes_total = main.nodes;
  if (!main.complete || !main.exact()) return row;
  row.value = main.value;  // dark moves first
  row.pv = main.pv;

  // Every first move worth the value: inside the window (value - 1, value + 1) only those are
  // exact, so the table of the first solve answers the rest almost at once.
  SolveRequest all = s;
  all.all_moves = true;
  all.want_pv = false;
  all.on_progress = nullptr;
  all.alpha = main.value - 1;
  all.beta = main.value + 1;
  const SolveResult every = solver.solve(all);
  row.nodes_total += every.nodes;
  if (!every.complete) return row;
  std::vector<Square> best;
  for (const MoveValue& mv : every.move_values)
    if (mv.lower == mv.upper && mv.value == main.value) best.push_back(mv.move);
  row.best_moves = distinct_first_moves(req.rules, best);

  if (req.wipeouts && !wipeout_facts(req, solver, row)) return row;
  row.complete = true;
  row.seconds = seconds_since(t0);
  return row;
}

// The CPU seconds a thread has used, by its clock.
double cpu_seconds(clockid_t clock) {
  timespec t{};
  clock_gettime(clock, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

clockid_t this_thread_clock() {
  clockid_t id{};
  pthread_getcpuclockid(pthread_self(), &id);
  return id;
}

// Stops each row when the run is stopped or the row has used up its CPU time (the worker
// thread's own clock, so that a busy machine does not shorten it): a watchdog looks at each
// worker's row a few times a second.
class RowClock {
 public:
  static constexpr std::size_t max_workers = 64;

  RowClock(std::size_t rows, double limit, const std::atomic<bool>* stop)
      : flags_(rows), limit_(limit), stop_(stop) {
    for (auto& f : flags_) f = false;
    watchdog_ = std::thread([this] { watch(); });
  }
  ~RowClock() {
    done_ = true;
    watchdog_.join();
  }
  RowClock(const RowClock&) = delete;
  RowClock& operator=(const RowClock&) = delete;

  void start(std::size_t worker, std::size_t row) {
    clocks_[worker] = this_thread_clock();
    started_[worker] = cpu_seconds(clocks_[worker]);
    late_[worker] = false;
    running_[worker] = row + 1;
  }
  // The CPU seconds of the worker's row so far (called on the worker's thread).
  double used(std::size_t worker) const { return cpu_seconds(clocks_[worker]) - started_[worker]; }
  void finish(std::size_t worker) { running_[worker] = 0; }
  const std::atomic<bool>* flag(std::size_t row) const { return &flags_[row]; }
  bool timed_out(std::size_t worker) const { return late_[worker]; }

 private:
  void watch() {
    constexpr auto tick = std::chrono::milliseconds(50);
    while (!done_) {
      const bool stopped = stop_ != nullptr && stop_->load();
      for (std::size_t w = 0; w < max_workers; ++w) {
        const std::size_t row = running_[w];
        if (row == 0) continue;
        if (limit_ > 0 && cpu_seconds(clocks_[w]) - started_[w] > limit_) late_[w] = true;
        if (stopped || late_[w]) flags_[row - 1] = true;
      }
      std::this_thread::sleep_for(tick);
    }
  }

  std::vector<std::atomic<bool>> flags_;  // one per row: its solves' stop flag
  std::array<std::atomic<std::size_t>, max_workers> running_{};  // each worker's row + 1, or 0
  std::array<std::atomic<double>, max_workers> started_{};       // CPU seconds at the row's start
  std::array<std::atomic<clockid_t>, max_workers> clocks_{};
  std::array<std::atomic<bool>, max_workers> late_{};
  double limit_;
  const std::atomic<bool>* stop_;
  std::atomic<bool> done_{false};
  std::thread watchdog_;
};

std::vector<std::size_t> atlas_solve_order(const std::vector<Rules>& variants) {
  // In the stored 6x6 table the free-centre anti rows are the slowest (about four times an anti
  // row from the cross), and anti rows cost more than plain ones.
  const auto expected_cost = [](const Rules& r) {
    return std::make_tuple(r.size(), r.anti(), r.start() == Start::free);
  };
  std::vector<std::size_t> order(variants.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return expected_cost(variants[a]) > expected_cost(variants[b]);
  });
  return order;
}

std::vector<AtlasRow> solve_atlas(const AtlasRunRequest& req) {
  std::vector<AtlasRow> rows(req.variants.size());
  const std::vector<std::size_t> order = atlas_solve_order(req.variants);
  for (std::size_t i = 0; i < rows.size(); ++i) rows[i].rules = req.variants[i];
  std::atomic<std::size_t> next{0};
  std::mutex report;
  const auto stopped = [&] { return req.stop != nullptr && req.stop->load(); };
  RowClock clock(rows.size(), req.row_seconds, req.stop);
  const auto worker = [&](std::size_t w) {
    for (std::size_t k = next++; k < rows.size() && !stopped(); k = next++) {
      const std::size_t i = order[k];
      AtlasRowRequest r;
      r.rules = req.variants[i];
      r.hash_mb = req.hash_mb;
      r.wipeouts = req.wipeouts;
      r.stop = clock.flag(i);
      if (req.on_progress)
        r.on_progress = [&req, &report, i](const SolveProgress& p) {
          const std::lock_guard lock(report);
          req.on_progress(i, p);
        };
      clock.start(w, i);
      rows[i] = solve_atlas_row(r);
      rows[i].timed_out = !rows[i].complete && clock.timed_out(w);
      rows[i].cpu_seconds = clock.used(w);
      clock.finish(w);
      if (req.on_row) {
        const std::lock_guard lock(report);
        req.on_row(i, rows[i]);
      }
    }
  };
  const auto workers =
      static_cast<std::size_t>(std::clamp(req.threads, 1, static_cast<int>(RowClock::max_workers)));
  tbb::task_arena arena(static_cast<int>(workers));
  arena.execute([&] {
    tbb::task_group group;
    for (std::size_t w = 0; w < workers; ++w) group.run([&worker, w] { worker(w); });
    group.wait();
  });
  return rows;
}

std::optional<int> replay_value(const Rules& rules, const std::vector<Square>& pv) {
  Position p = rules.initial();
  for (Square sq : pv) {
    const Bits legal = rules.legal_moves(p);
    if (sq == no_square) {
      if (legal != 0 || rules.game_over(p)) return std::nullopt;
      p = rules.pass(p);
    } else {
      if (!rules.geometry().contains(sq) || (legal & bit<Bits>(sq)) == 0) return std::nullopt;
      p = rules.play(p, sq);
    }
  }
  if (!rules.game_over(p)) return std::nullopt;
  return rules.value(p, Color::dark);
}

namespace {

std::string moves_text(const Rules& rules, const std::vector<Square>& list) {
  std::string text;
  for (Square sq : list) text += (text.empty() ? "" : " ") + rules.geometry().name(sq);
  return text.empty() ? std::string("none") : text;
}

// Whether `sq` is one of `moves` or an image of one under the start's symmetries.
bool among_up_to_symmetry(const Rules& rules, Square sq, const std::vector<Square>& moves) {
  const Geometry& g = rules.geometry();
  if (std::find(moves.begin(), moves.end(), sq) != moves.end()) return true;
  const std::vector<int> syms = symmetries_of(rules, rules.initial());  // the identity left out
  return std::any_of(syms.begin(), syms.end(), [&](int s) {
    return std::find(moves.begin(), moves.end(), g.transform(sq, s)) != moves.end();
  });
}

}  // namespace

std::vector<std::string> check_stored_line(const AtlasRow& stored) {
  std::vector<std::string> out;
  if (stored.cited) return out;
  const std::optional<int> replayed = replay_value(stored.rules, stored.pv);
  if (replayed != stored.value)
    out.push_back(
        "the principal variation " +
        (replayed ? "ends at " + std::to_string(*replayed) : std::string("is not a game")) +
        ", not at the value " + std::to_string(stored.value));
  if (!stored.pv.empty() && stored.pv.front() != no_square &&
      !among_up_to_symmetry(stored.rules, stored.pv.front(), stored.best_moves))
    out.push_back(
        "the principal variation starts with " + stored.rules.geometry().name(stored.pv.front()) +
        ", not one of the optimal first moves " + moves_text(stored.rules, stored.best_moves));
  return out;
}

std::vector<std::string> compare_rows(const AtlasRow& stored, const AtlasRow& fresh) {
  std::vector<std::string> out;
  if (stored.value != fresh.value)
    out.push_back("value " + std::to_string(stored.value) + ", solved " +
                  std::to_string(fresh.value));
  if (distinct_first_moves(fresh.rules, stored.best_moves) != fresh.best_moves)
    out.push_back("optimal first moves " + moves_text(fresh.rules, stored.best_moves) +
                  ", solved " + moves_text(fresh.rules, fresh.best_moves));
  for (auto& problem : check_stored_line(stored)) out.push_back(std::move(problem));
  const auto earliest = [](const std::optional<int>& e) {
    return e ? std::to_string(*e) : std::string("none");
  };
  if (stored.wipeout.earliest != fresh.wipeout.earliest)
    out.push_back("earliest wipeout " + earliest(stored.wipeout.earliest) + ", solved " +
                  earliest(fresh.wipeout.earliest));
  if (stored.wipeout.dark_can_force != fresh.wipeout.dark_can_force ||
      stored.wipeout.light_can_force != fresh.wipeout.light_can_force)
    out.emplace_back("who can force a wipeout differs");
  return out;
}

std::optional<double> stored_cost(const AtlasRow& stored) {
  if (stored.cited) return 0.0;
  if (stored.cpu_seconds > 0) return stored.cpu_seconds;
  if (stored.seconds > 0) return stored.seconds;
  return std::nullopt;
}

bool quick_to_resolve(const AtlasRow& stored, double threshold_seconds) {
  if (stored.cited || stored.rules.size() == 4) return true;
  const std::optional<double> cost = stored_cost(stored);
  return cost && *cost < threshold_seconds;
}

double estimated_wall_seconds(const std::vector<Rules>& variants,
                              const std::vector<double>& cpu_seconds, int threads) {
  // When each worker is next free; the earliest takes the next row.
  std::vector<double> free_at(static_cast<std::size_t>(std::max(threads, 1)), 0.0);
  for (const std::size_t i : atlas_solve_order(variants)) {
    const auto first = std::min_element(free_at.begin(), free_at.end());
    *first += cpu_seconds[i];
  }
  return *std::max_element(free_at.begin(), free_at.end());
}

}  // namespace reversi
