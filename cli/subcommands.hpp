// The subcommands: one file each in cli/commands/, listed in one table (subcommands.cpp).
#pragma once

#include <string>
#include <vector>

#include "cli/cluster/farm.hpp"

namespace reversi::cli {

int run_show(const std::vector<std::string>& args, const cluster::Context& context);
int run_perft(const std::vector<std::string>& args, const cluster::Context& context);
int run_validate(const std::vector<std::string>& args, const cluster::Context& context);
int run_solve(const std::vector<std::string>& args, const cluster::Context& context);
int run_bench(const std::vector<std::string>& args, const cluster::Context& context);
int run_puzzle(const std::vector<std::string>& args, const cluster::Context& context);
int run_annotate(const std::vector<std::string>& args, const cluster::Context& context);
int run_report(const std::vector<std::string>& args, const cluster::Context& context);
int run_train(const std::vector<std::string>& args, const cluster::Context& context);
int run_selfplay(const std::vector<std::string>& args, const cluster::Context& context);
int run_convert(const std::vector<std::string>& args, const cluster::Context& context);
int run_nboard(const std::vector<std::string>& args, const cluster::Context& context);
int run_atlas(const std::vector<std::string>& args, const cluster::Context& context);
int run_db(const std::vector<std::string>& args, const cluster::Context& context);

// Every subcommand: a name, a line of help, and its run function, which gets the arguments after
// its name and this process's place in the run (cli/cluster/farm.hpp).
struct Subcommand {
  const char* name;
  const char* summary;
  int (*run)(const std::vector<std::string>& args, const cluster::Context& context);
};
const std::vector<Subcommand>& subcommands();

}  // namespace reversi::cli
