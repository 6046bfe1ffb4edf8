#include "analysis/puzzle/search.hpp"

#include <tbb/task_arena.h>

#include <map>
#include <mutex>
#include <stdexcept>

#include "analysis/parallel_each.hpp"
#include "analysis/puzzle/worker.hpp"

namespace reversi {

std::string goal_kind_name(PuzzleGoalKind k) {
  switch (k) {
    case PuzzleGoalKind::wipeout:
      return "wipeout";
    case PuzzleGoalKind::end:
      return "end";
    case PuzzleGoalKind::discs:
      return "discs";
  }
  return "unknown";
}

namespace {

using namespace puzzle_detail;

// Tasks are split off near the root until there are enough to keep every thread busy.
constexpr std::size_t tasks_per_thread = 32;
// Subtrees this shallow are not worth a task of their own.
constexpr int smallest_split_depth = 3;
// The forced search is split over this many plies near the root.
constexpr int forced_parallel_plies = 2;

// Moves that do not count under the request's reading: the free-centre placements when they
// are not moves. The search itself always counts every disc placed.
int uncounted_moves(const PuzzleRequest& r) {
  return r.rules.start() == Start::free && !r.placements_are_moves ? placement_moves : 0;
}

template <class K>
struct Task {
  State<K> state;
  int depth = 0;
  Square first = no_square;  // the first move of the game on the way here
};

// Plays out every sequence from the root breadth-first until there are at least `wanted`
// tasks; goals, games over and shallow subtrees stay as they are, for the workers. The root
// is always expanded, so that every task knows the game's first move.
template <class K>
std::vector<Task<K>> split(const Shared<K>& sh, const State<K>& root, int depth,
                           std::size_t wanted) {
  const Worker<K> probe(sh);
  const auto expandable = [&](const Task<K>& t, int smallest_depth) {
    return t.depth >= smallest_depth && !probe.goal_now(t.state) && !sh.board.over(t.state);
  };
  const auto expand = [&](const Task<K>& t, std::vector<Task<K>>& next) {
    const BitsOf<K> moves = sh.board.moves(t.state);
    if (moves == 0) {
      next.push_back(Task<K>{sh.board.pass(t.state), t.depth, t.first});
      return;
    }
    for (BitsOf<K> m = moves; m != 0; m &= m - 1) {
      const int sq = lowest_square(m);
      next.push_back(
          Task<K>{sh.board.play(t.state, sq), t.depth - 1, t.first == no_square ? sq : t.first});
    }
  };
  std::vector<Task<K>> level{Task<K>{root, depth, no_square}};
  bool first_pending = true;
  while (first_pending || level.size() < wanted) {
    std::vector<Task<K>> next;
    bool expanded = false;
    first_pending = false;
    for (const Task<K>& t : level) {
      const bool before_first_move = t.first == no_square;
      if (expandable(t, before_first_move ? 1 : smallest_split_depth)) {
        expand(t, next);
        expanded = true;
        first_pending = first_pending || next.back().first == no_square;
      } else {
        next.push_back(t);
      }
    }
    level.swap(next);
    if (!expanded) break;
  }
  return level;
}

// Runs `work(worker, task_index)` over every task on `threads` threads.
template <class K, class Work>
std::uint64_t run_tasks(const Shared<K>& sh, std::size_t tasks, int threads, Work&& work,
                        const std::function<void(std::uint64_t, std::uint64_t)>& on_done) {
  std::atomic<std::uint64_t> positions{0};
  std::atomic<std::uint64_t> done{0};
  tbb::task_arena arena(std::max(1, threads));
  arena.execute([&] {
    parallel_each(tasks, [&](std::size_t i) {
      Worker<K> w(sh);
      work(w, i);
      positions += w.positions();
      on_done(++done, tasks);
    });
  });
  return positions;
}

bool stopped(const std::atomic<bool>* stop) {
  return stop != nullptr && stop->load();
}

// What both searches share: the request, the board, the tables' owner and the root, progress
// reports, and the reach search (a forced goal must be reachable at all).
template <class K>
class PuzzleBase {
 public:
  using B = BitsOf<K>;

  PuzzleBase(const PuzzleRequest& request, GoalSpec goal)
      : req_(request),
        board_(request.rules),
        shared_{board_, Symmetries<K>(request.rules.geometry(), board_.playable()), goal},
        root_(board_.from_position(request.rules.initial())),
        offset_(uncounted_moves(request)) {
    shared_.stop = request.stop;
  }

