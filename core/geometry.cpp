#include "core/geometry.hpp"

#include <algorithm>
#include <cctype>
#include <stdexcept>

namespace reversi {

bool Geometry::is_supported(int size) {
  return std::find(supported_sizes.begin(), supported_sizes.end(), size) != supported_sizes.end();
}

Geometry::Geometry(int size) : size_(size), stride_(size <= 8 ? 8 : 10) {
  if (!is_supported(size))
    throw std::invalid_argument("unsupported board size " + std::to_string(size));
  for (int r = 0; r < size_; ++r)
    for (int c = 0; c < size_; ++c) squares_ |= bit<Bits>(square(r, c));
}

Bits Geometry::centre() const {
  const int h = size_ / 2;
  return bit<Bits>(square(h - 1, h - 1)) | bit<Bits>(square(h - 1, h)) |
         bit<Bits>(square(h, h - 1)) | bit<Bits>(square(h, h));
}

std::string Geometry::name(Square sq) const {
  std::string s(1, static_cast<char>('a' + col(sq)));
  return s + std::to_string(row(sq) + 1);
}

std::optional<Square> Geometry::parse(std::string_view text) const {
  if (text.empty() || text.size() > 3) return std::nullopt;
  const auto all_digits = [](std::string_view t) {
    return !t.empty() &&
           std::all_of(t.begin(), t.end(), [](char ch) { return ch >= '0' && ch <= '9'; });
  };
  if (all_digits(text)) {
    if (size_ != 8 || text.size() > 2) return std::nullopt;
    const int n = std::stoi(std::string(text));
    if (n < 1 || n > 64) return std::nullopt;
    return square((n - 1) / 8, (n - 1) % 8);
  }
  const char letter = static_cast<char>(std::tolower(static_cast<unsigned char>(text[0])));
  const std::string_view digits = text.substr(1);
  if (letter < 'a' || letter > 'z' || !all_digits(digits) || digits[0] == '0') return std::nullopt;
  const int r = std::stoi(std::string(digits)) - 1;
  const int c = letter - 'a';
  if (!on_board(r, c)) return std::nullopt;
  return square(r, c);
}

Square Geometry::transform(Square sq, int symmetry) const {
  int r = row(sq);
  int c = col(sq);
  if (symmetry & 4) std::swap(r, c);
  if (symmetry & 1) c = size_ - 1 - c;
  if (symmetry & 2) r = size_ - 1 - r;
  return square(r, c);
}

Bits Geometry::transform(Bits set, int symmetry) const {
  Bits out = 0;
  for_each_square(set, [&](Square sq) { out |= bit<Bits>(transform(sq, symmetry)); });
  return out;
}

std::string Geometry::list(Bits set) const {
  std::string out;
  for_each_square(set, [&](Square sq) {
    if (!out.empty()) out += ' ';
    out += name(sq);
  });
  return out;
}

}  // namespace reversi
