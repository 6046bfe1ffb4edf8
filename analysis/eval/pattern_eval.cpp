#include "analysis/eval/pattern_eval.hpp"

#include <algorithm>

#include "core/kernel.hpp"

namespace reversi::eval {

PatternEvaluator::PatternEvaluator(const Weights& weights)
    : set_(PatternSet::of_size(board_size(weights.game))),
      game_(weights.game),
      // An estimate never claims more than the board's squares can give.
      units_cap_(popcount(set_.playable()) * 100 - 1) {
  std::vector<std::uint32_t> shape_base;
  std::size_t size = 0;
  for (const Shape& s : set_.shapes()) {
    shape_base.push_back(static_cast<std::uint32_t>(size));
    size += static_cast<std::size_t>(s.configurations);
  }
  for (const Image& img : set_.images()) {
    lookups_.push_back({img.mask, static_cast<std::uint32_t>(digits_.size()),
                        shape_base[static_cast<std::size_t>(img.shape)]});
    digits_.insert(digits_.end(), img.digits.begin(), img.digits.end());
  }
  mobility_at_ = size;
  per_phase_ = size + static_cast<std::size_t>(set_.weights_per_phase() - set_.mobility_offset());
  table_.assign(per_phase_ * static_cast<std::size_t>(set_.phases()), 0);
  for (int phase = 0; phase < set_.phases(); ++phase) {
    std::int16_t* out = table_.data() + static_cast<std::size_t>(phase) * per_phase_;
    for (std::size_t s = 0; s < set_.shapes().size(); ++s) {
      const Shape& shape = set_.shapes()[s];
      const int offset = set_.shape_offset(static_cast<int>(s));
      for (int c = 0; c < shape.configurations; ++c)
        out[shape_base[s] + static_cast<std::size_t>(c)] = weights.at(
            phase, offset + static_cast<int>(shape.class_of[static_cast<std::size_t>(c)]));
    }
    for (int i = set_.mobility_offset(); i < set_.weights_per_phase(); ++i)
      out[mobility_at_ + static_cast<std::size_t>(i - set_.mobility_offset())] =
          weights.at(phase, i);
  }
}

int PatternEvaluator::evaluate(Bits64 p, Bits64 o) const {
  const Bits64 empty = set_.playable() & ~(p | o);
  return evaluate(p, o, popcount(Kernel8::legal_moves(p, o, empty)),
                  popcount(Kernel8::legal_moves(o, p, empty)));
}

int PatternEvaluator::evaluate(Bits64 p, Bits64 o, int my_moves, int their_moves) const {
  const Bits64 empty = set_.playable() & ~(p | o);
  const int empties = popcount(empty);
  const std::int16_t* w =
      table_.data() + static_cast<std::size_t>(set_.phase(empties)) * per_phase_;
  int sum = 0;
  for (const Lookup& l : lookups_)
    sum += w[l.base + configuration(digits_.data() + l.digits_at, l.mask, p, o)];
  const int mine = std::min(my_moves, mobility_cap);
  const int theirs = std::min(their_moves, mobility_cap);
  const std::int16_t* mobility = w + mobility_at_;
  constexpr std::size_t theirs_at = mobility_cap + 1;
  constexpr std::size_t features_at = 2 * theirs_at;
  sum += mobility[mine] + mobility[theirs_at + static_cast<std::size_t>(theirs)];
  if (set_.has_board_features()) {
    for (const std::uint32_t i : board_feature_indices(p, o, empty, empties))
      sum += mobility[features_at + i];
    sum += mobility[features_at + board_feature_weights];
  } else {
    sum += mobility[features_at];
  }
  return std::clamp(sum, -units_cap_, units_cap_);
}

}  // namespace reversi::eval
