// The bench modes: one file each in cli/bench/, dispatched by `reversi bench MODE`.
#pragma once

#include <string>
#include <vector>

namespace reversi::cli {

int run_bench_signature(const std::vector<std::string>& args);
int run_bench_ffo(const std::vector<std::string>& args);
int run_bench_perft(const std::vector<std::string>& args);
int run_bench_records(const std::vector<std::string>& args);
int run_bench_puzzle(const std::vector<std::string>& args);
int run_bench_annotate(const std::vector<std::string>& args);
int run_bench_eval(const std::vector<std::string>& args);
int run_bench_convert(const std::vector<std::string>& args);
int run_bench_db(const std::vector<std::string>& args);

}  // namespace reversi::cli
