#include "cli/options/threads.hpp"

#include <algorithm>
#include <thread>

#include "cli/options/numeric.hpp"

namespace reversi::cli {

void ThreadOptions::add_to(po::options_description& desc) {
  desc.add_options()("threads",
                     numeric(&threads, Range<int>{0, max_threads, "threads"})->default_value(0),
                     "worker threads (0: every core); results do not depend on it");
}

int ThreadOptions::resolved() const {
  if (threads > 0) return threads;
  return static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

}  // namespace reversi::cli
