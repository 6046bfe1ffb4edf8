#include "analysis/solver/search.hpp"

#include <tbb/task_arena.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <thread>

#include "analysis/solver/board_search.hpp"
#include "analysis/solver/root_moves.hpp"

namespace reversi {

namespace {

using namespace endgame;
using Clock = std::chrono::steady_clock;

constexpr auto progress_interval = std::chrono::milliseconds(250);

// Megabytes of table that a search of this many empties fills usefully: twice as many for each
// empty square more, 1 MB up to 18 (4 MB at 20, 64 MB at 24, 256 MB from 26); a small solve
// then starts and ends at once. Fresh pages cost their zeroing and a smaller table stays nearer
// in the caches, for as good as the same nodes (docs/benchmarks.md, "The far table sized closer
// to the search").
std::size_t table_mb_for(int empties) {
  constexpr int smallest_empties = 18;
  constexpr int largest_shift = 30;
  return std::size_t{1} << std::clamp(empties - smallest_empties, 0, largest_shift);
}

}  // namespace

struct Solver::Impl {
  std::size_t hash_mb;
  std::unique_ptr<Tables<Bits64>> narrow_table;
  std::unique_ptr<Tables<Bits128>> wide_table;
  std::optional<Rules> table_rules;

  explicit Impl(std::size_t mb) : hash_mb(std::max<std::size_t>(1, mb)) {}

  // NOLINTNEXTLINE(readability-make-member-function-const): it empties the tables it owns
  void clear() {
    if (narrow_table) narrow_table->clear();
    if (wide_table) wide_table->clear();
  }
  // NOLINTNEXTLINE(readability-make-member-function-const): it empties the tables it owns
  void forget() {
    if (narrow_table) narrow_table->forget();
    if (wide_table) wide_table->forget();
  }

  // The tables hold values under one set of rules; other rules start afresh. A table is sized
  // to the position (hash_mb the upper bound) and grows, empty, when a larger search needs it.
  void prepare(const Rules& rules, int empties, int threads) {
    if (!table_rules || !(*table_rules == rules)) {
      clear();
      table_rules = rules;
    }
    const std::size_t mb = std::min(hash_mb, table_mb_for(empties));
    if (rules.geometry().narrow()) {
      fit(narrow_table, mb, threads);
      narrow_table->new_search();
    } else {
      fit(wide_table, mb, threads);
      wide_table->new_search();
    }
  }

  template <class B>
  static void fit(std::unique_ptr<Tables<B>>& table, std::size_t mb, int threads) {
    if (!table || table->bytes() < (mb << 20) / 2)
      table = std::make_unique<Tables<B>>(mb, threads);
    else
      table->fit_workers(threads);
  }
};

namespace {

// One solve request: the root loop, principal variation and progress, over the rules layer;
// every position after the free-centre placements goes to the bitboard engine.
class RootSearch {
 public:
  RootSearch(const SolveRequest& request, Solver::Impl& tables, Shared& shared)
      : req_(request),
        rules_(request.rules),
        shared_(shared),
        boards_(request, tables.narrow_table.get(), tables.wide_table.get()),
        start_(Clock::now()) {}

  SolveResult run();
  // The state the progress thread reports.
  SolveProgress snapshot() {
    const std::lock_guard lock(progress_mutex_);
    SolveProgress p = progress_;
    p.nodes = shared_.nodes.load(std::memory_order_relaxed);
    p.seconds = seconds();
    return p;
  }

 private:
  double seconds() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }

  // The value of any position: exact inside (alpha, beta), a fail-soft bound outside it.
  // `report`: a root move, whose tests show in the progress.
  // `guess`: where a wide window starts its tests.
  int value(const Position& p, int alpha, int beta, Context& c, bool report = false,
            int guess = 0) {
    if (c.aborted) return 0;
    if (beta - alpha > 1) return mtd_value(p, alpha, beta, c, report, guess);
    return window_value(p, alpha, beta, c);
  }

