#include "cli/common.hpp"

namespace reversi::cli {

int run_show(const std::vector<std::string>& args);
int run_solve(const std::vector<std::string>& args);

const std::vector<Subcommand>& subcommands() {
  static const std::vector<Subcommand> table = {
      {"show", "print a position: diagram, disc counts, legal moves", run_show},
      {"solve", "exact value of a position with perfect play, best moves, principal variation",
       run_solve},
  };
  return table;
}

}  // namespace reversi::cli
