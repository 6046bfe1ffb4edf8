// The transposition table: bounds on exact values, in a fixed memory budget, shared by threads.
//
// Every stored bound is a bound on the exact game value of a position (never a heuristic), so
// entries stay valid across searches with different windows and across calls of one Solver;
// the bounds of a selective search (probcut.hpp) are marked with its level, and an exact search
// takes only their moves.
// Entries keep the whole position, so a hit is never a collision. Threads write without locks:
// each key word is stored xor-ed with the data word, and a torn entry fails the check on read.
// The memory comes as zero pages on first use, so the size is an upper bound, not a cost.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <new>
#include <stdexcept>
#include <string>
#include <vector>

#include "analysis/huge_pages.hpp"
#include "core/hash.hpp"
#include "core/rules.hpp"

namespace reversi::endgame {

// A table the system cannot provide: a bad_alloc (callers may retry smaller) that says its size.
class TableAllocationError : public std::bad_alloc {
 public:
  explicit TableAllocationError(std::size_t megabytes)
      : message_("cannot allocate a transposition table of " + std::to_string(megabytes) +
                 " MB: out of memory") {}
  const char* what() const noexcept override { return message_.c_str(); }

 private:
  std::string message_;
};

struct TableData {
  std::int8_t lower = -solve_infinity;
  std::int8_t upper = solve_infinity;
  std::uint8_t move = 0xFF;  // best or refuting move, 0xFF for none
  std::uint8_t empties = 0;  // the work behind the entry; deeper entries are kept longer
  std::int16_t supply = 0;   // the mover's disc supply, for the free-centre start
  std::uint8_t date = 0;
  // The confidence of a selective search's bounds in tenths of a standard deviation
  // (probcut.hpp), 0 for exact ones.
  std::uint8_t level = 0;

  std::uint64_t pack() const {
    return static_cast<std::uint8_t>(lower) | std::uint64_t{static_cast<std::uint8_t>(upper)} << 8 |
           std::uint64_t{move} << 16 | std::uint64_t{empties} << 24 |
           std::uint64_t{static_cast<std::uint16_t>(supply)} << 32 | std::uint64_t{date} << 48 |
           std::uint64_t{level} << 56;
  }
  static TableData unpack(std::uint64_t w) {
    TableData d;
    d.lower = static_cast<std::int8_t>(w & 0xFF);
    d.upper = static_cast<std::int8_t>((w >> 8) & 0xFF);
    d.move = static_cast<std::uint8_t>(w >> 16);
    d.empties = static_cast<std::uint8_t>(w >> 24);
    d.supply = static_cast<std::int16_t>(w >> 32);
    d.date = static_cast<std::uint8_t>(w >> 48);
    d.level = static_cast<std::uint8_t>(w >> 56);
    return d;
  }
};
static_assert(sizeof(TableData) == 8);

// Whether an entry's bounds hold for a search at selectivity `level` (0: exact): exact bounds
// always, a selective search's only for searches at most as selective.
inline bool trusted(const TableData& d, int level) {
  return d.level == 0 || (level != 0 && d.level >= level);
}

// Which of two entries' bounds knows more: exact before selective, more confident before less.
inline int confidence_rank(int level) {
  return level == 0 ? 256 : level;
}

// What an entry `d` (date 0 when the position had none) becomes when a search stores the bounds
// (lower, upper), its `move` (-1: none) and its selectivity `level`: bounds of the same level
// narrow the known ones; exact bounds replace selective ones, and selective ones never replace
// exact ones (nor a more confident level's); contradicting selective bounds give way to the
// newer.
inline TableData merged(TableData d, int lower, int upper, int move, int level) {
  if (d.date != 0 && confidence_rank(level) != confidence_rank(d.level)) {
    if (confidence_rank(level) < confidence_rank(d.level)) {
      if (d.move != 0xFF) move = -1;  // the better-founded entry keeps its move too
      lower = d.lower;
      upper = d.upper;
      level = d.level;
    } else {
      d.lower = -solve_infinity;
      d.upper = solve_infinity;
    }
  } else if (level != 0 && (lower > d.upper || upper < d.lower)) {
    d.lower = -solve_infinity;
    d.upper = solve_infinity;
  }
  d.level = static_cast<std::uint8_t>(level);
  if (lower > d.lower) d.lower = static_cast<std::int8_t>(lower);
  if (upper < d.upper) d.upper = static_cast<std::int8_t>(upper);
  if (move >= 0) d.move = static_cast<std::uint8_t>(move);
  return d;
}

inline std::size_t megabytes_to_bytes(std::size_t megabytes) {
  return megabytes > (SIZE_MAX >> 20) ? SIZE_MAX : megabytes << 20;
}

// A table's budget in bytes, where megabytes are too coarse.
struct TableBytes {
  std::size_t count;
};

// A position as the tables look it up: its sides and their hash, computed once for the probe
// and the store of one node, or the prefetch and the probe of a child.
template <class B>
struct TableKey {
  TableKey(B p, B o) : player(p), opponent(o), hash(position_hash(p, o)) {}
  TableKey(B p, B o, std::uint64_t h) : player(p), opponent(o), hash(h) {}
  B player;
  B opponent;
  std::uint64_t hash;
};

template <class B>
class Table {
 public:
  static constexpr int key_words = sizeof(B) / 8 * 2;

