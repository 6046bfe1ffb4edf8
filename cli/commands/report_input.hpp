// What `reversi report` reads: annotate output (JSON Lines, a --json document or an array of game
// objects) turned into the page's compact games and the problems to list. No I/O here, so the
// fuzz target and the tests give it bytes.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli/output/report_html.hpp"

namespace reversi::cli {

struct ReportInput {
  std::vector<nlohmann::json> games;
  std::vector<ReportProblem> problems;
  long not_annotate = 0;  // lines or objects that are not annotate output at all
};

// Adds the games and problems of one input's text; `name` starts every problem's place.
void read_annotate_output(const std::string& text, const std::string& name, ReportInput& c);

}  // namespace reversi::cli
