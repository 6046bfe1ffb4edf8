#include "analysis/perft.hpp"

#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/global_control.h>
#include <tbb/parallel_reduce.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <new>
#include <tuple>
#include <type_traits>

#include "analysis/puzzle/board.hpp"
#include "core/board.hpp"
#include "core/hash.hpp"

namespace reversi {

std::string convention_name(PerftConvention c) {
  return c == PerftConvention::oeis ? "oeis" : "bik";
}

namespace {

// Tasks are split off near the root until there are enough to keep every thread busy.
constexpr std::size_t tasks_per_thread = 64;

// Subtrees this shallow are cheaper to count again than to look up.
constexpr int min_hashed_depth = 4;
// From this depth on a subtree is worth the eight transforms that find its canonical image.
constexpr int min_symmetric_depth = 4;
constexpr int count_bits = 56;
// A thread's table grows with the depth from this size at this depth, doubling per ply, and never
// beyond its share of --hash-mb: a small table costs fewer fresh pages and cache misses, and
// counts as fast (ply 11: 0.087 s in 8 MB, 0.161 s in 256 MB; ply 13: 4.9 s from 16 MB to 512 MB).
constexpr std::size_t table_bytes_at_base_depth = std::size_t{4} << 20;
constexpr int table_base_depth = 11;

std::size_t table_bytes_for(int depth, std::size_t hash_mb, int threads) {
  const std::size_t share = (hash_mb << 20) / static_cast<std::size_t>(threads);
  const int doublings = std::clamp(depth - table_base_depth, 0, 30);
  return std::min(share, table_bytes_at_base_depth << doublings);
}

// Counts of subtrees already seen, keyed by the whole position and the depth, so a hit is exact.
template <class B>
class CountTable {
 public:
  // calloc hands out fresh zero pages untouched, so only the entries a count uses cost anything.
  explicit CountTable(std::size_t bytes) {
    std::size_t n = 1;
    while (n <= bytes / (2 * sizeof(Entry))) n *= 2;
    entries_.reset(static_cast<Entry*>(std::calloc(n, sizeof(Entry))));
    if (!entries_) throw std::bad_alloc();
    mask_ = n - 1;
  }

  bool find(B p, B o, int depth, std::uint64_t& count) const {
    const Entry& e = entries_[index(p, o, depth)];
    if (e.player != p || e.opponent != o ||
        (e.depth_and_count >> count_bits) != static_cast<std::uint64_t>(depth))
      return false;
    count = e.depth_and_count & ((std::uint64_t{1} << count_bits) - 1);
    return true;
  }

  void store(B p, B o, int depth, std::uint64_t count) {
    entries_[index(p, o, depth)] =
        Entry{p, o, (static_cast<std::uint64_t>(depth) << count_bits) | count};
  }

 private:
  // Plain data, so that zeroed memory is a table of empty entries.
  struct Entry {
    B player;
    B opponent;
    std::uint64_t depth_and_count;  // depth 0 marks an empty slot
  };
  static_assert(std::is_trivial_v<Entry>);
  struct Free {
    void operator()(Entry* e) const { std::free(e); }
  };

  std::size_t index(B p, B o, int depth) const {
    return static_cast<std::size_t>(position_hash(p, o, static_cast<std::uint64_t>(depth))) & mask_;
  }

  std::unique_ptr<Entry[], Free> entries_;
  std::size_t mask_ = 0;
};

// Subtrees this deep poll the stop flag: a few thousand leaves below each poll at least, so the
// poll costs nothing measurable and a stop is seen within milliseconds.
constexpr int stop_check_depth = 6;

bool stopped(const std::atomic<bool>* stop) {
  return stop != nullptr && stop->load(std::memory_order_relaxed);
}

// The counting recursion on a fixed kernel: the hot path for standard starts. The table is a
// template choice so the plain count stays the tight loop it is without one.
template <class K, class B, bool hashed>
struct FastCounter {
  Board<K> board;
  bool count_finished;
  CountTable<B>* table = nullptr;
  const std::atomic<bool>* stop = nullptr;
  const puzzle_detail::Symmetries<K>* symmetries = nullptr;

