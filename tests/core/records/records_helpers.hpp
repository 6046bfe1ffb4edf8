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

// A folder of the shared data (CMake's REVERSI_SHARED_DATA), for tests tagged [.shared] only:
// they are registered only when it is given, and fail when it is not there.
inline std::filesystem::path shared_data(const char* sub) {
  const std::string root = REVERSI_SHARED_DATA;
  if (root.empty()) FAIL("a [shared] test needs the CMake cache variable REVERSI_SHARED_DATA");
  const std::filesystem::path p = std::filesystem::path(root) / sub;
  if (!std::filesystem::exists(p)) FAIL(p.string() << " is absent");
  return p;
}

// A file of the repository's data/ffo (the FFO endgame suites).
inline std::filesystem::path ffo_suite(const char* file) {
  return std::filesystem::path(REVERSI_SOURCE_DIR) / "data" / "ffo" / file;
}

}  // namespace reversi::records::testing
