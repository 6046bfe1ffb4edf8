// The transposition table: bounds on exact values, in a fixed memory budget, shared by threads.
//
// Every stored bound is a bound on the exact game value of a position (never a heuristic), so
// entries stay valid across searches with different windows and across calls of one Solver.
// Entries keep the whole position, so a hit is never a collision. Threads write without locks:
// each key word is stored xor-ed with the data word, and a torn entry fails the check on read.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <new>
#include <vector>

#include "core/hash.hpp"
#include "core/rules.hpp"

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace reversi::endgame {

struct TableData {
  std::int8_t lower = -solve_infinity;
  std::int8_t upper = solve_infinity;
  std::uint8_t move = 0xFF;  // best or refuting move, 0xFF for none
  std::uint8_t empties = 0;  // the work behind the entry; deeper entries are kept longer
  std::int16_t supply = 0;   // the mover's disc supply, for the free-centre start
  std::uint8_t date = 0;
  std::uint8_t unused = 0;

  std::uint64_t pack() const {
    return static_cast<std::uint8_t>(lower) | std::uint64_t{static_cast<std::uint8_t>(upper)} << 8 |
           std::uint64_t{move} << 16 | std::uint64_t{empties} << 24 |
           std::uint64_t{static_cast<std::uint16_t>(supply)} << 32 | std::uint64_t{date} << 48 |
           std::uint64_t{unused} << 56;
  }
  static TableData unpack(std::uint64_t w) {
    TableData d;
    d.lower = static_cast<std::int8_t>(w & 0xFF);
    d.upper = static_cast<std::int8_t>((w >> 8) & 0xFF);
    d.move = static_cast<std::uint8_t>(w >> 16);
    d.empties = static_cast<std::uint8_t>(w >> 24);
    d.supply = static_cast<std::int16_t>(w >> 32);
    d.date = static_cast<std::uint8_t>(w >> 48);
    d.unused = static_cast<std::uint8_t>(w >> 56);
    return d;
  }
};
static_assert(sizeof(TableData) == 8);

template <class B>
class Table {
 public:
  static constexpr int key_words = sizeof(B) / 8 * 2;

  explicit Table(std::size_t megabytes) { resize(megabytes); }

  void resize(std::size_t megabytes) {
    std::size_t n = 2;
    while (n * 2 * sizeof(Entry) <= megabytes * (std::size_t{1} << 20)) n *= 2;
    entries_ = allocate(n);
    mask_ = n - 1;
    clear();
  }

  void clear() {
    for (std::size_t i = 0; i <= mask_; ++i) {
      for (auto& k : entries_[i].key) k.store(0, std::memory_order_relaxed);
      entries_[i].data.store(0, std::memory_order_relaxed);
    }
  }

  void new_search() {
    date_ = static_cast<std::uint8_t>(date_ + 1);
    if (date_ == 0) date_ = 1;  // a zero data word marks an unused entry
  }
  std::size_t bytes() const { return (mask_ + 1) * sizeof(Entry); }

  bool probe(B player, B opponent, int supply, TableData& out) const {
    const auto key = make_key(player, opponent);
    const std::size_t i = index(player, opponent);
    return read(entries_[i], key, supply, out) || read(entries_[i ^ 1], key, supply, out);
  }

  // Narrows the bounds already known for the position, or takes the place of a less useful one.
  void store(B player, B opponent, int supply, int empties, int lower, int upper, int move) {
    const auto key = make_key(player, opponent);
    const std::size_t i = index(player, opponent);
    TableData d;
    Entry* target = nullptr;
    if (read(entries_[i], key, supply, d)) {
      target = &entries_[i];
    } else if (read(entries_[i ^ 1], key, supply, d)) {
      target = &entries_[i ^ 1];
    } else {
      const TableData a = TableData::unpack(entries_[i].data.load(std::memory_order_relaxed));
      const TableData b = TableData::unpack(entries_[i ^ 1].data.load(std::memory_order_relaxed));
      target = priority(a) <= priority(b) ? &entries_[i] : &entries_[i ^ 1];
      d = TableData{};
    }
    if (lower > d.lower) d.lower = static_cast<std::int8_t>(lower);
    if (upper < d.upper) d.upper = static_cast<std::int8_t>(upper);
    if (move >= 0) d.move = static_cast<std::uint8_t>(move);
    if (empties > d.empties) d.empties = static_cast<std::uint8_t>(empties);
    d.supply = static_cast<std::int16_t>(supply);
    d.date = date_;
    const std::uint64_t w = d.pack();
    target->data.store(w, std::memory_order_relaxed);
    for (int k = 0; k < key_words; ++k)
      target->key[static_cast<std::size_t>(k)].store(key[static_cast<std::size_t>(k)] ^ w,
                                                     std::memory_order_relaxed);
  }

 private:
  // Two entries (i and i ^ 1) make a bucket; padded so that a bucket fills whole cache lines.
  struct alignas(key_words == 2 ? 32 : 64) Entry {
    std::atomic<std::uint64_t> key[key_words];
    std::atomic<std::uint64_t> data;
  };
  using Key = std::array<std::uint64_t, key_words>;

  static Key make_key(B player, B opponent) {
    Key k{};
    if constexpr (sizeof(B) == 8) {
      k[0] = player;
      k[1] = opponent;
    } else {
      k[0] = static_cast<std::uint64_t>(player);
      k[1] = static_cast<std::uint64_t>(player >> 64);
      k[2] = static_cast<std::uint64_t>(opponent);
      k[3] = static_cast<std::uint64_t>(opponent >> 64);
    }
    return k;
  }

  std::size_t index(B player, B opponent) const {
    return static_cast<std::size_t>(position_hash(player, opponent)) & mask_;
  }

  static bool read(const Entry& e, const Key& key, int supply, TableData& out) {
    const std::uint64_t w = e.data.load(std::memory_order_relaxed);
    for (int k = 0; k < key_words; ++k)
      if ((e.key[static_cast<std::size_t>(k)].load(std::memory_order_relaxed) ^ w) !=
          key[static_cast<std::size_t>(k)])
        return false;
    out = TableData::unpack(w);
    return w != 0 && out.supply == supply;
  }

  // Entries from older searches go first, then those with less work behind them.
  int priority(const TableData& d) const {
    const int age = static_cast<std::uint8_t>(date_ - d.date);
    return (age == 0 ? 256 : 0) + d.empties;
  }

  struct Free {
    void operator()(Entry* e) const { std::free(e); }
  };

  // Aligned to huge pages and advised to use them: random probes then miss the TLB far less,
  // which matters as much as the cache misses themselves.
  static std::unique_ptr<Entry[], Free> allocate(std::size_t n) {
    constexpr std::size_t huge_page = std::size_t{2} << 20;
    std::size_t bytes = n * sizeof(Entry);
    bytes = (bytes + huge_page - 1) / huge_page * huge_page;
    void* memory = std::aligned_alloc(huge_page, bytes);
    if (memory == nullptr) throw std::bad_alloc();
#if defined(MADV_HUGEPAGE)
    madvise(memory, bytes, MADV_HUGEPAGE);
#endif
    auto* entries = static_cast<Entry*>(memory);
    for (std::size_t i = 0; i < n; ++i) new (&entries[i]) Entry;
    return std::unique_ptr<Entry[], Free>(entries);
  }

  std::unique_ptr<Entry[], Free> entries_;
  std::size_t mask_ = 0;
  std::uint8_t date_ = 1;
};

}  // namespace reversi::endgame