  std::uint64_t count(B p, B o, int depth) const {
    if constexpr (hashed) {
      if (depth < min_hashed_depth) return count_uncached(p, o, depth);
      // Symmetric positions have the same count: deep subtrees are kept under one image.
      B kp = p;
      B ko = o;
      if (depth >= min_symmetric_depth) std::tie(kp, ko) = symmetries->canonical(p, o);
      std::uint64_t n = 0;
      if (table->find(kp, ko, depth, n)) return n;
      n = count_uncached(p, o, depth);
      table->store(kp, ko, depth, n);
      return n;
    } else {
      return count_uncached(p, o, depth);
    }
  }

  std::uint64_t count_uncached(B p, B o, int depth) const {
    if (depth >= stop_check_depth && stopped(stop)) return 0;  // the count is discarded
    const B moves = board.flipping_moves(p, o);
    if (moves == 0) {
      if (board.flipping_moves(o, p) == 0) return count_finished ? 1 : 0;
      return depth == 1 ? 1 : count(o, p, depth - 1);
    }
    if (depth == 1) return static_cast<std::uint64_t>(popcount(moves));
    std::uint64_t n = 0;
    for_each_square(moves, [&](int sq) {
      const B f = K::flips(p, o, sq);
      n += count(o ^ f, p ^ f ^ bit<B>(sq), depth - 1);
    });
    return n;
  }
};

struct Node {
  Position position;
  int depth;  // plies still to count below it
};

// Counting over the generic rules layer: any variant, including free-centre placements.
std::uint64_t count_generic(const Rules& rules, const Position& p, int depth, bool count_finished,
                            const std::atomic<bool>* stop = nullptr) {
  if (depth == 0) return 1;
  if (depth >= stop_check_depth && stopped(stop)) return 0;  // the count is discarded
  const Bits moves = rules.legal_moves(p);
  if (moves == 0) {
    const Position passed = rules.pass(p);
    if (!rules.has_move(passed)) return count_finished ? 1 : 0;
    return count_generic(rules, passed, depth - 1, count_finished, stop);
  }
  if (depth == 1) return static_cast<std::uint64_t>(popcount(moves));
  std::uint64_t n = 0;
  for_each_square(moves, [&](Square sq) {
    n += count_generic(rules, rules.play(p, sq), depth - 1, count_finished, stop);
  });
  return n;
}

// Per-thread count tables, created on first use in each thread.
struct ThreadTables {
  std::size_t bytes;
  tbb::enumerable_thread_specific<std::unique_ptr<CountTable<Bits64>>> narrow;
  tbb::enumerable_thread_specific<std::unique_ptr<CountTable<Bits128>>> wide;

