// The atlas table as JSON and as Markdown, and the JSON read back (for --resume and --check).
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "analysis/atlas.hpp"

namespace reversi::cli {

// How a table was made: one entry per run that added rows to it.
struct AtlasRun {
  std::string command;
  std::string commit;
  std::string date;    // UTC, ISO 8601
  int cores = 0;       // the machine's
  int threads = 0;     // rows solved at once
  double seconds = 0;  // wall clock from the run's start to its last finished row (0: not kept)
};

struct AtlasTable {
  std::vector<AtlasRun> runs;
  std::vector<AtlasRow> rows;                // finished rows, in list order
  std::vector<Rules> pending;                // rows still to solve, in list order
  std::vector<std::string> pending_reasons;  // one per pending row: "time limit", "not run"
};

nlohmann::json atlas_json(const AtlasTable& table);
std::string atlas_markdown(const AtlasTable& table);

// Reads a table written by atlas_json; throws std::runtime_error naming the bad row and field.
AtlasTable read_atlas(const nlohmann::json& j);

// "light wins by 4": the row's value in words; "-" for an unfinished row.
std::string row_summary(const AtlasRow& row);

}  // namespace reversi::cli
