// The threads option group.
#pragma once

#include "cli/common.hpp"

namespace reversi::cli {

// More than enough for any machine, and few enough that a typo cannot exhaust the process.
constexpr int max_threads = 1024;

// --threads
struct ThreadOptions {
  int threads = 0;  // 0: every core
  void add_to(po::options_description& desc);
  int resolved() const;
};

}  // namespace reversi::cli