 protected:
  // Called from any worker thread; the callback sees one call at a time.
  void report(const char* phase, int k, std::uint64_t done, std::uint64_t total) {
    if (!req_.on_progress) return;
    std::lock_guard lock(progress_mutex_);
    req_.on_progress(PuzzleProgress{phase, k, done, total});
  }

  std::size_t wanted_tasks() const {
    return req_.threads <= 1 ? 1 : static_cast<std::size_t>(req_.threads) * tasks_per_thread;
  }

  // Whether the goal can be reached by move k; nothing when stopped.
  std::optional<bool> reach_in_parallel(int k, std::uint64_t& positions) {
    const auto tasks = split(shared_, root_, k + offset_, wanted_tasks());
    std::atomic<bool> found{false};
    shared_.cancel = &found;
    positions += run_tasks(
        shared_, tasks.size(), req_.threads,
        [&](Worker<K>& w, std::size_t i) {
          if (found.load(std::memory_order_relaxed)) return;
          if (w.reach(tasks[i].state, tasks[i].depth) && !w.aborted()) found = true;
        },
        [&](std::uint64_t done, std::uint64_t total) { report("searching", k, done, total); });
    shared_.cancel = nullptr;
    if (found) return true;
    if (stopped(req_.stop)) return std::nullopt;
    return false;
  }

  // The first shortest game in square order: at each step the lowest move that still reaches
  // the goal in time. Exact because the table only caches answers.
  bool find_witness(Worker<K>& w, const State<K>& s, int d, MoveSequence& path) {
    if (w.goal_now(s)) return true;
    const B moves = board_.moves(s);
    if (moves == 0) {
      const State<K> passed = board_.pass(s);
      if (board_.moves(passed) == 0) return false;
      path.push_back(no_square);
      if (find_witness(w, passed, d, path)) return true;
      path.pop_back();
      return false;
    }
    if (d == 0) return false;
    for (B m = moves; m != 0; m &= m - 1) {
      const int sq = lowest_square(m);
      const State<K> child = board_.play(s, sq);
      if (!w.reach(child, d - 1)) continue;
      path.push_back(sq);
      if (find_witness(w, child, d - 1, path)) return true;
      path.pop_back();
    }
    return false;
  }

  const PuzzleRequest& req_;
  std::mutex progress_mutex_;
  PuzzleBoard<K> board_;
  Shared<K> shared_;
  State<K> root_;
  int offset_;
};

// "Can the goal be reached by move N": the earliest move, a witness line, counts and lists.
template <class K>
class ExistsPuzzle : PuzzleBase<K> {
 public:
  using Base = PuzzleBase<K>;
  using Base::Base;
  using Base::board_;
  using Base::find_witness;
  using Base::offset_;
  using Base::reach_in_parallel;
  using Base::report;
  using Base::req_;
  using Base::root_;
  using Base::shared_;
  using Base::wanted_tasks;
  using typename Base::B;

  ExistsResult exists() {
    ExistsResult out;
    LossyTable<BoundEntry<B>> reach_table(req_.table_bytes);
    shared_.reach = &reach_table;
    out.searched_to = -1;
    for (int k = 0; k <= req_.by + req_.beyond; ++k) {
      const std::optional<bool> found = reach_in_parallel(k, out.positions);
      if (!found) {
        out.complete = false;
        return out;
      }
      if (*found) {
        out.earliest = k;
        break;
      }
      out.searched_to = k;
    }
    out.yes = out.earliest && *out.earliest <= req_.by;
    if (out.earliest) {
      Worker<K> w(shared_);
      find_witness(w, root_, *out.earliest + offset_, out.witness);
    }
    if (req_.count || req_.list_limit > 0) {
      LossyTable<CountEntry<B>> count_table(req_.table_bytes);
      shared_.counts = &count_table;
      if (req_.count) out.counts = count_all(out);
      if (req_.list_limit > 0 && out.complete) list_all(out);
      shared_.counts = nullptr;
    }
    if (stopped(req_.stop)) out.complete = false;
    shared_.reach = nullptr;
    return out;
  }

 private:
  // Sequences reaching the goal within k moves, split by first move.
  std::map<Square, std::uint64_t> count_by_first_move(int k, std::uint64_t& positions) {
    const auto tasks = split(shared_, root_, k + offset_, wanted_tasks());
    std::vector<std::uint64_t> per_task(tasks.size(), 0);
    positions += run_tasks(
        shared_, tasks.size(), req_.threads,
        [&](Worker<K>& w, std::size_t i) { per_task[i] = w.count(tasks[i].state, tasks[i].depth); },
        [&](std::uint64_t done, std::uint64_t total) { report("counting", k, done, total); });
    std::map<Square, std::uint64_t> out;
    for (std::size_t i = 0; i < tasks.size(); ++i) out[tasks[i].first] += per_task[i];
    return out;
  }

