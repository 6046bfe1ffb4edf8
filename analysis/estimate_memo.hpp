// The estimates of one annotate run, shared by its workers: the games of a database share their
// openings (in all of WTHOR 37% of the positions before annotate's exact zone repeat one met in an
// earlier game), and an estimate depends only on its request (analysis/estimate/estimate.hpp), so
// a game that reaches a position another game estimated reads the values instead of searching.
// What is read is what the search would give: the annotations do not depend on the memo, on the
// order the games come in or on the number of workers; only the time does.
#pragma once

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <optional>
#include <unordered_map>
#include <utility>
#include <vector>

#include "analysis/annotate.hpp"
#include "core/rules.hpp"

namespace reversi {

class EstimateMemo {
 public:
  // The openings of all of WTHOR's 66,806 games fill about 573,000 entries (the positions of
  // their first memo_plies moves); a larger batch stops adding at the cap and goes on reading the
  // openings it holds.
  static constexpr std::size_t default_max_entries = std::size_t{1} << 20;
  // Later positions seldom repeat: 97.5% of WTHOR's repeats come within the first 24 moves.
  static constexpr int memo_plies = 24;

  explicit EstimateMemo(std::size_t max_entries = default_max_entries)
      : max_entries_(max_entries) {}

  // Whether annotate keeps the estimates of a position: one of the first memo_plies moves
  // from the rules' start, counted by the discs placed.
  static bool worth_keeping(const Rules& rules, const Position& p) {
    return rules.empties(rules.initial()) - rules.empties(p) < memo_plies;
  }

  // The values kept for the position with `wanted` as the move played, under these rules.
  std::optional<EstimatedValues> find(const Rules& rules, const Position& p, Square wanted) const;
  // Keeps the values of a complete estimate (the first kept for a key stays).
  void keep(const Rules& rules, const Position& p, Square wanted, const EstimatedValues& values);

  std::size_t size() const;

 private:
  struct Key {
    Position position;
    Square wanted = no_square;
    friend bool operator==(const Key&, const Key&) = default;
  };
  struct KeyHash {
    std::size_t operator()(const Key& k) const;
  };
  // An estimate's values in half of EstimatedValues' room and with nothing on the heap: the best
  // moves as a set (they are kept in square order), no proof or book flag (annotate adds those).
  struct Kept {
    Bits best = 0;
    int value = 0;
    int played = 0;
    std::int16_t depth = 0;
    std::int16_t selectivity = 0;
  };
  using Map = std::unordered_map<Key, Kept, KeyHash>;

  // Where the map of these rules is in by_rules_, or its size when there is none (a batch
  // mixes a few rule sets at most).
  std::size_t place_of(const Rules& rules) const;

  mutable std::mutex mutex_;
  std::vector<std::pair<Rules, Map>> by_rules_;
  std::size_t entries_ = 0;
  std::size_t max_entries_;
};

}  // namespace reversi