  explicit Table(std::size_t megabytes) { resize(megabytes); }
  explicit Table(TableBytes budget) { resize_bytes(budget.count); }

  // The largest power of two of entries within the budget; its memory is fresh zero pages,
  // which the system provides only as they are first used, so a small search starts at once.
  void resize(std::size_t megabytes) { resize_bytes(megabytes_to_bytes(megabytes)); }
  void resize_bytes(std::size_t budget) {
    std::size_t n = 2;
    while (n <= budget / (2 * sizeof(Entry))) n *= 2;
    entries_.reset();
    entries_ = allocate(n);
    mask_ = n - 1;
    dates_since_zeroed_ = 0;
    forgotten_ = false;
  }

  // Forgets every entry: the pages go back to the system and come back as zeros when used.
  void clear() {
    dates_since_zeroed_ = 0;
    forgotten_ = false;
    zero_huge_pages(entries_.get(), entries_.get_deleter().bytes);
  }

  // Forgets every entry without touching the memory: only entries dated since are read. Zeroing
  // a 256 MB table took 14% of a suite solved position by position (perf, FFO 40-44).
  void forget() {
    forgotten_ = true;
    new_search();
    first_date_ = date_;
  }

  void new_search() {
    date_ = static_cast<std::uint8_t>(date_ + 1);
    if (date_ == 0) date_ = 1;  // a zero data word marks an unused entry
    if (dates_since_zeroed_ < distinct_dates) ++dates_since_zeroed_;
    // From here the dates repeat, and entries from before a forget() would read as new ones.
    if (forgotten_ && dates_since_zeroed_ == distinct_dates) clear();
  }
  std::size_t bytes() const { return (mask_ + 1) * sizeof(Entry); }

  bool probe(const TableKey<B>& position, int supply, TableData& out) const {
    const auto key = make_key(position.player, position.opponent);
    const std::size_t i = index(position);
    return read(entries_[i], key, supply, out) || read(entries_[i ^ 1], key, supply, out);
  }

  // Starts loading the position's bucket, so that a probe soon after finds it in the caches.
  void prefetch(const TableKey<B>& position) const {
    __builtin_prefetch(&entries_[index(position) & ~std::size_t{1}]);
  }

  // Narrows the bounds already known for the position (merged()), or takes the place of a less
  // useful one.
  void store(const TableKey<B>& position, int supply, int empties, int lower, int upper, int move,
             int level = 0) {
    const auto key = make_key(position.player, position.opponent);
    const std::size_t i = index(position);
    TableData d;
    Entry* target = nullptr;
    if (read(entries_[i], key, supply, d)) {
      target = &entries_[i];
    } else if (read(entries_[i ^ 1], key, supply, d)) {
      target = &entries_[i ^ 1];
    } else {
      const TableData a = TableData::unpack(load_word(entries_[i].data));
      const TableData b = TableData::unpack(load_word(entries_[i ^ 1].data));
      target = priority(a) <= priority(b) ? &entries_[i] : &entries_[i ^ 1];
      d = TableData{};
    }
    d = merged(d, lower, upper, move, level);
    if (empties > d.empties) d.empties = static_cast<std::uint8_t>(empties);
    d.supply = static_cast<std::int16_t>(supply);
    d.date = date_;
    const std::uint64_t w = d.pack();
    store_word(target->data, w);
    for (int k = 0; k < key_words; ++k)
      store_word(target->key[static_cast<std::size_t>(k)], key[static_cast<std::size_t>(k)] ^ w);
  }