  PuzzleCounts count_all(ExistsResult& result) {
    PuzzleCounts c;
    c.at_move.assign(static_cast<std::size_t>(std::max(0, req_.by)) + 1, 0);
    // Nothing reaches the goal before the earliest move: start counting there.
    const int first = result.earliest ? *result.earliest : req_.by + 1;
    std::uint64_t before = 0;
    std::map<Square, std::uint64_t> split_counts;
    for (int k = first; k <= req_.by && !stopped(req_.stop); ++k) {
      split_counts = count_by_first_move(k, result.positions);
      std::uint64_t total = 0;
      for (const auto& [sq, n] : split_counts) total += n;
      c.at_move[static_cast<std::size_t>(k)] = total - before;
      before = total;
    }
    c.sequences = before;
    for (const auto& [sq, n] : split_counts)
      if (n > 0) c.by_first_move.push_back(FirstMoveCount{sq, n});
    count_classes(c, result.positions);
    return c;
  }

  // Burnside: the classes are the average, over the symmetries fixing the start, of the
  // number of sequences each symmetry leaves unchanged (those using only squares it fixes).
  void count_classes(PuzzleCounts& c, std::uint64_t& positions) {
    std::vector<int> fixing_start;
    for (int s : shared_.symmetries.group())
      if (shared_.symmetries.apply(root_.player, s) == root_.player &&
          shared_.symmetries.apply(root_.opponent, s) == root_.opponent)
        fixing_start.push_back(s);
    c.symmetries = static_cast<int>(fixing_start.size());
    std::uint64_t fixed_total = 0;
    for (int s : fixing_start) {
      if (s == 0) {
        fixed_total += c.sequences;
        continue;
      }
      Worker<K> w(shared_);
      const B allowed = shared_.symmetries.fixed_squares(board_.playable(), s);
      fixed_total += w.count_within(root_, req_.by + offset_, allowed);
      positions += w.positions();
    }
    const auto group_size = static_cast<std::uint64_t>(c.symmetries);
    if (fixed_total % group_size != 0 && !stopped(req_.stop))
      throw std::logic_error("puzzle: symmetry classes do not divide evenly");
    c.classes = fixed_total / group_size;
  }

  void list_all(ExistsResult& out) {
    Worker<K> w(shared_);
    MoveSequence path;
    list_from(w, root_, req_.by + offset_, path, out);
    out.positions += w.positions();
  }

  void list_from(Worker<K>& w, const State<K>& s, int d, MoveSequence& path, ExistsResult& out) {
    if (out.list_truncated || w.aborted()) return;
    if (w.goal_now(s)) {
      if (out.listed.size() == req_.list_limit) {
        out.list_truncated = true;
      } else {
        out.listed.push_back(path);
      }
      return;
    }
    const B moves = board_.moves(s);
    if (moves == 0) {
      const State<K> passed = board_.pass(s);
      if (board_.moves(passed) == 0) return;
      path.push_back(no_square);
      list_from(w, passed, d, path, out);
      path.pop_back();
      return;
    }
    if (d == 0) return;
    for (B m = moves; m != 0; m &= m - 1) {
      const int sq = lowest_square(m);
      const State<K> child = board_.play(s, sq);
      if (w.count(child, d - 1) == 0) continue;
      path.push_back(sq);
      list_from(w, child, d - 1, path, out);
      path.pop_back();
    }
  }
};

// The proof of a forced search's answer: the forcer's strategy (its fastest forcing move at each
// of its turns, every reply of the other side) or, for a no, a refutation; measured first, since
// either can be too large to build.
template <class K>
class ForcedProof {
 public:
  using B = BitsOf<K>;
  ForcedProof(const PuzzleBoard<K>& board, Worker<K>& w, Color forcer)
      : board_(board), w_(w), forcer_(forcer) {}

  struct TreeSize {
    std::uint64_t positions = 0;
    std::uint64_t leaves = 0;
    bool too_big = false;
    bool add(bool leaf) {
      ++positions;
      if (leaf) ++leaves;
      if (positions > max_strategy_nodes) too_big = true;
      return !too_big;
    }
  };

