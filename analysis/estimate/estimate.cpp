#include "analysis/estimate/estimate.hpp"

#include <algorithm>
#include <array>
#include <optional>
#include <stdexcept>

#include "analysis/estimate/depth_blend.hpp"
#include "analysis/estimate/static_evaluator.hpp"
#include "analysis/eval/shipped.hpp"
#include "core/board.hpp"
#include "core/hash.hpp"

namespace reversi {

namespace {

using estimate_detail::Evaluator;
using eval::PatternIndices;

// Above every value a search can return (exact margins are at most 100 discs on 10x10).
constexpr int infinity = 1'000'000;

template <class B>
struct Entry {
  B player = 0;
  B opponent = 0;
  std::uint32_t stamp = 0;  // entries written under other rules carry an older stamp
  std::int16_t supply = 0;
  std::int8_t depth = -1;
  std::uint8_t move = 0xFF;
  int lower = -infinity;
  int upper = infinity;
};

// A move and the position it leads to, from the child's side. No member initializers: a node's
// array of them is filled by expand, and zeroing all of it cost 6% of a search.
template <class B>
struct Child {
  int square;
  B player;
  B opponent;
  int order;
};

// Keeps the pattern indices from node to node when the evaluation has patterns (8x8 and 6x6
// boards); without, it leaves them untouched and nothing reads them.
template <class B>
struct IndexKeeper {
  const eval::PatternEvaluator* patterns;

  // The root's, read from the board.
  void root(B p, B o, PatternIndices& out) const {
    if constexpr (std::is_same_v<B, Bits64>) {
      if (patterns != nullptr) out = patterns->indices(p, o);
    }
  }
  // A child's, kept from its parent's (`p` the parent's mover).
  void child(const PatternIndices& parent, B p, const Child<B>& c, PatternIndices& out) const {
    if constexpr (std::is_same_v<B, Bits64>) {
      if (patterns != nullptr) out = patterns->after_move(parent, c.square, flipped(p, c));
    }
  }
  // A leaf child's: only the reading its evaluation uses.
  void leaf(const PatternIndices& parent, B p, const Child<B>& c, eval::ImageLanes& out) const {
    if constexpr (std::is_same_v<B, Bits64>) {
      if (patterns != nullptr) out = patterns->mover_after_move(parent, c.square, flipped(p, c));
    }
  }
  void passed(const PatternIndices& parent, PatternIndices& out) const {
    if (patterns != nullptr) out = eval::PatternEvaluator::after_pass(parent);
  }

 private:
  static B flipped(B p, const Child<B>& c) { return c.opponent ^ p ^ (B(1) << c.square); }
};

constexpr int max_board_squares = 100;
constexpr int stop_check_interval = 4096;
// Move ordering weights: fewest replies first, then the square's static value.
constexpr int replies_weight = 64;
constexpr int hash_move_order = 1 << 20;
constexpr int table_min_depth = 2;

// ProbCut's threshold in standard deviations, per selectivity level (the normal quantile that
// leaves that much confidence on one side): Edax's levels.
int probcut_t100(int confidence) {
  switch (confidence) {
    case 73:
      return 110;
    case 87:
      return 150;
    case 95:
      return 200;
    case 98:
      return 260;
    case 99:
      return 330;
    default:
      return 0;  // full width
  }
}

// Units beyond which a window bound is a won or lost game, not an evaluation: no ProbCut there.
constexpr int probcut_window_limit = 64 * estimate_units_per_disc;

}  // namespace

int eval_stage(int empties, int playable) {
  if (playable <= 0) return 0;
  return std::clamp(empties * eval_stages / (playable + 1), 0, eval_stages - 1);
}

struct Estimator::Impl {
  int table_bits;
  std::vector<Entry<Bits64>> narrow;
  std::vector<Entry<Bits128>> wide;
  std::uint32_t stamp = 0;
  std::optional<Rules> rules;
  std::unique_ptr<Evaluator<Kernel8>> board8;
  std::unique_ptr<Evaluator<Kernel10>> board10;
  const eval::PatternEvaluator* patterns = nullptr;

