#include "cli/options/numeric.hpp"

#include <unistd.h>

#include <charconv>
#include <cmath>
#include <limits>
#include <sstream>

namespace reversi::cli {

namespace numeric_detail {

namespace {

std::string expected(const std::string& kind, const std::string& min, const std::string& max,
                     const char* unit) {
  std::string text = "expected " + kind + " from " + min + " to " + max;
  if (unit != nullptr && *unit != '\0') text += std::string(" (") + unit + ")";
  return text;
}

[[noreturn]] void refuse(const std::string& text, const std::string& why,
                         const std::string& expectation) {
  throw NumericOptionError("'" + text + "' " + why + "; " + expectation);
}

// Whole numbers in plain decimal only: no sign for unsigned ones, no spaces, nothing after.
template <class Int>
Int parse_int(const std::string& text, Int min, Int max, const char* unit) {
  const std::string expect =
      expected("a whole number", std::to_string(min), std::to_string(max), unit);
  if (text.empty()) refuse(text, "is empty", expect);
  const char* first = text.data();
  const char* last = text.data() + text.size();
  if constexpr (std::is_unsigned_v<Int>) {
    if (*first == '-') {
      // A valid negative number is out of range; anything else after '-' is not a number.
      long long probe = 0;
      const auto r = std::from_chars(first, last, probe);
      if ((r.ec == std::errc() || r.ec == std::errc::result_out_of_range) && r.ptr == last)
        refuse(text, "is out of range", expect);
      refuse(text, "is not a whole number", expect);
    }
  }
  if (*first == '+') ++first;
  Int value{};
  const auto r = std::from_chars(first, last, value);
  if (r.ec == std::errc::result_out_of_range && r.ptr == last)
    refuse(text, "is out of range", expect);
  if (r.ec != std::errc() || r.ptr != last) refuse(text, "is not a whole number", expect);
  if (value < min || value > max) refuse(text, "is out of range", expect);
  return value;
}

}  // namespace

std::int64_t parse_whole(const std::string& text, std::int64_t min, std::int64_t max,
                         const char* unit) {
  return parse_int<std::int64_t>(text, min, max, unit);
}

std::uint64_t parse_whole_unsigned(const std::string& text, std::uint64_t min, std::uint64_t max,
                                   const char* unit) {
  return parse_int<std::uint64_t>(text, min, max, unit);
}

double parse_real(const std::string& text, double min, double max, const char* unit) {
  const std::string expect = expected("a number", number_text(min), number_text(max), unit);
  if (text.empty()) refuse(text, "is empty", expect);
  const char* first = text.data();
  const char* last = text.data() + text.size();
  if (*first == '+') ++first;
  double value = 0;
  const auto r = std::from_chars(first, last, value);
  if (r.ec == std::errc::result_out_of_range && r.ptr == last)
    refuse(text, "is out of range", expect);
  if (r.ec != std::errc() || r.ptr != last || !std::isfinite(value))
    refuse(text, "is not a number", expect);
  if (value < min || value > max) refuse(text, "is out of range", expect);
  return value;
}

std::string range_name(const std::string& min, const std::string& max) {
  return min + ".." + max;
}

std::string number_text(double v) {
  std::ostringstream out;
  out << v;
  return out.str();
}

}  // namespace numeric_detail

std::size_t physical_memory_mb() {
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long page_size = sysconf(_SC_PAGE_SIZE);
  // Where the system does not say, a bound that still keeps sizes from wrapping around.
  if (pages <= 0 || page_size <= 0) return std::size_t{1} << 20;
  return static_cast<std::size_t>(pages) * static_cast<std::size_t>(page_size) >> 20;
}

Range<std::size_t> hash_mb_range(bool allow_zero) {
  return {allow_zero ? std::size_t{0} : std::size_t{1}, physical_memory_mb(), "megabytes"};
}

void check_table_memory(std::size_t hash_mb, std::size_t tables) {
  const std::size_t limit = physical_memory_mb();
  if (tables > 1 && hash_mb > limit / tables)
    throw UsageError("--hash-mb " + std::to_string(hash_mb) + " for each of " +
                     std::to_string(tables) + " tables needs more than this machine's " +
                     std::to_string(limit) + " MB of memory; lower --hash-mb or --threads");
}

void add_hash_mb_option(po::options_description& desc, std::size_t* target, std::size_t default_mb,
                        const char* help, bool zero_means_no_table) {
  desc.add_options()("hash-mb",
                     numeric(target, hash_mb_range(zero_means_no_table))->default_value(default_mb),
                     help);
}

}  // namespace reversi::cli
