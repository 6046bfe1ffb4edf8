// The rules option group: which variant a command plays.
#pragma once

#include <string>
#include <vector>

#include "cli/common.hpp"
#include "core/rules.hpp"

namespace reversi::cli {

// --size --start --anti --hole --scoring
struct RulesOptions {
  int size = 8;
  std::string start = "standard";
  bool anti = false;
  std::vector<std::string> holes;
  std::string scoring = "winner";

  void add_to(po::options_description& desc);
  Rules rules() const;
};

}  // namespace reversi::cli