  explicit Impl(int bits) : table_bits(std::clamp(bits, 4, 26)) {}

  void prepare(const Rules& r, const eval::PatternEvaluator* given) {
    const eval::PatternEvaluator* wanted = patterns_for(r, given);
    if (!rules || !(*rules == r) || wanted != patterns) {
      forget();
      rules = r;
      patterns = wanted;
      board8.reset();
      board10.reset();
      if (r.geometry().narrow()) {
        board8 = std::make_unique<Evaluator<Kernel8>>(r, wanted);
      } else {
        board10 = std::make_unique<Evaluator<Kernel10>>(r, nullptr);
      }
    }
    const std::size_t n = std::size_t{1} << table_bits;
    if (r.geometry().narrow() && narrow.size() != n) narrow.assign(n, {});
    if (!r.geometry().narrow() && wide.size() != n) wide.assign(n, {});
  }

  // A new stamp hides every entry written before; wrapping round clears for real.
  void forget() {
    if (++stamp == 0) {
      for (auto& e : narrow) e = {};
      for (auto& e : wide) e = {};
      stamp = 1;
    }
  }
};

namespace {

// A node's children, best first by a cheap guess: the hash move, then the moves that leave the
// opponent fewest replies (from depth 2 up; at depth 1, the static square value).
template <class K>
class ChildOrder {
 public:
  using B = BitsOf<K>;

  explicit ChildOrder(const Evaluator<K>& board) : board_(board) {}

  // Fills `out` with the children of the position, scored for bring_best_to; returns how many.
  int expand(B p, B o, B moves, B empty, int depth, int hash_move, Child<B>* out) const {
    if (depth == 1) return expand_leaves(p, o, moves, out);
    int count = 0;
    for_each_square(moves, [&](int sq) {
      Child<B>& c = out[count++];
      c = child(p, o, sq);
      if (sq == hash_move) {
        c.order += hash_move_order;
      } else {
        const B child_empty = empty ^ (B(1) << sq);
        c.order -= replies_weight * popcount(K::legal_moves(c.player, c.opponent, child_empty));
      }
    });
    return count;
  }

  // Brings the best-ordered of children i..count-1 to place i: cutoffs come early, so sorting
  // the whole list would mostly be wasted. Ties keep square order.
  static void bring_best_to(Child<B>* list, int i, int count) {
    int best = i;
    for (int j = i + 1; j < count; ++j)
      if (list[j].order > list[best].order) best = j;
    if (best != i) std::rotate(list + i, list + best, list + best + 1);
  }

 private:
  // The children of a node just above the leaves (no table there, so no hash move), already in
  // the order bring_best_to would give them: by static square value, ties in square order. Most
  // of them are evaluated anyway, and choosing each in turn cost a tenth of a search.
  static_assert(table_min_depth > 1, "a node just above the leaves has no hash move");
  int expand_leaves(B p, B o, B moves, Child<B>* out) const {
    int count = 0;
    const auto& layout = board_.layout;
    for (std::size_t k = 0; k < static_cast<std::size_t>(layout.value_class_count); ++k)
      for_each_square(moves & layout.value_classes[k],
                      [&](int sq) { out[count++] = child(p, o, sq); });
    return count;
  }

  // The position after the move at `sq`, from the child's side, ordered by the square's value.
  Child<B> child(B p, B o, int sq) const {
    const B f = board_.flips(p, o, sq);
    return {sq, o ^ f, p ^ f ^ (B(1) << sq),
            board_.layout.square_value[static_cast<std::size_t>(sq)]};
  }

  const Evaluator<K>& board_;
};

template <class K>
class Search {
 public:
  using B = BitsOf<K>;

