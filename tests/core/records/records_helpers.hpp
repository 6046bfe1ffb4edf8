// Helpers for the record tests: read every game of an input held in memory.
#pragma once

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/records/reader.hpp"
#include "core/records/validate.hpp"

namespace reversi::records::testing {

inline std::vector<ParsedGame> read_all(Format format, std::string_view bytes,
                                        ReaderOptions options = {}) {
  MemorySource source(bytes);
  if (options.file.empty()) options.file = "test";
  const auto reader = make_reader(format, source, options);
  std::vector<ParsedGame> games;
  while (auto g = reader->next()) games.push_back(std::move(*g));
  return games;
}

inline ParsedGame read_one(Format format, std::string_view bytes, ReaderOptions options = {}) {
  auto games = read_all(format, bytes, std::move(options));
  REQUIRE(games.size() == 1);
  return games.front();
}

inline std::string slurp(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// The shared data folder, or an empty path (with a warning) when it is not there.
inline std::filesystem::path shared_data(const char* sub) {
  const std::filesystem::path p = std::filesystem::path(REVERSI_SHARED_DATA) / sub;
  if (!std::filesystem::exists(p)) {
    WARN("skipped: " << p.string() << " is absent (the shared data sits beside the checkout)");
    return {};
  }
  return p;
}

}  // namespace reversi::records::testing