  // A wide window as a series of null-window tests (MTD(f)): each test is cheap, and the
  // table carries what one test learnt into the next.
  int mtd_value(const Position& p, int alpha, int beta, Context& c, bool report, int guess) {
    return mtd(alpha, beta, guess, c, [&](int b, int lower, int upper) {
      if (report) {
        // Shown from the root's side: the move is being tested against -b.
        const std::lock_guard lock(progress_mutex_);
        progress_.alpha = std::max(-upper, -beta);
        progress_.beta = std::min(-lower, -alpha);
        progress_.test = -b + 1;
      }
      return window_value(p, b - 1, b, c);
    });
  }

  // MTD(f) over `test(b, lower, upper)`, the value of a null window (b - 1, b) given the bounds
  // known so far: exact inside (alpha, beta), a bound outside it.
  template <class Test>
  int mtd(int alpha, int beta, int guess, Context& c, Test&& test) {
    // No margin exceeds the board, so a wipeout needs no test beyond it.
    const int most = popcount(rules_.playable());
    int lower = -most;
    int upper = most;
    int g = std::clamp(guess, alpha + 1, beta - 1);
    while (lower < upper && lower < beta && upper > alpha) {
      const int b = g == lower ? g + 1 : g;
      g = test(b, lower, upper);
      if (c.aborted) return 0;
      if (g < b)
        upper = g;
      else
        lower = g;
    }
    if (lower >= beta) return lower;
    if (upper <= alpha) return upper;
    return lower;
  }

  // A long solve of a wide window starts with selective searches of the root (probcut.hpp):
  // for about a tenth of the exact search's nodes they leave the best moves they found at every
  // node and their value as the root's first guess (docs/benchmarks.md, "A selective search
  // before the exact one"). A window of at most two values (annotate asking whether a move
  // keeps a known value) needs no value and goes without.
  bool wants_selective_first(const Position& root, int alpha, int beta) const {
    return req_.selective_first && beta - alpha > narrowest_guessed_window &&
           rules_.empties(root) >= selective_first_min_empties && boards_.cuts_selectively();
  }
  void search_selectively(const Position& root, Context& c) {
    int guess = 0;
    for (const int level : selective_levels) {
      guess = mtd(-solve_infinity, solve_infinity, guess, c,
                  [&](int b, int, int) { return boards_.value(root, b - 1, b, c, level); });
      if (c.aborted) return;
    }
  }
  static constexpr int selective_first_min_empties = 18;
  // Tenths of a standard deviation, each level starting from the last one's value and moves.
  static constexpr std::array<int, 2> selective_levels = {20, 30};

  int window_value(const Position& p, int alpha, int beta, Context& c) {
    if (rules_.placing(p)) return placement_value(p, alpha, beta, c);
    // The placements reach a few boards in several orientations: solve each board once.
    const Position board = fresh_from_placements(p) ? canonical_orientation(rules_, p).position : p;
    return boards_.value(board, alpha, beta, c);
  }

  // A board whose free centre has just been placed: nothing but the centre is taken.
  bool fresh_from_placements(const Position& p) const {
    return rules_.start() == Start::free && !rules_.placing(p) &&
           p.occupied() == rules_.geometry().centre();
  }

  // The free-centre placements: plain alpha-beta over the rules layer, symmetric moves once.
  int placement_value(const Position& p, int alpha, int beta, Context& c) {
    ++c.nodes;
    const Bits moves = rules_.legal_moves(p);
    if (moves == 0) {
      const Position passed = rules_.pass(p);
      if (!rules_.has_move(passed)) return rules_.value(p, p.to_move);
      return -value(passed, -beta, -alpha, c);
    }
    int best = -solve_infinity;
    for (const RootMove& m : distinct_moves(rules_, p, moves)) {
      const int v = -value(m.child, -beta, -std::max(alpha, best), c);
      if (c.aborted) return 0;
      best = std::max(best, v);
      if (best >= beta) break;
    }
    return best;
  }