  // `probcut_t100`: ProbCut's threshold in hundredths of a standard deviation; 0 for none.
  Search(const Evaluator<K>& board, Supply supply, std::vector<Entry<B>>& table,
         std::uint32_t stamp, const std::atomic<bool>* stop, int probcut_t100)
      : board_(board),
        supply_(supply),
        table_(table),
        mask_(table.size() - 1),
        stamp_(stamp),
        stop_(stop),
        probcut_t100_(probcut_t100),
        indices_{board.patterns},
        children_(board) {}

  std::uint64_t nodes() const { return nodes_; }
  bool stopped() const { return stopped_; }

  // `s_me`: the mover's supply (core/board.hpp); the other side's follows from it.
  int evaluate(B p, B o, const eval::ImageLanes& ix, int s_me) const {
    const B empty = board_.layout.playable & ~(p | o);
    const int s_other = supply_.other(popcount(empty), s_me);
    const B mine = board_.legal(p, o, empty, s_me);
    const B theirs = board_.legal(o, p, empty, s_other);
    if (mine == 0 && theirs == 0) return board_.final_units(p, o);
    return board_.static_value(p, o, empty, mine, theirs, ix);
  }

  // A leaf child, counted like any node and evaluated from its parent's indices.
  int leaf_value(const PatternIndices& parent, B p, const Child<B>& c, int s_child) {
    if (++nodes_ % stop_check_interval == 0 && stop_ != nullptr && stop_->load()) stopped_ = true;
    if (stopped_) return 0;
    eval::ImageLanes lanes;
    indices_.leaf(parent, p, c, lanes);
    return evaluate(c.player, c.opponent, lanes, s_child);
  }

  // Fail-soft alpha-beta, principal-variation style: exact inside (alpha, beta), else a bound.
  // `ix`: the position's pattern indices, kept move by move when there are patterns.
  int value(B p, B o, const PatternIndices& ix, int s_me, int depth, int alpha, int beta) {
    if (++nodes_ % stop_check_interval == 0 && stop_ != nullptr && stop_->load()) stopped_ = true;
    if (stopped_) return 0;
    if (depth <= 0) return evaluate(p, o, ix.mover, s_me);
    const B empty = board_.layout.playable & ~(p | o);
    const int s_other = supply_.other(popcount(empty), s_me);
    const B moves = board_.legal(p, o, empty, s_me);
    if (moves == 0) {
      if (board_.legal(o, p, empty, s_other) == 0) return board_.final_units(p, o);
      PatternIndices passed;
      indices_.passed(ix, passed);
      return -value(o, p, passed, s_other, depth, -beta, -alpha);  // a pass costs no depth
    }
    // Nodes just above the leaves cost less to search than to look up.
    const bool use_table = depth >= table_min_depth;
    Entry<B>* slot = nullptr;
    int hash_move = -1;
    if (use_table) slot = &table_[position_hash(p, o, static_cast<std::uint64_t>(s_me)) & mask_];
    if (slot != nullptr && slot->stamp == stamp_ && slot->player == p && slot->opponent == o &&
        slot->supply == s_me) {
      const Entry<B>& hit = *slot;
      // Only bounds from a search of the same depth: the value stays the plain depth-limited
      // minimax value of the position, whatever the order positions were met in.
      if (hit.depth == depth) {
        if (hit.lower >= beta) return hit.lower;
        if (hit.upper <= alpha) return hit.upper;
        if (hit.lower == hit.upper) return hit.lower;
      }
      if (hit.move != 0xFF) hash_move = hit.move;
    }
    if (probcut_t100_ != 0 && depth >= probcut_min_depth) {
      int cut;
      if (probcut(p, o, ix, s_me, depth, popcount(empty), alpha, beta, cut)) return cut;
    }
    Child<B> children[max_board_squares];
    const int count = children_.expand(p, o, moves, empty, depth, hash_move, children);
    if (depth - 1 >= table_min_depth) prefetch_slots(children, count, s_other);
    int best = -infinity;
    int best_move = -1;
    int a = alpha;
    for (int i = 0; i < count; ++i) {
      // expand ordered the leaves already.
      if (depth >= 2) ChildOrder<K>::bring_best_to(children, i, count);
      const Child<B>& c = children[i];
      int v;
      // A leaf's value does not depend on the window, so it is never searched twice.
      if (depth == 1) {
        v = -leaf_value(ix, p, c, s_other);
      } else {
        PatternIndices cix;
        indices_.child(ix, p, c, cix);
        if (i == 0) {
          v = -value(c.player, c.opponent, cix, s_other, depth - 1, -beta, -a);
        } else {
          v = -value(c.player, c.opponent, cix, s_other, depth - 1, -a - 1, -a);
          if (v > a && v < beta)
            v = -value(c.player, c.opponent, cix, s_other, depth - 1, -beta, -a);
        }
      }
      if (stopped_) return 0;
      if (v > best) {
        best = v;
        best_move = c.square;
        if (v > a) a = v;
        if (a >= beta) break;
      }
    }
    if (slot == nullptr) return best;
    // Always replace: the table only speeds up one call, and what it holds is deterministic.
    slot->player = p;
    slot->opponent = o;
    slot->supply = static_cast<std::int16_t>(s_me);
    slot->stamp = stamp_;
    slot->depth = static_cast<std::int8_t>(depth);
    slot->move = static_cast<std::uint8_t>(best_move);
    slot->lower = best > alpha ? best : -infinity;
    slot->upper = best < beta ? best : infinity;
    return best;
  }