  // The forcer's fastest move (fewest moves to force the goal), lowest square first.
  std::pair<int, int> fastest_forcing_move(const State<K>& s, B moves, int d) {
    for (int k = 0; k < d; ++k)
      for (B m = moves; m != 0; m &= m - 1)
        if (w_.forced(board_.play(s, lowest_square(m)), k, forcer_)) return {lowest_square(m), k};
    throw std::logic_error("puzzle: a forced position has no forcing move");
  }

  void measure_strategy(const State<K>& s, int d, TreeSize& size) {
    if (size.too_big) return;
    if (w_.goal_now(s)) {
      size.add(true);
      return;
    }
    if (!size.add(false)) return;
    const B moves = board_.moves(s);
    if (moves == 0) return measure_strategy(board_.pass(s), d, size);
    if (s.to_move == forcer_) {
      const auto [sq, k] = fastest_forcing_move(s, moves, d);
      return measure_strategy(board_.play(s, sq), k, size);
    }
    for (B m = moves; m != 0; m &= m - 1)
      measure_strategy(board_.play(s, lowest_square(m)), d - 1, size);
  }

  StrategyNode build_strategy(const State<K>& s, int d) {
    StrategyNode node;
    if (w_.goal_now(s)) {
      node.goal = true;
      return node;
    }
    const B moves = board_.moves(s);
    const auto child = [&](const State<K>& next, Square sq, int depth) {
      StrategyNode c = build_strategy(next, depth);
      c.move = sq;
      c.mover = s.to_move;
      return c;
    };
    if (moves == 0) {
      node.next.push_back(child(board_.pass(s), no_square, d));
    } else if (s.to_move == forcer_) {
      const auto [sq, k] = fastest_forcing_move(s, moves, d);
      node.next.push_back(child(board_.play(s, sq), sq, k));
    } else {
      for (B m = moves; m != 0; m &= m - 1) {
        const int sq = lowest_square(m);
        node.next.push_back(child(board_.play(s, sq), sq, d - 1));
      }
    }
    return node;
  }

  // A refutation: every forcer move, each answered by the first reply after which the goal
  // can no longer be forced; it stops where the goal cannot be reached even with help.
  void measure_refutation(const State<K>& s, int d, TreeSize& size) {
    if (size.too_big) return;
    const B moves = board_.moves(s);
    const bool leaf = d == 0 || board_.over(s) || !w_.reach(s, d);
    if (!size.add(leaf) || leaf) return;
    if (moves == 0) return measure_refutation(board_.pass(s), d, size);
    if (s.to_move == forcer_) {
      for (B m = moves; m != 0; m &= m - 1)
        measure_refutation(board_.play(s, lowest_square(m)), d - 1, size);
      return;
    }
    for (B m = moves; m != 0; m &= m - 1) {
      const State<K> child = board_.play(s, lowest_square(m));
      if (!w_.forced(child, d - 1, forcer_)) return measure_refutation(child, d - 1, size);
    }
    throw std::logic_error("puzzle: a refuted position has no refuting reply");
  }

 private:
  const PuzzleBoard<K>& board_;
  Worker<K>& w_;
  Color forcer_;
};

// "Can one side force the goal whatever the other plays": the AND-OR search and its proof.
template <class K>
class ForcedPuzzle : PuzzleBase<K> {
 public:
  using Base = PuzzleBase<K>;
  using Base::Base;
  using typename Base::B;

  ForcedResult forced(Color forcer) {
    ForcedResult out;
    out.forcer = forcer;
    LossyTable<BoundEntry<B>> reach_table(this->req_.table_bytes);
    LossyTable<BoundEntry<B>> forced_table(this->req_.table_bytes);
    this->shared_.reach = &reach_table;
    this->shared_.forced = &forced_table;
    // The whole budget first: a no needs no other search. A yes is then deepened from 0 to
    // find the fewest moves that suffice.
    const auto forced_by = [&](int k) {
      std::atomic<std::uint64_t> positions{0};
      bool yes = false;
      tbb::task_arena arena(std::max(1, this->req_.threads));
      arena.execute([&] {
        yes = forced_in_parallel(this->root_, k + this->offset_, forcer, forced_parallel_plies,
                                 positions, k);
      });
      out.positions += positions;
      return yes;
    };
    out.yes = forced_by(this->req_.by);
    for (int k = 0; out.yes && !out.earliest && !stopped(this->req_.stop); ++k)
      if (k == this->req_.by || forced_by(k)) out.earliest = k;
    if (stopped(this->req_.stop)) out.complete = false;
    if (out.complete) describe_proof(out, forcer);
    if (stopped(this->req_.stop)) out.complete = false;
    this->shared_.reach = nullptr;
    this->shared_.forced = nullptr;
    return out;
  }