  void report() {
    if (req_.on_progress) {
      const SolveProgress p = snapshot();
      const std::lock_guard lock(callback_mutex_);
      req_.on_progress(p);
    }
  }

 public:
  std::mutex callback_mutex_;

 private:
  void search_root(const Position& root, int alpha, int beta, SolveResult& result, Context& c);

  // Every move searched in the same window of at most two values (annotate asking which moves
  // keep a known value): an estimate could neither change which moves are searched nor where
  // their tests start, so it is not paid for (annotate at --exact-empties 18, 300 games: 37-38.5
  // -> 32 processor seconds).
  bool order_is_moot(int alpha, int beta) const {
    return req_.all_moves && beta - alpha <= narrowest_guessed_window;
  }
  static constexpr int narrowest_guessed_window = 2;
  std::vector<Square> principal_variation(Position p, Square first, int v, bool wld, Context& c);

  const SolveRequest& req_;
  const Rules& rules_;
  Shared& shared_;
  BoardSearch boards_;
  Clock::time_point start_;
  std::mutex progress_mutex_;
  SolveProgress progress_;
};

void RootSearch::search_root(const Position& root, int alpha, int beta, SolveResult& result,
                             Context& c) {
  std::vector<RootMove> moves = distinct_moves(rules_, root, rules_.legal_moves(root));
  order_by_replies(rules_, moves);
  std::optional<TableData> known = boards_.table_entry(root);
  if (!(known && known->move != 0xFF) && wants_selective_first(root, alpha, beta)) {
    search_selectively(root, c);
    known = boards_.table_entry(root);
  }
  if (known && known->move != 0xFF) {
    // Met before (the previous position of a game, say, or the selective search): the table's
    // move and bound are a better start than an estimate.
    put_first(moves, Square{known->move});
    // NOLINTNEXTLINE(bugprone-signed-char-misuse): the bounds are small signed numbers, not text
    const int bound = known->lower > -solve_infinity ? known->lower : known->upper;
    if (std::abs(bound) < solve_infinity) moves.front().guess = -bound;
  } else if (wants_root_estimate(rules_, root) && !order_is_moot(alpha, beta)) {
    c.nodes += order_by_estimate(rules_, boards_.patterns(), req_.stop, moves);
  }
  {
    const std::lock_guard lock(progress_mutex_);
    progress_.empties = rules_.empties(root);
    progress_.alpha = alpha;
    progress_.beta = beta;
    progress_.moves_total = static_cast<int>(moves.size());
  }
  int best = -solve_infinity;
  Square best_move = no_square;
  std::vector<const RootMove*> tied;  // with tied_best: the moves worth `best`, exactly
  int a = alpha;
  int done = 0;
  for (auto& m : moves) {
    {
      const std::lock_guard lock(progress_mutex_);
      progress_.current_move = m.square;
    }
    int v;
    if (req_.all_moves || done == 0) {
      v = -value(m.child, -beta, -(req_.all_moves ? alpha : a), c, true, m.guess);
    } else if (req_.tied_best && best > alpha) {
      // `best` is exact: does this move reach it? Only then is its exact value needed.
      v = -value(m.child, -a, -(a - 1), c);
      if (!c.aborted && v >= a && v < beta) v = -value(m.child, -beta, -(a - 1), c, true, m.guess);
    } else {
      {
        const std::lock_guard lock(progress_mutex_);
        progress_.test = a + 1;
      }
      v = -value(m.child, -a - 1, -a, c);
      if (!c.aborted && v > a && v < beta) v = -value(m.child, -beta, -(v - 1), c, true, m.guess);
    }
    if (c.aborted) break;
    const int lo = req_.all_moves ? alpha : a;
    m.lower = v > lo ? v : -solve_infinity;
    m.upper = v < beta ? v : solve_infinity;
    ++done;
    if (v > best) {
      best = v;
      best_move = m.square;
      tied.clear();
    }
    if (req_.tied_best && v == best && v > alpha && v < beta) tied.push_back(&m);
    a = std::max(a, v);
    {
      const std::lock_guard lock(progress_mutex_);
      progress_.moves_done = done;
      progress_.best_move = best_move;
      progress_.best_value = best;
    }
    report();
    if ((!req_.all_moves || req_.stop_at_beta) && a >= beta) break;
  }

  result.complete = !c.aborted;
  result.value = best;
  if (best_move != no_square) result.best_moves.push_back(best_move);
  if (result.complete) {
    result.lower = best > alpha ? best : -solve_infinity;
    result.upper = best < beta ? best : solve_infinity;
  } else {
    // Only the moves searched so far: the value is at least the best of them.
    result.lower = best_move != no_square && best > alpha ? best : -solve_infinity;
    result.upper = solve_infinity;
  }
  if (best_move != no_square) boards_.remember(root, result.lower, result.upper, best_move);
  if (req_.tied_best && !req_.all_moves && result.complete && !tied.empty()) {
    result.best_moves.clear();
    for (const RootMove* m : tied) {
      const std::vector<Square> squares = m->squares();
      result.best_moves.insert(result.best_moves.end(), squares.begin(), squares.end());
    }
  }
  if (req_.all_moves) {
    for (const auto& m : moves) {
      if (m.lower == -solve_infinity && m.upper == solve_infinity) continue;
      const int v = m.lower > -solve_infinity ? m.lower : m.upper;
      for (const Square sq : m.squares())
        result.move_values.push_back(MoveValue{sq, v, m.lower, m.upper});
    }
    std::stable_sort(result.move_values.begin(), result.move_values.end(),
                     [](const MoveValue& x, const MoveValue& y) { return x.value > y.value; });
    result.best_moves.clear();
    for (const auto& mv : result.move_values)
      if (mv.value == best && mv.lower == mv.upper) result.best_moves.push_back(mv.move);
  }
}

// Follows moves that keep the value: at each step the first move whose value is proven to
// equal the position's (for wld, the first that keeps the same outcome).
std::vector<Square> RootSearch::principal_variation(Position p, Square first, int v, bool wld,
                                                    Context& c) {
  std::vector<Square> pv;
  {
    const std::lock_guard lock(progress_mutex_);
    progress_.principal_variation = true;
  }
  // Once the centre is placed the table knows the board in its canonical orientation only
  // (window_value): the line goes on there, its moves turned back to the board played.
  int turned_by = 0;
  for (int ply = 0; ply < 2 * rules_.geometry().cells() && !c.aborted; ++ply) {
    if (fresh_from_placements(p) && !(ply == 0 && first != no_square)) {
      const Oriented o = canonical_orientation(rules_, p);
      p = o.position;
      turned_by = o.symmetry;
    }
    const Bits moves = rules_.legal_moves(p);
    if (moves == 0) {
      const Position passed = rules_.pass(p);
      if (!rules_.has_move(passed)) break;
      pv.push_back(no_square);
      p = passed;
      v = -v;
      continue;
    }
    Square chosen = no_square;
    if (ply == 0 && first != no_square) chosen = first;
    if (chosen == no_square) {
      std::vector<RootMove> candidates;
      for_each_square(moves, [&](Square sq) {
        RootMove m;
        m.square = sq;
        m.child = rules_.play(p, sq);
        candidates.push_back(std::move(m));
      });
      order_by_replies(rules_, candidates);
      // The table's best move for the position is almost always right: try it first.
      const Square hinted = boards_.table_move(p);
      std::stable_partition(candidates.begin(), candidates.end(),
                            [&](const RootMove& m) { return m.square == hinted; });
      for (const auto& m : candidates) {
        // Every move is worth at least -v from the child's side; one of them exactly that.
        const bool keeps = wld && v < 0 ? true : -value(m.child, -v, -v + 1, c) >= v && !c.aborted;
        if (c.aborted) break;
        if (keeps) {
          chosen = m.square;
          break;
        }
      }
    }
    if (chosen == no_square) break;
    pv.push_back(preimage(rules_.geometry(), chosen, turned_by));
    p = rules_.play(p, chosen);
    v = -v;
  }
  if (c.aborted) pv.clear();
  return pv;
}

SolveResult RootSearch::run() {
  SolveResult result;
  Context c(shared_);
  Position root = req_.root;
  int alpha = req_.wld ? -1 : std::clamp(req_.alpha, -solve_infinity, solve_infinity);
  int beta = req_.wld ? 1 : std::clamp(req_.beta, -solve_infinity, solve_infinity);

  if (rules_.game_over(root)) {
    result.value = result.lower = result.upper = rules_.value(root, root.to_move);
  } else {
    result.passed = rules_.legal_moves(root) == 0;
    if (result.passed) {
      root = rules_.pass(root);
      std::swap(alpha, beta);
      alpha = -alpha;
      beta = -beta;
    }
    search_root(root, alpha, beta, result, c);
    const bool in_window = result.value > alpha && result.value < beta;
    if (req_.want_pv && result.complete && !result.best_moves.empty() && (in_window || req_.wld)) {
      const int v = req_.wld ? std::clamp(result.value, -1, 1) : result.value;
      result.pv = principal_variation(root, result.best_moves.front(), v, req_.wld, c);
      result.complete = !c.aborted;
    }
    if (result.passed) {
      result.value = -result.value;
      const int lo = result.lower;
      result.lower = -result.upper;
      result.upper = -lo;
      for (auto& mv : result.move_values) {
        mv.value = -mv.value;
        std::swap(mv.lower, mv.upper);
        mv.lower = -mv.lower;
        mv.upper = -mv.upper;
      }
      result.best_moves.clear();
      result.move_values.clear();
      if (!result.pv.empty()) result.pv.insert(result.pv.begin(), no_square);
    }
  }
  if (req_.wld) {
    result.value = std::clamp(result.value, -1, 1);
    for (auto& mv : result.move_values) mv.value = std::clamp(mv.value, -1, 1);
  }
  c.flush();
  result.nodes = shared_.nodes.load();
  result.seconds = seconds();
  return result;
}

}  // namespace

