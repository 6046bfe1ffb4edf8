// What every subcommand shares: exit statuses, usage errors, option parsing, the version.
#pragma once

#include <boost/program_options.hpp>
#include <iosfwd>
#include <stdexcept>
#include <string>
#include <vector>

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

// Parses `args` against `desc` (and positional names); prints help and returns false for --help.
bool parse_options(const std::string& command, const std::string& synopsis,
                   po::options_description& desc, const std::vector<std::string>& args,
                   po::variables_map& vm,
                   const po::positional_options_description* positional = nullptr);

std::string version();

}  // namespace reversi::cli