 private:
  // The AND-OR search, its top plies spread over the threads.
  bool forced_in_parallel(const State<K>& s, int d, Color forcer, int plies,
                          std::atomic<std::uint64_t>& positions, int k) {
    Worker<K> w(this->shared_);
    const auto settle = [&](bool answer) {
      positions += w.positions();
      return answer;
    };
    if (plies == 0 || this->req_.threads <= 1 || d < smallest_split_depth)
      return settle(w.forced(s, d, forcer));
    if (w.goal_now(s)) return settle(true);
    const B moves = this->board_.moves(s);
    if (moves == 0) {
      const State<K> passed = this->board_.pass(s);
      if (this->board_.moves(passed) == 0) return settle(false);
      return settle(forced_in_parallel(passed, d, forcer, plies, positions, k));
    }
    if (!w.reach(s, d)) return settle(false);
    std::vector<State<K>> children;
    for (B m = moves; m != 0; m &= m - 1)
      children.push_back(this->board_.play(s, lowest_square(m)));
    std::vector<char> results(children.size(), 0);
    std::atomic<std::uint64_t> done{0};
    // Runs in the caller's arena; nested levels share its threads.
    parallel_each(children.size(), [&](std::size_t i) {
      results[i] = forced_in_parallel(children[i], d - 1, forcer, plies - 1, positions, k);
      if (plies == forced_parallel_plies) this->report("forcing", k, ++done, children.size());
    });
    const bool forcer_moves = s.to_move == forcer;
    for (char r : results)
      if ((r != 0) == forcer_moves) return settle(forcer_moves);
    return settle(!forcer_moves);
  }

  void describe_proof(ForcedResult& out, Color forcer) {
    Worker<K> w(this->shared_);
    ForcedProof<K> proof(this->board_, w, forcer);
    typename ForcedProof<K>::TreeSize size;
    if (out.yes) {
      const int d = *out.earliest + this->offset_;
      proof.measure_strategy(this->root_, d, size);
      if (!size.too_big) {
        out.strategy = proof.build_strategy(this->root_, d);
        out.strategy.mover = opposite(this->root_.to_move);
        out.strategy_built = true;
      }
    } else {
      proof.measure_refutation(this->root_, this->req_.by + this->offset_, size);
    }
    out.proof_positions = size.positions;
    out.proof_leaves = size.leaves;
    out.positions += w.positions();
  }
};

GoalSpec goal_spec(const PuzzleGoal& g, std::optional<Color> side) {
  return GoalSpec{g.kind, side ? index(*side) : -1, g.at_least};
}

void check_request(const PuzzleRequest& r) {
  if (r.by < 0) throw std::invalid_argument("the move budget must be 0 or more");
  if (r.beyond < 0) throw std::invalid_argument("the look-ahead must be 0 or more");
  // The table keys store the moves left in 8 bits.
  constexpr int max_moves = 200;
  if (r.by + r.beyond + placement_moves > max_moves)
    throw std::invalid_argument("the move budget is too large");
}

}  // namespace

int numbered_moves(const PuzzleRequest& request, const MoveSequence& moves) {
  int n = 0;
  for (Square sq : moves)
    if (sq != no_square) ++n;
  return std::max(0, n - uncounted_moves(request));
}

ExistsResult puzzle_exists(const PuzzleRequest& request) {
  check_request(request);
  const GoalSpec goal = goal_spec(request.goal, request.goal.side);
  if (request.rules.geometry().narrow()) return ExistsPuzzle<Kernel8>(request, goal).exists();
  return ExistsPuzzle<Kernel10>(request, goal).exists();
}

ForcedResult puzzle_forced(const PuzzleRequest& request, Color forcer) {
  check_request(request);
  // The forcer plays for its own goal: its wipeout, its discs; a game over is anyone's.
  const std::optional<Color> side =
      request.goal.kind == PuzzleGoalKind::end ? std::nullopt : std::optional<Color>(forcer);
  const GoalSpec goal = goal_spec(request.goal, side);
  if (request.rules.geometry().narrow()) return ForcedPuzzle<Kernel8>(request, goal).forced(forcer);
  return ForcedPuzzle<Kernel10>(request, goal).forced(forcer);
}

}  // namespace reversi
