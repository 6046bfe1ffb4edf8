// The games the benchmarks over real records use.
#pragma once

#include <string>
#include <vector>

#include "core/records/record.hpp"

namespace reversi::cli {

// The first `wanted` games of a file that replay to the end of the game, in file order.
std::vector<records::GameRecord> complete_games(const std::string& path, int wanted);

}  // namespace reversi::cli
