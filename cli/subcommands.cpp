#include "cli/common.hpp"

namespace reversi::cli {

int run_show(const std::vector<std::string>& args);
int run_puzzle(const std::vector<std::string>& args);
int run_bench_puzzle(const std::vector<std::string>& args);

const std::vector<Subcommand>& subcommands() {
  static const std::vector<Subcommand> table = {
      {"show", "print a position: diagram, disc counts, legal moves", run_show},
      {"puzzle", "what can happen by move N: wipeouts, games over, disc counts", run_puzzle},
      {"bench-puzzle", "time the 8x8 wipeout count (temporary; to fold into bench)",
       run_bench_puzzle},
  };
  return table;
}

}  // namespace reversi::cli
