// The subcommands: one file each in cli/commands/, listed in one table (subcommands.cpp).
#pragma once

#include <string>
#include <vector>

namespace reversi::cli {

int run_show(const std::vector<std::string>& args);
int run_perft(const std::vector<std::string>& args);
int run_validate(const std::vector<std::string>& args);
int run_solve(const std::vector<std::string>& args);
int run_bench(const std::vector<std::string>& args);
int run_puzzle(const std::vector<std::string>& args);
int run_annotate(const std::vector<std::string>& args);
int run_report(const std::vector<std::string>& args);
int run_train(const std::vector<std::string>& args);
int run_selfplay(const std::vector<std::string>& args);
int run_convert(const std::vector<std::string>& args);
int run_nboard(const std::vector<std::string>& args);
int run_atlas(const std::vector<std::string>& args);
int run_db(const std::vector<std::string>& args);

// Every subcommand: a name, a line of help, and its run function.
struct Subcommand {
  const char* name;
  const char* summary;
  int (*run)(const std::vector<std::string>& args);
};
const std::vector<Subcommand>& subcommands();

}  // namespace reversi::cli
