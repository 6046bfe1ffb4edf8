#include "analysis/estimate_memo.hpp"

#include "core/hash.hpp"

namespace reversi {

std::size_t EstimateMemo::KeyHash::operator()(const Key& k) const {
  const Position& p = k.position;
  // The side to move, the supplies and the move played tell apart the same discs.
  const auto salt = static_cast<std::uint64_t>(index(p.to_move)) |
                    static_cast<std::uint64_t>(static_cast<std::uint16_t>(p.supply[0])) << 1 |
                    static_cast<std::uint64_t>(static_cast<std::uint16_t>(p.supply[1])) << 17 |
                    static_cast<std::uint64_t>(k.wanted + 1) << 33;
  return static_cast<std::size_t>(position_hash(p.player, p.opponent, salt));
}

std::size_t EstimateMemo::place_of(const Rules& rules) const {
  std::size_t i = 0;
  while (i < by_rules_.size() && !(by_rules_[i].first == rules)) ++i;
  return i;
}

std::optional<EstimatedValues> EstimateMemo::find(const Rules& rules, const Position& p,
                                                  Square wanted) const {
  const std::lock_guard lock(mutex_);
  const std::size_t i = place_of(rules);
  if (i == by_rules_.size()) return std::nullopt;
  const Map& map = by_rules_[i].second;
  const auto found = map.find(Key{p, wanted});
  if (found == map.end()) return std::nullopt;
  const Kept& k = found->second;
  EstimatedValues v;
  v.value = k.value;
  v.played = k.played;
  for_each_square(k.best, [&](Square sq) { v.best.push_back(sq); });
  v.depth = k.depth;
  v.selectivity = k.selectivity;
  return v;
}

void EstimateMemo::keep(const Rules& rules, const Position& p, Square wanted,
                        const EstimatedValues& values) {
  const std::lock_guard lock(mutex_);
  if (entries_ >= max_entries_) return;
  const std::size_t i = place_of(rules);
  if (i == by_rules_.size()) by_rules_.emplace_back(rules, Map{});
  Map& map = by_rules_[i].second;
  Kept k;
  for (const Square sq : values.best) k.best |= Bits{1} << sq;
  k.value = values.value;
  k.played = values.played;
  k.depth = static_cast<std::int16_t>(values.depth);
  k.selectivity = static_cast<std::int16_t>(values.selectivity);
  if (map.try_emplace(Key{p, wanted}, k).second) ++entries_;
}

std::size_t EstimateMemo::size() const {
  const std::lock_guard lock(mutex_);
  return entries_;
}

}  // namespace reversi
