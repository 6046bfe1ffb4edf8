#include "core/records/text.hpp"

#include "core/records/record.hpp"

namespace reversi::records {

namespace {
// Numbers in records are disc counts, margins and small ids; more digits mean garbage.
constexpr std::size_t max_digits = 9;
}  // namespace

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

std::string quoted(std::string_view text) {
  std::string out = "'";
  out += printable(text);
  out += '\'';
  return out;
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (auto& c : out)
    if (is_upper(c)) c = static_cast<char>(c - 'A' + 'a');
  return out;
}

std::optional<int> parse_int(std::string_view s) {
  bool negative = false;
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) {
    negative = s[0] == '-';
    s.remove_prefix(1);
  }
  if (s.empty() || s.size() > max_digits) return std::nullopt;
  int v = 0;
  for (char c : s) {
    if (!is_digit(c)) return std::nullopt;
    v = v * 10 + (c - '0');
  }
  return negative ? -v : v;
}

std::optional<Decimal> parse_decimal(std::string_view s) {
  bool negative = false;
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) {
    negative = s[0] == '-';
    s.remove_prefix(1);
  }
  const std::size_t dot = s.find('.');
  const std::string_view whole = s.substr(0, dot);
  const std::string_view fraction = dot == std::string_view::npos ? "" : s.substr(dot + 1);
  if (whole.empty() && fraction.empty()) return std::nullopt;
  if (whole.size() > max_digits || fraction.size() > max_digits) return std::nullopt;
  Decimal out;
  double scale = 1;
  for (char c : whole) {
    if (!is_digit(c)) return std::nullopt;
    out.value = out.value * 10 + (c - '0');
  }
  for (char c : fraction) {
    if (!is_digit(c)) return std::nullopt;
    scale /= 10;
    out.value += (c - '0') * scale;
  }
  out.decimals = static_cast<int>(fraction.size());
  if (negative) out.value = -out.value;
  return out;
}

}  // namespace reversi::records
