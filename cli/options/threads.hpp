// The threads option group.
#pragma once

#include "cli/common.hpp"

namespace reversi::cli {

// --threads
struct ThreadOptions {
  int threads = 0;  // 0: every core
  void add_to(po::options_description& desc);
  int resolved() const;
};

}  // namespace reversi::cli
