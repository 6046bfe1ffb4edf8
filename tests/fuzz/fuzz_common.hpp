// Shared by the fuzz targets: drain a reader and validate every game, as `reversi validate` does.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/records/record.hpp"
#include "core/records/validate.hpp"

namespace reversi::fuzz {

inline std::string_view bytes(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// Validation must never fail on any record a parser returns, and the verdict must agree with
// the error it reports.
inline void drain(records::GameReader& reader) {
  for (int guard = 0; guard < 1 << 20; ++guard) {
    const auto game = reader.next();
    if (!game) return;
    for (bool complete : {false, true}) {
      const auto v = records::validate(*game, records::ValidateOptions{complete});
      if ((v.verdict == records::Verdict::invalid) != v.error.has_value()) __builtin_trap();
    }
  }
  __builtin_trap();  // a reader that never ends
}

}  // namespace reversi::fuzz