Solver::Solver(std::size_t hash_mb) : impl_(std::make_unique<Impl>(hash_mb)) {}
Solver::~Solver() = default;
Solver::Solver(Solver&&) noexcept = default;
Solver& Solver::operator=(Solver&&) noexcept = default;

void Solver::clear() {
  impl_->forget();
}

SolveResult Solver::solve(const SolveRequest& request) {
  if (!request.rules.is_valid(request.root))
    throw std::invalid_argument("solve: not a valid position for these rules");
  const int threads = std::max(1, request.threads);
  impl_->prepare(request.rules, request.rules.empties(request.root), threads);
  Shared shared;
  shared.stop = request.stop;
  shared.parallel = threads > 1;
  RootSearch search(request, *impl_, shared);

  // The progress thread: a snapshot a few times a second until the search ends.
  std::mutex done_mutex;
  std::condition_variable done_signal;
  bool done = false;
  std::thread ticker;
  if (request.on_progress) {
    ticker = std::thread([&] {
      std::unique_lock lock(done_mutex);
      while (!done_signal.wait_for(lock, progress_interval, [&] { return done; })) {
        lock.unlock();
        const SolveProgress p = search.snapshot();
        {
          const std::lock_guard cb(search.callback_mutex_);
          request.on_progress(p);
        }
        lock.lock();
      }
    });
  }
  SolveResult result;
  tbb::task_arena arena(threads);
  arena.execute([&] { result = search.run(); });
  if (ticker.joinable()) {
    {
      const std::lock_guard lock(done_mutex);
      done = true;
    }
    done_signal.notify_all();
    ticker.join();
  }
  return result;
}

SolveResult solve(const SolveRequest& request, std::size_t hash_mb) {
  Solver solver(hash_mb);
  return solver.solve(request);
}

}  // namespace reversi
