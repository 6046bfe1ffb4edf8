#include "analysis/eval/pattern_eval.hpp"

#include <algorithm>
#include <stdexcept>

#if defined(__AVX2__)
#include <immintrin.h>
#endif

#include "core/kernel.hpp"

namespace reversi::eval {

PatternEvaluator::PatternEvaluator(const Weights& weights)
    : PatternEvaluator(weights.game, WeightsView{}) {
  owned_bytes_ = weights_payload(weights.values);
  source_ = WeightsView{weights.phases, weights.per_phase, weights.game, owned_bytes_};
}

PatternEvaluator::PatternEvaluator(const WeightsView& weights)
    : PatternEvaluator(weights.game, weights) {}

PatternEvaluator::PatternEvaluator(WeightsGame game, const WeightsView& source)
    : set_(PatternSet::of_size(board_size(game))),
      game_(game),
      // An estimate never claims more than the board's squares can give.
      units_cap_(popcount(set_.playable()) * 100 - 1),
      source_(source) {
  if (static_cast<std::size_t>(set_.phases()) > max_phases)
    throw std::logic_error("pattern set: more phases than the evaluator expands");
  std::vector<std::uint32_t> shape_base;
  std::size_t size = 0;
  for (const Shape& s : set_.shapes()) {
    shape_base.push_back(static_cast<std::uint32_t>(size));
    size += static_cast<std::size_t>(s.configurations);
  }
  if (set_.images().size() > static_cast<std::size_t>(max_images))
    throw std::logic_error("pattern set: more images than PatternIndices holds");
  for (const Image& img : set_.images()) {
    bases_[lookups_.size()] = shape_base[static_cast<std::size_t>(img.shape)];
    lookups_.push_back({img.mask, static_cast<std::uint32_t>(digits_.size())});
    digits_.insert(digits_.end(), img.digits.begin(), img.digits.end());
  }
  place_values_.resize(zero_lanes + 1);
  for (std::size_t i = 0; i < lookups_.size(); ++i) {
    const Lookup& l = lookups_[i];
    int rank = 0;
    for_each_square(l.mask, [&](int sq) {
      place_values_[static_cast<std::size_t>(sq)].lanes[i] = digits_[l.digits_at + (1u << rank)];
      ++rank;
    });
  }
  mobility_at_ = size;
  // The non-pattern weights, then the spare lanes' zero.
  per_phase_ =
      size + static_cast<std::size_t>(set_.weights_per_phase() - set_.mobility_offset()) + 1;
  const auto zero_at = static_cast<std::uint32_t>(per_phase_ - 1);
  for (std::size_t i = lookups_.size(); i < bases_.size(); ++i) bases_[i] = zero_at;
  // One spare entry at the end: a gather reads 32 bits where the weight is 16.
  // Zero pages that every configuration's weight then fills.
  table_ = allocate_zeroed<std::int16_t>(per_phase_ * static_cast<std::size_t>(set_.phases()) + 1);
}

void PatternEvaluator::expand_phase(std::size_t phase) const {
  const std::lock_guard lock(expanding_);
  if (expanded_[phase].load(std::memory_order_relaxed)) return;
  std::int16_t* out = table_.get() + phase * per_phase_;
  const std::size_t in = phase * static_cast<std::size_t>(source_.per_phase);
  // Every configuration takes its class's weight; the shapes' configurations follow each other.
  std::int16_t* configurations = out;
  for (std::size_t s = 0; s < set_.shapes().size(); ++s) {
    const Shape& shape = set_.shapes()[s];
    const std::size_t classes =
        in + static_cast<std::size_t>(set_.shape_offset(static_cast<int>(s)));
    const std::uint32_t* class_of = shape.class_of.data();
    for (std::size_t c = 0; c < static_cast<std::size_t>(shape.configurations); ++c)
      configurations[c] = source_[classes + class_of[c]];
    configurations += shape.configurations;
  }
  for (int i = set_.mobility_offset(); i < set_.weights_per_phase(); ++i)
    out[mobility_at_ + static_cast<std::size_t>(i - set_.mobility_offset())] =
        source_[in + static_cast<std::size_t>(i)];
  expanded_[phase].store(true, std::memory_order_release);
}

const std::int16_t* PatternEvaluator::weights_for(int empties) const {
  const auto phase = static_cast<std::size_t>(set_.phase(empties));
  if (!expanded_[phase].load(std::memory_order_acquire)) expand_phase(phase);
  return table_.get() + phase * per_phase_;
}

int PatternEvaluator::evaluate(Bits64 p, Bits64 o) const {
  const Bits64 empty = set_.playable() & ~(p | o);
  return evaluate(p, o, popcount(Kernel8::legal_moves(p, o, empty)),
                  popcount(Kernel8::legal_moves(o, p, empty)));
}

int PatternEvaluator::evaluate(Bits64 p, Bits64 o, int my_moves, int their_moves) const {
  const Bits64 empty = set_.playable() & ~(p | o);
  const int empties = popcount(empty);
  const std::int16_t* w = weights_for(empties);
  int sum = 0;
  for (std::size_t i = 0; i < lookups_.size(); ++i) {
    const Lookup& l = lookups_[i];
    sum += w[bases_[i] + configuration(digits_.data() + l.digits_at, l.mask, p, o)];
  }
  return add_non_pattern_terms(sum, w, p, o, empty, empties, my_moves, their_moves);
}

int PatternEvaluator::evaluate(const ImageLanes& mover_indices, Bits64 p, Bits64 o, int my_moves,
                               int their_moves) const {
  const Bits64 empty = set_.playable() & ~(p | o);
  const int empties = popcount(empty);
  const std::int16_t* w = weights_for(empties);
  return add_non_pattern_terms(pattern_sum(mover_indices, w), w, p, o, empty, empties, my_moves,
                               their_moves);
}

int PatternEvaluator::pattern_sum(const ImageLanes& indices, const std::int16_t* w) const {
#if defined(__AVX2__)
  // Eight lanes a gather: each reads the 32 bits at its weight, of which the low 16 are it.
  __m256i total = _mm256_setzero_si256();
  const auto* base = reinterpret_cast<const int*>(w);
  for (std::size_t i = 0; i < max_images; i += 8) {
    const __m128i index16 = _mm_load_si128(reinterpret_cast<const __m128i*>(indices.data() + i));
    const __m256i at =
        _mm256_add_epi32(_mm256_cvtepu16_epi32(index16),
                         _mm256_load_si256(reinterpret_cast<const __m256i*>(bases_.data() + i)));
    const __m256i gathered = _mm256_i32gather_epi32(base, at, 2);
    total = _mm256_add_epi32(total, _mm256_srai_epi32(_mm256_slli_epi32(gathered, 16), 16));
  }
  const __m128i four =
      _mm_add_epi32(_mm256_castsi256_si128(total), _mm256_extracti128_si256(total, 1));
  const __m128i two = _mm_add_epi32(four, _mm_unpackhi_epi64(four, four));
  return _mm_cvtsi128_si32(_mm_add_epi32(two, _mm_shuffle_epi32(two, 1)));
#else
  int sum = 0;
  for (std::size_t i = 0; i < max_images; ++i) sum += w[bases_[i] + indices[i]];
  return sum;
#endif
}

int PatternEvaluator::add_non_pattern_terms(int sum, const std::int16_t* w, Bits64 p, Bits64 o,
                                            Bits64 empty, int empties, int my_moves,
                                            int their_moves) const {
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

PatternIndices PatternEvaluator::indices(Bits64 p, Bits64 o) const {
  PatternIndices out{};
  for (std::size_t i = 0; i < lookups_.size(); ++i) {
    const Lookup& l = lookups_[i];
    out.mover[i] =
        static_cast<std::uint16_t>(configuration(digits_.data() + l.digits_at, l.mask, p, o));
    out.other[i] =
        static_cast<std::uint16_t>(configuration(digits_.data() + l.digits_at, l.mask, o, p));
  }
  return out;
}

// A flipped disc's digit goes from "other" to "mover" in the parent's reading: -3^k there, +3^k
// in the reverse one; the placed disc adds 1 * 3^k and 2 * 3^k. Sums wrap in 16 bits and land
// back in range. Plain loops over whole lanes, which the compiler turns into vector additions.
namespace {
void add_lanes(ImageLanes& to, const ImageLanes& from) {
  for (std::size_t i = 0; i < max_images; ++i) to[i] = static_cast<std::uint16_t>(to[i] + from[i]);
}
// The child's reading with its own discs as 1: the parent's other reading, the placed disc
// now the other side's (2), the flipped ones too (1 -> 2).
ImageLanes child_mover_reading(const PatternIndices& parent, const ImageLanes& placed,
                               const ImageLanes& flips) {
  ImageLanes out;
  for (std::size_t i = 0; i < max_images; ++i)
    out[i] = static_cast<std::uint16_t>(parent.other[i] + 2 * placed[i] + flips[i]);
  return out;
}
}  // namespace

ImageLanes PatternEvaluator::place_value_sum(Bits64 squares) const {
  // Copied from a zero entry: a zero-initialised array was cleared with `rep stos`, 10% of
  // annotate's time.
  ImageLanes sum = place_values_[zero_lanes].lanes;
  for_each_square(
      squares, [&](int sq) { add_lanes(sum, place_values_[static_cast<std::size_t>(sq)].lanes); });
  return sum;
}

PatternIndices PatternEvaluator::after_move(const PatternIndices& parent, int square,
                                            Bits64 flipped) const {
  const ImageLanes flips = place_value_sum(flipped);
  const ImageLanes& placed = place_values_[static_cast<std::size_t>(square)].lanes;
  PatternIndices child;
  child.mover = child_mover_reading(parent, placed, flips);
  for (std::size_t i = 0; i < max_images; ++i)
    child.other[i] = static_cast<std::uint16_t>(parent.mover[i] + placed[i] - flips[i]);
  return child;
}

ImageLanes PatternEvaluator::mover_after_move(const PatternIndices& parent, int square,
                                              Bits64 flipped) const {
  return child_mover_reading(parent, place_values_[static_cast<std::size_t>(square)].lanes,
                             place_value_sum(flipped));
}

}  // namespace reversi::eval
