// reversi puzzle generate and reversi puzzle check: puzzles from real games, and their proof.
#pragma once

#include <string>
#include <vector>

namespace reversi::cli {

int run_puzzle_generate(const std::vector<std::string>& args);
int run_puzzle_check(const std::vector<std::string>& args);

}  // namespace reversi::cli