 private:
  // Two entries (i and i ^ 1) make a bucket; padded so that a bucket fills whole cache lines.
  // Plain words in zeroed memory, read and written through std::atomic_ref: an all-zero entry
  // is a valid empty one without constructing anything, so no page is touched before its use.
  struct alignas(key_words == 2 ? 32 : 64) Entry {
    std::uint64_t key[key_words];
    std::uint64_t data;
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

  std::size_t index(const TableKey<B>& position) const {
    return static_cast<std::size_t>(position.hash) & mask_;
  }

  bool read(const Entry& e, const Key& key, int supply, TableData& out) const {
    const std::uint64_t w = load_word(e.data);
    for (int k = 0; k < key_words; ++k)
      if ((load_word(e.key[static_cast<std::size_t>(k)]) ^ w) != key[static_cast<std::size_t>(k)])
        return false;
    out = TableData::unpack(w);
    return w != 0 && out.supply == supply && since_forget(out);
  }

  // Written since the last forget() (new_search() zeroes the memory before a date comes back).
  bool since_forget(const TableData& d) const {
    return static_cast<std::uint8_t>(date_ - d.date) <=
           static_cast<std::uint8_t>(date_ - first_date_);
  }

  // Entries from older searches go first, then those with less work behind them.
  int priority(const TableData& d) const {
    const int age = static_cast<std::uint8_t>(date_ - d.date);
    return (age == 0 ? 256 : 0) + d.empties;
  }

  // Threads share entries without locks; a torn entry fails the key check on read.
  static std::uint64_t load_word(const std::uint64_t& word) {
    return std::atomic_ref<std::uint64_t>(const_cast<std::uint64_t&>(word))
        .load(std::memory_order_relaxed);
  }
  static void store_word(std::uint64_t& word, std::uint64_t value) {
    std::atomic_ref<std::uint64_t>(word).store(value, std::memory_order_relaxed);
  }

  [[noreturn]] static void throw_out_of_memory(std::size_t bytes) {
    throw TableAllocationError(bytes >> 20);
  }

  static HugePages<Entry> allocate(std::size_t n) {
    try {
      return allocate_zeroed<Entry>(n);
    } catch (const std::bad_alloc&) {
      throw_out_of_memory(n * sizeof(Entry));
    }
  }

  HugePages<Entry> entries_;
  std::size_t mask_ = 0;
  static constexpr int distinct_dates = 255;  // 1 to 255
  std::uint8_t date_ = 1;
  std::uint8_t first_date_ = 1;  // the date of the first search since forget()
  int dates_since_zeroed_ = 0;
  bool forgotten_ = false;  // forget() was called since the memory was last zeroed
};

// The tables of a search, by the empties of a position: the last few in a table small enough to
// stay in the core's own cache, one for each of the search's threads; the next ones in one that
// stays in the shared cache, the others in the large one. Near the end are most of the probes,
// and a probe of the large table is a trip to memory (perf: a quarter of a solve's time); the near
// table took FFO 45-49 a fifth less time for 4% more nodes, and the nearest one FFO 40-49 and 20
// positions of real games at 24 empties 13-16% less time for 1% more nodes. Shared by two threads
// the nearest table's lines moved from core to core at every store: one each took a 20-empty
// solve on two threads 154 -> 130 ms and FFO 40-44 3.05 -> 2.49 s (docs/benchmarks.md).
template <class B>
class Tables {
 public:
  static constexpr int nearest_empties = 8;  // below: the nearest table
  static constexpr std::size_t nearest_kb = 256;
  static constexpr int near_empties = 10;  // below, from nearest_empties: the near table
  static constexpr std::size_t near_mb = 4;

