// Transposition tables for the puzzle search: fixed size, shared by every thread, lossy.
//
// Entries keep their full key, so a hit is always exact; a full bucket drops its least
// valuable entry. Losing entries only costs time, which is why the counts stay exact and
// equal for any thread count.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <memory>
#include <new>
#include <type_traits>

#include "core/hash.hpp"

namespace reversi::puzzle_detail {

// A position with the facts that decide its future: side to move, supplies and, for counts,
// the moves left. `meta` is never 0 for a real key, so 0 marks an empty slot.
template <class B>
struct Key {
  B player = 0;
  B opponent = 0;
  std::uint32_t meta = 0;
  friend bool operator==(const Key&, const Key&) = default;
};

// The side to move, its disc supply (core/board.hpp's encoding) and the depth searched.
inline std::uint32_t make_meta(int to_move, int supply, int depth) {
  constexpr std::uint32_t occupied_slot = 1u << 31;
  return occupied_slot | static_cast<std::uint32_t>(to_move) << 24 |
         static_cast<std::uint32_t>(static_cast<std::uint16_t>(supply)) << 8 |
         static_cast<std::uint32_t>(depth);
}

template <class B>
std::uint64_t hash_of(const Key<B>& k) {
  return position_hash(k.player, k.opponent, k.meta);
}

// The number of move sequences from a position (with its moves left) that reach the goal.
template <class B>
struct CountEntry {
  Key<B> key;
  std::uint64_t count = 0;

  // Deeper entries stand for bigger subtrees: keep them.
  int weight() const { return key.meta == 0 ? -1 : static_cast<int>(key.meta & 0xff); }
  void merge(const CountEntry& e) { count = e.count; }
};

// What is known about reaching (or forcing) the goal from a position, by move budget: it
// fails with `fails_upto` moves or fewer and holds with `holds_from` moves or more.
template <class B>
struct BoundEntry {
  static constexpr std::int16_t unknown_hold = std::numeric_limits<std::int16_t>::max();
  Key<B> key;
  std::int16_t fails_upto = -1;
  std::int16_t holds_from = unknown_hold;

  int weight() const {
    if (key.meta == 0) return -1;
    return std::max<int>(fails_upto, holds_from == unknown_hold ? 0 : holds_from);
  }
  void merge(const BoundEntry& e) {
    fails_upto = std::max(fails_upto, e.fails_upto);
    holds_from = std::min(holds_from, e.holds_from);
  }
};

template <class Entry>
class LossyTable {
 public:
  static constexpr std::size_t ways = 4;

  explicit LossyTable(std::size_t bytes) {
    std::size_t n = 1;
    while (n * 2 * sizeof(Bucket) <= bytes) n *= 2;
    // calloc hands out fresh zero pages without touching them, so a big table a small puzzle
    // never fills costs nothing. All-zero bytes are empty buckets: Bucket is implicit-lifetime.
    buckets_.reset(static_cast<Bucket*>(std::calloc(n, sizeof(Bucket))));
    if (!buckets_) throw std::bad_alloc();
    mask_ = n - 1;
  }

  template <class KeyT>
  bool find(const KeyT& key, std::uint64_t hash, Entry& out) const {
    Bucket& b = buckets_.get()[hash & mask_];
    const Guard guard(b.lock);
    for (const Entry& e : b.entries)
      if (e.key == key) {
        out = e;
        return true;
      }
    return false;
  }

  void store(const Entry& entry, std::uint64_t hash) {
    Bucket& b = buckets_.get()[hash & mask_];
    const Guard guard(b.lock);
    Entry* victim = &b.entries[0];
    for (Entry& e : b.entries) {
      if (e.key == entry.key) {
        e.merge(entry);
        return;
      }
      if (e.weight() < victim->weight()) victim = &e;
    }
    *victim = entry;
  }

 private:
  struct Bucket {
    std::array<Entry, ways> entries;
    std::uint32_t lock;
  };
  static_assert(std::is_trivially_copyable_v<Entry>);

  struct Free {
    void operator()(Bucket* b) const { std::free(b); }
  };

  // A spin lock: buckets are held for a few instructions only.
  class Guard {
   public:
    explicit Guard(std::uint32_t& lock) : lock_(lock) {
      while (lock_.exchange(1, std::memory_order_acquire) != 0)
        while (lock_.load(std::memory_order_relaxed) != 0) {
        }
    }
    ~Guard() { lock_.store(0, std::memory_order_release); }
    Guard(const Guard&) = delete;
    Guard& operator=(const Guard&) = delete;

   private:
    std::atomic_ref<std::uint32_t> lock_;
  };

  std::unique_ptr<Bucket, Free> buckets_;
  std::size_t mask_ = 0;
};

}  // namespace reversi::puzzle_detail
