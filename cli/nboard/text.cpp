#include "cli/nboard/text.hpp"

#include <charconv>
#include <cstdio>

namespace reversi::cli::nboard {

namespace {

bool blank(char c) {
  return c == ' ' || c == '\t' || c == '\r';
}

// Errors quote at most this much of the input: enough to recognise it, short enough for a
// status line.
constexpr std::size_t max_quoted = 40;

}  // namespace

std::string_view trim(std::string_view text) {
  while (!text.empty() && blank(text.front())) text.remove_prefix(1);
  while (!text.empty() && blank(text.back())) text.remove_suffix(1);
  return text;
}

std::pair<std::string_view, std::string_view> split_word(std::string_view line) {
  line = trim(line);
  std::size_t end = 0;
  while (end < line.size() && !blank(line[end])) ++end;
  return {line.substr(0, end), trim(line.substr(end))};
}

std::optional<long long> whole_number(std::string_view text) {
  if (!text.empty() && text.front() == '+') text.remove_prefix(1);
  if (text.empty() || text.front() == '+') return std::nullopt;
  long long value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

std::string one_line(std::string_view text, std::size_t limit) {
  std::string out;
  for (std::size_t i = 0; i < text.size() && i < limit; ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    out += c < 0x20 || c == 0x7f ? '?' : text[i];
  }
  if (text.size() > limit) out += "...";
  return out;
}

std::string quoted(std::string_view text) {
  return "'" + one_line(text, max_quoted) + "'";
}

std::string hundredths_text(long long hundredths) {
  char text[48];
  std::snprintf(text, sizeof text, "%+.2f", static_cast<double>(hundredths) / 100.0);
  return text;
}

std::string seconds_text(double seconds) {
  char text[48];
  std::snprintf(text, sizeof text, "%.2f", seconds);
  return text;
}

}  // namespace reversi::cli::nboard
