// The depth-limited searches behind every puzzle, on one kernel, in layers: WorkerCore (tables,
// flags, keys), ReachSearch, ForcedSearch and Worker (counting). One Worker per task and thread;
// the tables they share live in a Shared object.
//
// `d` is always the number of moves (discs placed) still allowed. A pass costs nothing.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>

#include "analysis/puzzle/board.hpp"
#include "analysis/puzzle/table.hpp"

namespace reversi::puzzle_detail {

template <class K>
struct Shared {
  using B = BitsOf<K>;
  PuzzleBoard<K> board;
  Symmetries<K> symmetries;
  GoalSpec goal;
  LossyTable<CountEntry<B>>* counts = nullptr;
  LossyTable<BoundEntry<B>>* reach = nullptr;
  LossyTable<BoundEntry<B>>* forced = nullptr;
  const std::atomic<bool>* stop = nullptr;    // the caller's stop flag
  const std::atomic<bool>* cancel = nullptr;  // set when other tasks made this one pointless
};

// What every search of a worker needs: the shared tables and flags, the position count, the
// goal test, table keys, and the stop flags looked at now and then.
template <class K>
class WorkerCore {
 public:
  using B = BitsOf<K>;
  // Positions with fewer moves left are searched again rather than looked up: cheaper, as
  // measured on 8x8 wipeout counts and 6x6 forced wipeouts.
  static constexpr int smallest_memo_depth = 4;

  explicit WorkerCore(const Shared<K>& shared) : sh_(shared), board_(shared.board) {}

  std::uint64_t positions() const { return positions_; }
  // True once a stop or cancel flag was seen: every answer since then is meaningless.
  bool aborted() const { return aborted_; }

  // The goal holds in this position (a game over counts for the `end` goal).
  bool goal_now(const State<K>& s) const {
    if (sh_.goal.holds_on_discs(board_, s)) return true;
    return sh_.goal.kind == PuzzleGoalKind::end && board_.over(s);
  }

 protected:
  // The goal's value once neither side can move: only the `end` goal holds there.
  bool goal_at_game_over() const { return sh_.goal.kind == PuzzleGoalKind::end; }

  Key<B> key_of(const State<K>& s, int depth) const {
    const auto [p, o] = sh_.symmetries.canonical(s.player, s.opponent);
    return Key<B>{p, o, make_meta(index(s.to_move), s.supply, depth)};
  }

  static BoundEntry<B> bound(const Key<B>& key, bool holds, int d) {
    BoundEntry<B> e;
    e.key = key;
    if (holds) {
      e.holds_from = static_cast<std::int16_t>(d);
    } else {
      e.fails_upto = static_cast<std::int16_t>(d);
    }
    return e;
  }

  // A stored bound that settles `d` moves, if any.
  static std::optional<bool> settled(const BoundEntry<B>& e, int d) {
    if (d <= e.fails_upto) return false;
    if (d >= e.holds_from) return true;
    return std::nullopt;
  }

  // Counts a position and looks at the stop flags now and then.
  bool tick() {
    constexpr std::uint64_t check_every = 4096;
    // From the first position on: a worker may be new for every small task.
    if ((positions_++ % check_every) == 0) {
      const auto raised = [](const std::atomic<bool>* f) {
        return f != nullptr && f->load(std::memory_order_relaxed);
      };
      if (raised(sh_.stop) || raised(sh_.cancel)) aborted_ = true;
    }
    return aborted_;
  }

  const Shared<K>& sh_;
  const PuzzleBoard<K>& board_;

 private:
  std::uint64_t positions_ = 0;
  bool aborted_ = false;
};

// Whether some sequence of moves reaches the goal (both sides helping).
template <class K>
class ReachSearch : public WorkerCore<K> {
 public:
  using B = BitsOf<K>;
  using WorkerCore<K>::WorkerCore;

  // Whether some sequence of at most `d` moves reaches the goal.
  bool reach(const State<K>& s, int d) {
    if (this->tick()) return false;
    if (this->sh_.goal.holds_on_discs(this->board_, s)) return true;
    if (this->sh_.goal.out_of_reach(s, d)) return false;
    const B moves = this->board_.moves(s);
    if (moves == 0) {
      const State<K> passed = this->board_.pass(s);
      if (this->board_.moves(passed) == 0) return this->goal_at_game_over();
      return reach(passed, d);
    }
    if (d == 0) return false;
    if (d == 1) return reach_with_last_move(s, moves);
    if (d < this->smallest_memo_depth) return reach_by_moves(s, moves, d);
    const Key<B> key = this->key_of(s, 0);
    const std::uint64_t h = hash_of(key);
    BoundEntry<B> e;
    if (this->sh_.reach->find(key, h, e))
      if (const auto known = this->settled(e, d)) return *known;
    const bool found = reach_by_moves(s, moves, d);
    if (!this->aborted()) this->sh_.reach->store(this->bound(key, found, d), h);
    return found;
  }

 private:
  bool reach_by_moves(const State<K>& s, B moves, int d) {
    for (B m = moves; m != 0; m &= m - 1)
      if (reach(this->board_.play(s, lowest_square(m)), d - 1)) return true;
    return false;
  }

