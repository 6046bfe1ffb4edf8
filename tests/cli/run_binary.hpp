// Runs the real reversi binary for end-to-end tests.
#pragma once

#include <string>

namespace reversi::testing {

struct CommandResult {
  int status = -1;  // the exit status
  std::string out;
  std::string err;
};

// Runs `build/reversi ARGS` through the shell, feeding `input` on stdin.
CommandResult run_reversi(const std::string& args, const std::string& input = "");

// Path of a file in the shared data folder, or "" when that folder is absent.
std::string shared_data(const std::string& relative);

}  // namespace reversi::testing