  // ProbCut (Buro): a shallow search predicts the deep one; when it lands beyond the window by
  // more than the threshold's share of the prediction's spread, the deep search is skipped.
  bool probcut(B p, B o, const PatternIndices& ix, int s_me, int depth, int empties, int alpha,
               int beta, int& cut) {
    const int shallow = probcut_shallow_depth(depth);
    const int margin = probcut_t100_ * probcut_sigma(depth, empties) / 100;
    if (beta < probcut_window_limit) {
      const int bound = beta + margin;
      if (value(p, o, ix, s_me, shallow, bound - 1, bound) >= bound) {
        cut = beta;
        return true;
      }
    }
    if (alpha > -probcut_window_limit) {
      const int bound = alpha - margin;
      if (value(p, o, ix, s_me, shallow, bound, bound + 1) <= bound) {
        cut = alpha;
        return true;
      }
    }
    return false;
  }

  // Starts loading the children's table slots, so that their probes overlap instead of queueing.
  void prefetch_slots(const Child<B>* children, int count, int s_child) const {
    for (int i = 0; i < count; ++i)
      __builtin_prefetch(&table_[position_hash(children[i].player, children[i].opponent,
                                               static_cast<std::uint64_t>(s_child)) &
                                 mask_]);
  }

 private:
  const Evaluator<K>& board_;
  Supply supply_;
  std::vector<Entry<B>>& table_;
  std::size_t mask_;
  std::uint32_t stamp_;
  const std::atomic<bool>* stop_;
  int probcut_t100_;
  IndexKeeper<B> indices_;
  ChildOrder<K> children_;
  std::uint64_t nodes_ = 0;
  bool stopped_ = false;
};

// One root move through the iterations: its value, or a bound when it was refuted.
struct RootMove {
  int square = 0;
  int value = 0;
  bool exact = false;
};

template <class K>
EstimateResult estimate_with(const Evaluator<K>& board, std::vector<Entry<BitsOf<K>>>& table,
                             std::uint32_t stamp, const EstimateRequest& req) {
  using B = BitsOf<K>;
  EstimateResult out;
  out.depth = std::clamp(req.depth, 1, max_estimate_depth);
  // ProbCut's margins were fitted on the 8x8 pattern evaluation only.
  const bool fitted =
      board.patterns != nullptr && board.patterns->game() == eval::WeightsGame::standard_8x8;
  out.selectivity = fitted ? req.selectivity : full_width;
  B p = static_cast<B>(req.root.player);
  B o = static_cast<B>(req.root.opponent);
  B empty = board.layout.playable & ~(p | o);
  const Supply supply = Supply::of(req.root, popcount(empty));
  Search<K> search(board, supply, table, stamp, req.stop, probcut_t100(out.selectivity));
  int s_me = req.root.supply_of_mover();
  int s_other = supply.other(popcount(empty), s_me);
  B moves = board.legal(p, o, empty, s_me);
  if (moves == 0) {
    if (board.legal(o, p, empty, s_other) == 0) {
      out.value = board.final_units(p, o);
      out.game_over = true;
      return out;
    }
    out.passed = true;
    std::swap(p, o);
    s_me = s_other;
    s_other = supply.other(popcount(empty), s_me);
    moves = board.legal(p, o, empty, s_me);
  }
  Child<B> children[max_board_squares];
  const int count = ChildOrder<K>(board).expand(p, o, moves, empty, out.depth, -1, children);
  std::stable_sort(children, children + count,
                   [](const Child<B>& x, const Child<B>& y) { return x.order > y.order; });
  std::vector<RootMove> root(static_cast<std::size_t>(count));
  for (int i = 0; i < count; ++i) root[static_cast<std::size_t>(i)].square = children[i].square;
  const auto child_of = [&](int square) -> const Child<B>& {
    for (int i = 0; i < count; ++i)
      if (children[i].square == square) return children[i];
    throw std::logic_error("estimate: not a root move");
  };
  const IndexKeeper<B> keeper{board.patterns};
  PatternIndices root_ix;
  keeper.root(p, o, root_ix);
  const auto search_move = [&](const RootMove& m, int depth, int alpha, int beta) {
    const Child<B>& c = child_of(m.square);
    PatternIndices cix;
    keeper.child(root_ix, p, c, cix);
    return -search.value(c.player, c.opponent, cix, s_other, depth - 1, -beta, -alpha);
  };

  int best = -infinity;
  // The best and wanted values of the depths before the last, for the blend.
  DepthBlend blend;
  // Iterative deepening: each pass orders the root moves for the next one.
  for (int depth = 1; depth <= out.depth && !search.stopped(); ++depth) {
    if (req.blend_shallower && depth > 1 && depth > out.depth - DepthBlend::shallower_depths) {
      std::optional<int> wanted;
      for (auto& m : root)
        if (req.wanted != no_square && m.square == req.wanted)
          wanted = m.exact ? m.value : search_move(m, depth - 1, -infinity, infinity);
      blend.add(best, wanted);
    }
    best = -infinity;
    for (auto& m : root) {
      if (best == -infinity) {
        m.value = search_move(m, depth, -infinity, infinity);
        m.exact = true;
      } else {
        m.value = search_move(m, depth, best, best + 1);
        m.exact = false;
        if (m.value > best) {
          // NOLINTNEXTLINE(readability-suspicious-call-argument): the window (best, +inf) is meant
          m.value = search_move(m, depth, best, infinity);
          m.exact = m.value > best;
        }
      }
      if (m.exact) best = std::max(best, m.value);
    }
    std::stable_sort(root.begin(), root.end(),
                     [](const RootMove& x, const RootMove& y) { return x.value > y.value; });
  }
  const bool wants_pass = req.wanted == no_square;
  for (auto& m : root) {
    if (wants_pass || m.square != req.wanted) continue;
    if (!m.exact) {
      m.value = search_move(m, out.depth, -infinity, infinity);
      m.exact = true;
    }
    // A full-window search may see further than the refutation did; the best is never below.
    best = std::max(best, m.value);
    out.wanted_value = out.passed ? -m.value : m.value;
  }
  // Ties: a refuted move whose bound equals the best may be worth exactly as much.
  for (auto& m : root) {
    if (m.exact || m.value < best) continue;
    m.value = search_move(m, out.depth, best - 1, best + 1);
    m.exact = m.value == best;
  }
  if (out.wanted_value) {
    const int root_wanted = out.passed ? -*out.wanted_value : *out.wanted_value;
    if (const auto w = blend.wanted(root_wanted)) out.wanted_value = out.passed ? -*w : *w;
  }
  const int value = blend.best(best);
  out.value = out.passed ? -value : value;
  if (!out.passed) {
    for (const auto& m : root)
      if (m.exact && m.value == best) out.best_moves.push_back(m.square);
    std::sort(out.best_moves.begin(), out.best_moves.end());
  }
  if (out.passed && wants_pass) out.wanted_value = out.value;
  out.nodes = search.nodes();
  out.complete = !search.stopped();
  return out;
}

template <class K>
EvalFeatures features_with(const Rules& rules, const Position& pos) {
  using B = BitsOf<K>;
  const Evaluator<K> board(rules, nullptr);
  const B p = static_cast<B>(pos.player);
  const B o = static_cast<B>(pos.opponent);
  const B empty = board.layout.playable & ~(p | o);
  const int s_other =
      Supply::of(pos, popcount(empty)).other(popcount(empty), pos.supply_of_mover());
  return board.features(p, o, empty, board.legal(p, o, empty, pos.supply_of_mover()),
                        board.legal(o, p, empty, s_other));
}

}  // namespace

EvalFeatures eval_features(const Rules& rules, const Position& p) {
  if (rules.geometry().narrow()) return features_with<Kernel8>(rules, p);
  return features_with<Kernel10>(rules, p);
}

std::optional<eval::WeightsGame> pattern_game(const Rules& rules) {
  if (rules.holes() != 0) return std::nullopt;
  if (rules.size() == 8 && !rules.anti()) return eval::WeightsGame::standard_8x8;
  if (rules.size() == 6)
    return rules.anti() ? eval::WeightsGame::anti_6x6 : eval::WeightsGame::standard_6x6;
  return std::nullopt;
}

const eval::PatternEvaluator* patterns_for(const Rules& rules,
                                           const eval::PatternEvaluator* given) {
  const std::optional<eval::WeightsGame> game = pattern_game(rules);
  if (!game) return nullptr;
  // `given` is often the 8x8 default passed along whatever the rules; it counts where it fits.
  if (given != nullptr && given->game() == *game) return given;
  return &eval::shipped_evaluator(*game);
}

const eval::PatternEvaluator* ordering_patterns_for(const Rules& rules,
                                                    const eval::PatternEvaluator* given) {
  if (rules.size() != 6 || rules.holes() == 0) return patterns_for(rules, given);
  // A hole is a square that stays empty; the 6x6 patterns read it so, which orders moves well.
  const Rules whole(rules.size(), rules.start(), rules.anti(), 0, rules.scoring());
  return patterns_for(whole, given);
}

int evaluate(const Rules& rules, const Position& p) {
  const int empties = rules.empties(p);
  const EvalFeatures f = eval_features(rules, p);
  if (rules.geometry().narrow()) return Evaluator<Kernel8>(rules, nullptr).weigh(f, empties);
  return Evaluator<Kernel10>(rules, nullptr).weigh(f, empties);
}

Estimator::Estimator(int table_bits) : impl_(std::make_unique<Impl>(table_bits)) {}
Estimator::~Estimator() = default;
Estimator::Estimator(Estimator&&) noexcept = default;
Estimator& Estimator::operator=(Estimator&&) noexcept = default;

EstimateResult Estimator::estimate(const EstimateRequest& request) {
  if (!request.rules.is_valid(request.root))
    throw std::invalid_argument("estimate: not a valid position for these rules");
  if (!is_selectivity_level(request.selectivity))
    throw std::invalid_argument("estimate: selectivity " + std::to_string(request.selectivity) +
                                " is not one of 73, 87, 95, 98, 99, 100");
  impl_->prepare(request.rules, request.patterns);
  // Every call starts from an empty table: a value then depends only on the request, also
  // under ProbCut, whose bounds depend on the windows that found them.
  impl_->forget();
  if (request.rules.geometry().narrow())
    return estimate_with<Kernel8>(*impl_->board8, impl_->narrow, impl_->stamp, request);
  return estimate_with<Kernel10>(*impl_->board10, impl_->wide, impl_->stamp, request);
}

}  // namespace reversi