  template <class B>
  CountTable<B>* local() {
    if (bytes == 0) return nullptr;
    auto& slot = [&]() -> auto& {
      if constexpr (sizeof(B) == 8) {
        return narrow.local();
      } else {
        return wide.local();
      }
    }
    ();
    if (!slot) slot = std::make_unique<CountTable<B>>(bytes);
    return slot.get();
  }
};

template <class K, class B>
std::uint64_t count_fast(const Rules& rules, const Node& node, bool count_finished,
                         CountTable<B>* table, const std::atomic<bool>* stop) {
  const auto p = static_cast<B>(node.position.player);
  const auto o = static_cast<B>(node.position.opponent);
  const Board<K> board(rules);
  if (table != nullptr) {
    const puzzle_detail::Symmetries<K> symmetries(rules.geometry(), board.playable());
    return FastCounter<K, B, true>{board, count_finished, table, stop, &symmetries}.count(
        p, o, node.depth);
  }
  return FastCounter<K, B, false>{board, count_finished, nullptr, stop}.count(p, o, node.depth);
}

std::uint64_t count_node(const Rules& rules, const Node& node, bool count_finished,
                         ThreadTables& tables, const std::atomic<bool>* stop) {
  if (node.depth == 0) return 1;
  if (rules.start() == Start::free)
    return count_generic(rules, node.position, node.depth, count_finished, stop);
  if (rules.geometry().narrow())
    return count_fast<Kernel8>(rules, node, count_finished, tables.local<Bits64>(), stop);
  return count_fast<Kernel10>(rules, node, count_finished, tables.local<Bits128>(), stop);
}

// Expands the tree breadth-first until there are at least `wanted` nodes, counting the leaves
// that end above the split (finished games and depth reached) into `leaves`.
std::vector<Node> split(const Rules& rules, const Node& root, std::size_t wanted,
                        bool count_finished, std::uint64_t& leaves, std::uint64_t& interior) {
  std::vector<Node> frontier{root};
  while (frontier.size() < wanted) {
    std::vector<Node> next;
    bool expanded = false;
    for (const Node& n : frontier) {
      if (n.depth <= 2) {
        next.push_back(n);
        continue;
      }
      expanded = true;
      ++interior;
      const Bits moves = rules.legal_moves(n.position);
      if (moves == 0) {
        const Position passed = rules.pass(n.position);
        if (!rules.has_move(passed)) {
          leaves += count_finished ? 1 : 0;
        } else {
          next.push_back(Node{passed, n.depth - 1});
        }
        continue;
      }
      for_each_square(moves, [&](Square sq) {
        next.push_back(Node{rules.play(n.position, sq), n.depth - 1});
      });
    }
    frontier.swap(next);
    if (!expanded) break;
  }
  return frontier;
}

}  // namespace

std::uint64_t perft_plain(const Rules& rules, const Position& root, int depth,
                          PerftConvention convention) {
  return count_generic(rules, root, depth, convention == PerftConvention::bik);
}

PerftResult perft(const PerftRequest& request) {
  PerftResult result;
  const bool count_finished = request.convention == PerftConvention::bik;
  const int threads = std::max(1, request.threads);
  std::vector<Node> tasks = split(request.rules, Node{request.root, request.depth},
                                  static_cast<std::size_t>(threads) * tasks_per_thread,
                                  count_finished, result.leaves, result.interior_nodes);

  ThreadTables tables{table_bytes_for(request.depth, request.hash_mb, threads), {}, {}};
  std::mutex progress_mutex;
  std::atomic<std::uint64_t> done{0};
  std::atomic<std::uint64_t> leaves_so_far{0};
  std::atomic<bool> stopped{false};
  const auto count_range = [&](const tbb::blocked_range<std::size_t>& range, std::uint64_t sum) {
    for (std::size_t i = range.begin(); i != range.end(); ++i) {
      if (request.stop != nullptr && request.stop->load(std::memory_order_relaxed)) {
        stopped = true;
        return sum;
      }
      const std::uint64_t n =
          count_node(request.rules, tasks[i], count_finished, tables, request.stop);
      sum += n;
      const std::uint64_t d = ++done;
      const std::uint64_t l = leaves_so_far += n;
      if (request.on_progress) {
        std::lock_guard lock(progress_mutex);
        request.on_progress(PerftProgress{request.depth, d, tasks.size(), l});
      }
    }
    return sum;
  };
  // Allows more threads than cores when asked for, so counts can be checked at any thread count.
  tbb::global_control allow(tbb::global_control::max_allowed_parallelism,
                            static_cast<std::size_t>(threads));
  tbb::task_arena arena(threads);
  arena.execute([&] {
    result.leaves +=
        tbb::parallel_reduce(tbb::blocked_range<std::size_t>(0, tasks.size(), 1), std::uint64_t{0},
                             count_range, [](std::uint64_t a, std::uint64_t b) { return a + b; });
  });
  result.complete = !stopped;
  return result;
}

}  // namespace reversi