  bool reach_with_last_move(const State<K>& s, B moves) {
    const GoalSpec& goal = this->sh_.goal;
    if (goal.kind == PuzzleGoalKind::wipeout)
      return goal.mover_may_wipe_out(s.to_move) && this->board_.wipeout_moves(s, moves) != 0;
    for (B m = moves; m != 0; m &= m - 1)
      if (this->goal_now(this->board_.play(s, lowest_square(m)))) return true;
    return false;
  }
};

// Whether one side can make the goal hold whatever the other plays (an AND-OR search), with
// reach as its cheap refutation.
template <class K>
class ForcedSearch : public ReachSearch<K> {
 public:
  using B = BitsOf<K>;
  using ReachSearch<K>::ReachSearch;

  // Whether `forcer` can make the goal hold within `d` moves whatever the other side plays.
  // The goal in `sh_.goal` must be the forcer's (its side set to the forcer).
  bool forced(const State<K>& s, int d, Color forcer) {
    if (this->tick()) return false;
    if (this->sh_.goal.holds_on_discs(this->board_, s)) return true;
    if (this->sh_.goal.out_of_reach(s, d)) return false;
    const B moves = this->board_.moves(s);
    if (moves == 0) {
      const State<K> passed = this->board_.pass(s);
      if (this->board_.moves(passed) == 0) return this->goal_at_game_over();
      return forced(passed, d, forcer);
    }
    if (d == 0) return false;
    const Key<B> key = this->key_of(s, 0);
    const std::uint64_t h = hash_of(key);
    BoundEntry<B> e;
    if (this->sh_.forced->find(key, h, e))
      if (const auto known = this->settled(e, d)) return *known;
    // What cannot happen even with the other side's help cannot be forced: a cheap refutation.
    bool result = this->reach(s, d);
    if (result) result = forced_by_moves(s, moves, d, forcer);
    if (!this->aborted()) this->sh_.forced->store(this->bound(key, result, d), h);
    return result;
  }

  bool forced_by_moves(const State<K>& s, B moves, int d, Color forcer) {
    const bool forcer_moves = s.to_move == forcer;
    for (B m = moves; m != 0; m &= m - 1) {
      const bool child = forced(this->board_.play(s, lowest_square(m)), d - 1, forcer);
      if (child == forcer_moves) return forcer_moves;
    }
    return !forcer_moves;
  }
};

// The searches behind every puzzle on one kernel: reach and forced above, and counting the
// move sequences that reach the goal.
template <class K>
class Worker : public ForcedSearch<K> {
 public:
  using B = BitsOf<K>;
  using ForcedSearch<K>::ForcedSearch;

  // Move sequences of at most `d` moves from `s` that reach the goal, stopping there.
  std::uint64_t count(const State<K>& s, int d) {
    if (this->tick()) return 0;
    if (this->sh_.goal.holds_on_discs(this->board_, s)) return 1;
    if (this->sh_.goal.out_of_reach(s, d)) return 0;
    const B moves = this->board_.moves(s);
    if (moves == 0) return count_after_pass(s, d);
    if (d == 0) return 0;
    if (d == 1) return count_last_move(s, moves);
    // Small subtrees cost less to count again than to look up.
    if (d < this->smallest_memo_depth) return count_children(s, moves, d);
    const Key<B> key = this->key_of(s, d);
    const std::uint64_t h = hash_of(key);
    CountEntry<B> e;
    if (this->sh_.counts->find(key, h, e)) return e.count;
    const std::uint64_t n = count_children(s, moves, d);
    if (!this->aborted()) this->sh_.counts->store(CountEntry<B>{key, n}, h);
    return n;
  }

  // The same count, using only moves in `allowed`: the sequences a symmetry leaves unchanged,
  // when `allowed` are the squares it fixes. Small trees: no table.
  std::uint64_t count_within(const State<K>& s, int d, B allowed) {
    if (this->tick()) return 0;
    if (this->sh_.goal.holds_on_discs(this->board_, s)) return 1;
    if (this->sh_.goal.out_of_reach(s, d)) return 0;
    const B moves = this->board_.moves(s);
    if (moves == 0) {
      const State<K> passed = this->board_.pass(s);
      if (this->board_.moves(passed) == 0) return this->goal_at_game_over() ? 1 : 0;
      return count_within(passed, d, allowed);
    }
    if (d == 0) return 0;
    std::uint64_t n = 0;
    for (B m = moves & allowed; m != 0; m &= m - 1)
      n += count_within(this->board_.play(s, lowest_square(m)), d - 1, allowed);
    return n;
  }

 private:
  std::uint64_t count_children(const State<K>& s, B moves, int d) {
    std::uint64_t n = 0;
    for (B m = moves; m != 0; m &= m - 1) n += count(this->board_.play(s, lowest_square(m)), d - 1);
    return n;
  }

  std::uint64_t count_after_pass(const State<K>& s, int d) {
    const State<K> passed = this->board_.pass(s);
    if (this->board_.moves(passed) == 0) return this->goal_at_game_over() ? 1 : 0;
    return count(passed, d);  // a pass is not a move
  }

  std::uint64_t count_last_move(const State<K>& s, B moves) {
    const GoalSpec& goal = this->sh_.goal;
    if (goal.kind == PuzzleGoalKind::wipeout) {
      // Only the mover can be the one wiping out with the last move.
      if (!goal.mover_may_wipe_out(s.to_move)) return 0;
      return static_cast<std::uint64_t>(popcount(this->board_.wipeout_moves(s, moves)));
    }
    std::uint64_t n = 0;
    for (B m = moves; m != 0; m &= m - 1)
      n += this->goal_now(this->board_.play(s, lowest_square(m))) ? 1 : 0;
    return n;
  }
};

}  // namespace reversi::puzzle_detail
