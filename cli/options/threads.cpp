#include "cli/options/threads.hpp"

#include <algorithm>
#include <thread>

namespace reversi::cli {

void ThreadOptions::add_to(po::options_description& desc) {
  desc.add_options()("threads", po::value(&threads)->default_value(0),
                     "worker threads (0: every core); results do not depend on it");
}

int ThreadOptions::resolved() const {
  if (threads < 0) throw UsageError("--threads must be 0 or more");
  if (threads > 0) return threads;
  return static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

}  // namespace reversi::cli
