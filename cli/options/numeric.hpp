// Every numeric option of every subcommand is read here: the text is checked for its type and
// range where it is parsed, so that "-1" never wraps around into a huge unsigned size and "ten"
// never reaches the code. The range shows in --help as the option's value name ("1..4096").
#pragma once

#include <cstdint>
#include <string>
#include <type_traits>

#include "cli/common.hpp"

namespace reversi::cli {

// The accepted values of one option; `unit` ends the error message ("megabytes").
template <class T>
struct Range {
  T min;
  T max;
  const char* unit = "";
};

// Thrown by the parser; boost fills in the option's name, so the message names it.
class NumericOptionError : public po::error_with_option_name {
 public:
  explicit NumericOptionError(const std::string& message)
      : po::error_with_option_name("option '%canonical_option%': " + message) {}
};

namespace numeric_detail {

// The value in `text`, or a NumericOptionError saying why it is not one in `range`.
std::int64_t parse_whole(const std::string& text, std::int64_t min, std::int64_t max,
                         const char* unit);
std::uint64_t parse_whole_unsigned(const std::string& text, std::uint64_t min, std::uint64_t max,
                                   const char* unit);
double parse_real(const std::string& text, double min, double max, const char* unit);
std::string range_name(const std::string& min, const std::string& max);
std::string number_text(double v);

template <class T>
T parse(const std::string& text, const Range<T>& r) {
  if constexpr (std::is_floating_point_v<T>) {
    return static_cast<T>(parse_real(text, r.min, r.max, r.unit));
  } else if constexpr (std::is_signed_v<T>) {
    return static_cast<T>(parse_whole(text, r.min, r.max, r.unit));
  } else {
    return static_cast<T>(parse_whole_unsigned(text, r.min, r.max, r.unit));
  }
}

template <class T>
std::string text_of(T v) {
  if constexpr (std::is_floating_point_v<T>) {
    return number_text(static_cast<double>(v));
  } else {
    return std::to_string(v);
  }
}

}  // namespace numeric_detail

// A typed value that parses its one token itself, strictly, instead of boost's lexical_cast.
template <class T>
class NumericValue : public po::typed_value<T> {
 public:
  NumericValue(T* target, Range<T> range) : po::typed_value<T>(target), range_(range) {
    this->value_name(numeric_detail::range_name(numeric_detail::text_of(range.min),
                                                numeric_detail::text_of(range.max)));
  }
  void xparse(boost::any& store, const std::vector<std::string>& tokens) const override {
    store = numeric_detail::parse(tokens.empty() ? std::string() : tokens.front(), range_);
  }

 private:
  Range<T> range_;
};

// The value semantic for a numeric option: `numeric(&opt.depth, {1, 30})->default_value(6)`.
template <class T>
po::typed_value<T>* numeric(T* target, Range<T> range) {
  return new NumericValue<T>(target, range);
}

// The largest table size in megabytes that this machine's memory can hold.
std::size_t physical_memory_mb();

// --hash-mb: 1 MB up to the machine's memory (`allow_zero` where 0 means no table).
Range<std::size_t> hash_mb_range(bool allow_zero = false);

// Refuses tables that together exceed the machine's memory, before any work.
void check_table_memory(std::size_t hash_mb, std::size_t tables);

// --hash-mb, one name and meaning in every subcommand: the table size in megabytes, each.
void add_hash_mb_option(po::options_description& desc, std::size_t* target, std::size_t default_mb,
                        const char* help, bool zero_means_no_table = false);

}  // namespace reversi::cli
