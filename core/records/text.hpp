// Small text helpers shared by the text-format parsers.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace reversi::records {

inline bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}
inline bool is_digit(char c) {
  return c >= '0' && c <= '9';
}
inline bool is_upper(char c) {
  return c >= 'A' && c <= 'Z';
}

std::string_view trim(std::string_view s);
// 'text' in quotes, unprintable bytes as \xNN: how messages show what a record wrote.
std::string quoted(std::string_view text);
std::string lower(std::string_view s);
// A whole-string integer ("+12", "-3", "7"), or nullopt; bounded so it cannot overflow.
std::optional<int> parse_int(std::string_view s);
// A decimal number as GGF writes it ("+0.000", "-22.87", "3"): the value and its decimals.
struct Decimal {
  double value = 0;
  int decimals = 0;
};
std::optional<Decimal> parse_decimal(std::string_view s);

}  // namespace reversi::records
