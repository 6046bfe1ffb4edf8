// Which format an input is in, from its name and its first bytes.
#pragma once

#include <optional>
#include <string_view>

#include "core/records/record.hpp"

namespace reversi::records {

// How many leading bytes detect_format wants to see.
inline constexpr std::size_t detect_bytes = 4096;

// .ggf, .wtb/.wtd, .obf, .json/.jsonl name their format; other names (.txt) say nothing.
std::optional<Format> format_from_extension(std::string_view path);
// The size a WTHOR file name promises: .wtb 8x8, .wtd 10x10.
std::optional<int> wthor_size_from_extension(std::string_view path);

// A known extension wins; otherwise the content decides: a WTHOR header, "(;" or a count and
// "(;" for GGF, '{' or '[' for JSON, N*N board cells and a side (with ";" scores for OBF), and
// anything else is a move list.
Format detect_format(std::string_view head, std::string_view path);

}  // namespace reversi::records
