// The words and numbers of NBoard protocol lines: splitting a command, reading whole numbers
// strictly, and writing evaluations and times as the GUI reads them.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace reversi::cli::nboard {

// The line without leading and trailing blanks (spaces, tabs, carriage returns).
std::string_view trim(std::string_view text);

// The first word of a line and the rest, both trimmed.
std::pair<std::string_view, std::string_view> split_word(std::string_view line);

// A whole number written in decimal with an optional sign, nothing else; nullopt when the text
// is anything else or is outside the range of long long.
std::optional<long long> whole_number(std::string_view text);

// Text made safe for one protocol line: control characters as '?', cut after `limit`
// characters ("..." then), so that an echo of the input can never add a line of its own.
std::string one_line(std::string_view text, std::size_t limit);

// Text from the input shown in an error: one_line, quoted, at most 40 characters.
std::string quoted(std::string_view text);

// An evaluation in hundredths of a disc as the GUI reads it: "+1.25", "-40.00".
std::string hundredths_text(long long hundredths);

// A time in seconds: "0.25".
std::string seconds_text(double seconds);

}  // namespace reversi::cli::nboard