  // The small tables take their sizes beside the budget, or the budget when it is smaller;
  // `workers`: the threads that search at once, each with its own nearest table.
  explicit Tables(std::size_t megabytes, int workers = 1)
      : far_(megabytes),
        near_(std::min(megabytes, near_mb)),
        nearest_bytes_(std::min(megabytes_to_bytes(megabytes), nearest_kb << 10)) {
    fit_workers(workers);
  }

  // At least `workers` nearest tables (each fresh zero pages until used).
  void fit_workers(int workers) {
    while (static_cast<int>(nearest_.size()) < std::max(1, workers))
      nearest_.emplace_back(TableBytes{nearest_bytes_});
    nearest_count_ = nearest_.size();
  }
  int workers() const { return static_cast<int>(nearest_count_); }

  // The table of positions with `empties` empty squares for the thread in slot `worker`
  // (Context::worker); a slot beyond the nearest tables shares the first, which is only slower.
  // A node looks its own table and its children's up once.
  const Table<B>& table_for(int empties, int worker) const {
    if (empties < nearest_empties) return nearest_of(worker);
    return empties < near_empties ? near_ : far_;
  }
  Table<B>& table_for(int empties, int worker) {
    if (empties < nearest_empties) return nearest_of(worker);
    return empties < near_empties ? near_ : far_;
  }

  bool probe(int empties, const TableKey<B>& position, int supply, TableData& out,
             int worker) const {
    return table_for(empties, worker).probe(position, supply, out);
  }
  void store(const TableKey<B>& position, int supply, int empties, int lower, int upper, int move,
             int worker, int level = 0) {
    table_for(empties, worker).store(position, supply, empties, lower, upper, move, level);
  }
  void clear() {
    far_.clear();
    near_.clear();
    for (Table<B>& t : nearest_) t.clear();
  }
  void forget() {
    far_.forget();
    near_.forget();
    for (Table<B>& t : nearest_) t.forget();
  }
  void new_search() {
    far_.new_search();
    near_.new_search();
    for (Table<B>& t : nearest_) t.new_search();
  }
  // The large table's size: the one the budget sets.
  std::size_t bytes() const { return far_.bytes(); }

 private:
  const Table<B>& nearest_of(int worker) const {
    const auto w = static_cast<std::size_t>(worker);
    return nearest_[w < nearest_count_ ? w : 0];
  }
  Table<B>& nearest_of(int worker) {
    const auto w = static_cast<std::size_t>(worker);
    return nearest_[w < nearest_count_ ? w : 0];
  }

  Table<B> far_;
  Table<B> near_;
  std::size_t nearest_bytes_;
  std::vector<Table<B>> nearest_;
  std::size_t nearest_count_ = 0;  // nearest_.size(), kept to spare its division per lookup
};

// Enhanced transposition cutoff: whether a child of the node (p, o) is already known, in
// `table` (the one of the children's empties), to be bad enough for the opponent that the
// node's value beats alpha; `cut` is then that bound. `M` is a move with its `square` and
// `flipped` discs.
template <class B, class M>
bool refuting_child(const Table<B>& table, int child_supply, B p, B o, const M* list, int count,
                    int alpha, int level, int& cut) {
  // All the children's buckets at once: their trips to memory overlap instead of queueing.
  constexpr int max_children = static_cast<int>(sizeof(B)) * 8;
  std::uint64_t hashes[max_children];
  for (int i = 0; i < count; ++i) {
    const M& m = list[i];
    const TableKey<B> child(o ^ m.flipped, p ^ m.flipped ^ (B(1) << m.square));
    hashes[i] = child.hash;
    table.prefetch(child);
  }
  for (int i = 0; i < count; ++i) {
    const M& m = list[i];
    TableData d;
    if (table.probe(TableKey<B>{o ^ m.flipped, p ^ m.flipped ^ (B(1) << m.square), hashes[i]},
                    child_supply, d) &&
        -d.upper > alpha && trusted(d, level)) {
      cut = -d.upper;
      return true;
    }
  }
  return false;
}

}  // namespace reversi::endgame
