// reversi bench eval --consistency: how far the value of each played move and the value of the
// position it leads to differ in annotate's estimates (what makes the report's chart zig-zag).
#pragma once

#include <string>
#include <vector>

#include "analysis/accuracy/estimate_consistency.hpp"

namespace reversi::cli {

void print_consistency_bench(const std::string& file, const std::vector<records::GameRecord>& games,
                             const ConsistencyRequest& request);

}  // namespace reversi::cli
