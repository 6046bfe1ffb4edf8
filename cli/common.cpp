#include "cli/common.hpp"

#include <iostream>

namespace reversi::cli {

bool parse_options(const std::string& command, const std::string& synopsis,
                   po::options_description& desc, const std::vector<std::string>& args,
                   po::variables_map& vm, const po::positional_options_description* positional) {
  desc.add_options()("help,h", "show this help");
  try {
    auto parser = po::command_line_parser(args).options(desc);
    if (positional != nullptr) parser.positional(*positional);
    po::store(parser.run(), vm);
    if (vm.count("help") != 0) {
      std::cout << "Usage: reversi " << command << " " << synopsis << "\n\n" << desc << "\n";
      return false;
    }
    po::notify(vm);
  } catch (const po::error& e) {
    throw UsageError(std::string(e.what()) + " (see 'reversi " + command + " --help')");
  }
  return true;
}

std::string version() {
  return REVERSI_VERSION;
}

}  // namespace reversi::cli
