#include "analysis/eval/patterns.hpp"

#include <algorithm>
#include <bit>
#include <map>
#include <set>
#include <span>
#include <stdexcept>

#include "core/geometry.hpp"
#include "core/kernel.hpp"

namespace reversi::eval {

namespace {

struct ShapeSpec {
  const char* name;
  const char* squares;
};

// Edax and Logistello use much the same regions; the order of the squares is ours.
constexpr ShapeSpec shape_specs_8x8[] = {
    {"edge+2x", "a1 b1 c1 d1 e1 f1 g1 h1 b2 g2"},
    {"corner 2x5", "a1 b1 c1 d1 e1 a2 b2 c2 d2 e2"},
    {"corner 3x3", "a1 b1 c1 a2 b2 c2 a3 b3 c3"},
    {"row 2", "a2 b2 c2 d2 e2 f2 g2 h2"},
    {"row 3", "a3 b3 c3 d3 e3 f3 g3 h3"},
    {"row 4", "a4 b4 c4 d4 e4 f4 g4 h4"},
    {"diagonal 8", "a1 b2 c3 d4 e5 f6 g7 h8"},
    {"diagonal 7", "b1 c2 d3 e4 f5 g6 h7"},
    {"diagonal 6", "c1 d2 e3 f4 g5 h6"},
    {"diagonal 5", "d1 e2 f3 g4 h5"},
    {"diagonal 4", "e1 f2 g3 h4"},
};

// The same regions cut to 6x6: the corner's 2x5 becomes 2x4 (a 2x5 would reach past the middle
// and overlap its mirror image), and the middle rows are rows 2 and 3.
constexpr ShapeSpec shape_specs_6x6[] = {
    {"edge+2x", "a1 b1 c1 d1 e1 f1 b2 e2"},
    {"corner 2x4", "a1 b1 c1 d1 a2 b2 c2 d2"},
    {"corner 3x3", "a1 b1 c1 a2 b2 c2 a3 b3 c3"},
    {"row 2", "a2 b2 c2 d2 e2 f2"},
    {"row 3", "a3 b3 c3 d3 e3 f3"},
    {"diagonal 6", "a1 b2 c3 d4 e5 f6"},
    {"diagonal 5", "b1 c2 d3 e4 f5"},
    {"diagonal 4", "c1 d2 e3 f4"},
};

int power3(int k) {
  int p = 1;
  for (int i = 0; i < k; ++i) p *= 3;
  return p;
}

std::vector<int> parse_squares(const Geometry& g, const char* text) {
  std::vector<int> out;
  std::string word;
  for (const char* c = text;; ++c) {
    if (*c == ' ' || *c == '\0') {
      if (!word.empty()) out.push_back(*g.parse(word));
      word.clear();
      if (*c == '\0') break;
    } else {
      word += *c;
    }
  }
  return out;
}

// Classes of configurations under the permutations of the shape's squares that symmetries
// fixing the shape (as a set) induce. Digits and images by place values, without allocating:
// this runs at every start of the program (it took half of a 14-empty solve's instructions).
void classify(Shape& shape, const Geometry& g) {
  const std::size_t k = shape.squares.size();
  // Per permutation, the place value each square's digit moves to.
  std::vector<std::vector<int>> moved_place;
  for (int s = 0; s < symmetry_count; ++s) {
    std::vector<int> place(k);
    bool fixes = true;
    for (std::size_t i = 0; i < k && fixes; ++i) {
      const int image = g.transform(shape.squares[i], s);
      const auto at = std::find(shape.squares.begin(), shape.squares.end(), image);
      if (at == shape.squares.end())
        fixes = false;
      else
        place[i] = power3(static_cast<int>(at - shape.squares.begin()));
    }
    if (fixes) moved_place.push_back(place);
  }
  shape.class_of.assign(static_cast<std::size_t>(shape.configurations), 0xFFFFFFFFu);
  // The configurations in order as an odometer of digits, each permutation's image of the
  // current one kept up to date as the digits turn.
  std::vector<int> digits(k, 0);
  std::vector<int> images(moved_place.size(), 0);
  std::uint32_t next = 0;
  for (int c = 0; c < shape.configurations; ++c) {
    if (shape.class_of[static_cast<std::size_t>(c)] == 0xFFFFFFFFu) {
      for (const int image : images) shape.class_of[static_cast<std::size_t>(image)] = next;
      ++next;
    }
    for (std::size_t i = 0; i < k; ++i) {
      const bool carry = digits[i] == 2;
      digits[i] = carry ? 0 : digits[i] + 1;
      for (std::size_t j = 0; j < images.size(); ++j)
        images[j] += carry ? -2 * moved_place[j][i] : moved_place[j][i];
      if (!carry) break;
    }
  }
  shape.classes = static_cast<int>(next);
}

}  // namespace

PatternSet::PatternSet(int size) : size_(size) {
  const Geometry g(size);
  const bool small_board = size == 6;
  phases_ = small_board ? small_phase_count : phase_count;
  playable_ = 0;
  for (int r = 0; r < size; ++r)
    for (int c = 0; c < size; ++c) playable_ |= Bits64{1} << g.square(r, c);
  const auto specs = small_board ? std::span<const ShapeSpec>(shape_specs_6x6)
                                 : std::span<const ShapeSpec>(shape_specs_8x8);
  for (const auto& spec : specs) {
    Shape shape;
    shape.name = spec.name;
    shape.squares = parse_squares(g, spec.squares);
    shape.configurations = power3(static_cast<int>(shape.squares.size()));
    classify(shape, g);
    shapes_.push_back(std::move(shape));
  }
  int offset = 0;
  for (std::size_t s = 0; s < shapes_.size(); ++s) {
    const Shape& shape = shapes_[s];
    shape_offset_.push_back(offset);
    offset += shape.classes;
    // One image per distinct square set: the other orderings of a set are the same class.
    std::set<Bits64> seen;
    for (int sym = 0; sym < symmetry_count; ++sym) {
      std::vector<int> sequence;
      Bits64 mask = 0;
      for (int sq : shape.squares) {
        const int image = g.transform(sq, sym);
        sequence.push_back(image);
        mask |= Bits64{1} << image;
      }
      if (!seen.insert(mask).second) continue;
      Image img;
      img.shape = static_cast<int>(s);
      img.mask = mask;
      // Bit j of the extracted set is the j-th lowest square of the mask.
      std::vector<int> weight_of_bit;
      for_each_square(mask, [&](int sq) {
        const auto at = std::find(sequence.begin(), sequence.end(), sq) - sequence.begin();
        weight_of_bit.push_back(power3(static_cast<int>(at)));
      });
      // Each bit pattern's digit sum is that of the pattern without its lowest bit, plus that
      // bit's.
      const std::size_t n = std::size_t{1} << weight_of_bit.size();
      img.digits.assign(n, 0);
      for (std::size_t b = 1; b < n; ++b)
        img.digits[b] = static_cast<std::uint16_t>(
            img.digits[b & (b - 1)] + weight_of_bit[static_cast<std::size_t>(std::countr_zero(b))]);
      images_.push_back(std::move(img));
    }
  }
  mobility_offset_ = offset;
  weights_per_phase_ =
      offset + 2 * (mobility_cap + 1) + (has_board_features() ? board_feature_weights : 0) + 1;
}

const PatternSet& PatternSet::standard() {
  static const PatternSet set(8);
  return set;
}

const PatternSet& PatternSet::small() {
  static const PatternSet set(6);
  return set;
}

const PatternSet& PatternSet::of_size(int size) {
  if (size == 8) return standard();
  if (size == 6) return small();
  throw std::invalid_argument("pattern evaluation: no pattern set for " + std::to_string(size) +
                              "x" + std::to_string(size));
}

ActiveWeights active_weights(const PatternSet& set, Bits64 p, Bits64 o) {
  ActiveWeights a;
  for (const Image& img : set.images()) {
    const Shape& shape = set.shapes()[static_cast<std::size_t>(img.shape)];
    const auto config = PatternSet::index(img, p, o);
    a.index[static_cast<std::size_t>(a.count++)] =
        static_cast<std::uint32_t>(set.shape_offset(img.shape)) + shape.class_of[config];
  }
  const Bits64 empty = set.playable() & ~(p | o);
  const int mine = std::min(popcount(Kernel8::legal_moves(p, o, empty)), mobility_cap);
  const int theirs = std::min(popcount(Kernel8::legal_moves(o, p, empty)), mobility_cap);
  a.index[static_cast<std::size_t>(a.count++)] =
      static_cast<std::uint32_t>(set.mobility_offset() + mine);
  a.index[static_cast<std::size_t>(a.count++)] =
      static_cast<std::uint32_t>(set.mobility_offset() + mobility_cap + 1 + theirs);
  if (set.has_board_features())
    for (const std::uint32_t i : board_feature_indices(p, o, empty, popcount(empty)))
      a.index[static_cast<std::size_t>(a.count++)] =
          static_cast<std::uint32_t>(set.board_features_offset()) + i;
  a.index[static_cast<std::size_t>(a.count++)] = static_cast<std::uint32_t>(set.bias_offset());
  return a;
}

}  // namespace reversi::eval
