// Option groups shared by every subcommand, exit statuses, and the subcommand table.
#pragma once

#include <boost/program_options.hpp>
#include <iosfwd>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/rules.hpp"

namespace reversi::json_record {}

namespace reversi::cli {

namespace po = boost::program_options;
// The JSON record library (json/) reads unqualified in the command line code.
using namespace reversi::json_record;

// Documented in the README; every subcommand returns one of these.
enum ExitStatus : int {
  exit_ok = 0,
  exit_bad_input = 1,      // a bad record or position, or a result that does not check out
  exit_usage = 2,          // bad usage, or input that cannot be read at all
  exit_interrupted = 130,  // stopped by Ctrl-C (128 + SIGINT), as shells report it
};

// Thrown for bad usage; main() prints it and exits with exit_usage.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

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

// --threads
struct ThreadOptions {
  int threads = 0;  // 0: every core
  void add_to(po::options_description& desc);
  int resolved() const;
};

// Parses `args` against `desc` (and positional names); prints help and returns false for --help.
bool parse_options(const std::string& command, const std::string& synopsis,
                   po::options_description& desc, const std::vector<std::string>& args,
                   po::variables_map& vm,
                   const po::positional_options_description* positional = nullptr);

// Every subcommand: a name, a line of help, and its run function.
struct Subcommand {
  const char* name;
  const char* summary;
  int (*run)(const std::vector<std::string>& args);
};
const std::vector<Subcommand>& subcommands();

std::string version();

}  // namespace reversi::cli
