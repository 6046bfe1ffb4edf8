#include "cli/common.hpp"

namespace reversi::cli {

int run_show(const std::vector<std::string>& args);

const std::vector<Subcommand>& subcommands() {
  static const std::vector<Subcommand> table = {
      {"show", "print a position: diagram, disc counts, legal moves", run_show},
  };
  return table;
}

}  // namespace reversi::cli
