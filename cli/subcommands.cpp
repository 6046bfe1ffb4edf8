#include "cli/common.hpp"

namespace reversi::cli {

int run_show(const std::vector<std::string>& args);
int run_perft(const std::vector<std::string>& args);
int run_bench_perft(const std::vector<std::string>& args);
int run_validate(const std::vector<std::string>& args);
int run_bench_records(const std::vector<std::string>& args);
int run_solve(const std::vector<std::string>& args);
int run_bench(const std::vector<std::string>& args);
int run_puzzle(const std::vector<std::string>& args);
int run_bench_puzzle(const std::vector<std::string>& args);
int run_annotate(const std::vector<std::string>& args);
int run_bench_annotate(const std::vector<std::string>& args);

const std::vector<Subcommand>& subcommands() {
  static const std::vector<Subcommand> table = {
      {"show", "print a position: diagram, disc counts, legal moves", run_show},
      {"perft", "count game-tree leaves to a depth (oeis or bik convention)", run_perft},
      {"bench-perft", "perft speed on one thread and on every thread", run_bench_perft},
      {"validate", "check game records in any format: the first error of each game", run_validate},
      {"bench-records", "time parsing and replaying game records on one thread", run_bench_records},
      {"solve", "exact value of a position with perfect play, best moves, principal variation",
       run_solve},
      {"bench", "benchmarks: solver node signature, FFO suite, perft, records", run_bench},
      {"puzzle", "what can happen by move N: wipeouts, games over, disc counts", run_puzzle},
      {"bench-puzzle", "time the 8x8 wipeout count (temporary; to fold into bench)",
       run_bench_puzzle},
      {"annotate",
       "annotate games: exact values near the end, estimates before, errors, turning point",
       run_annotate},
      {"bench-annotate", "annotate benchmarks: WTHOR theoretical scores, whole-database throughput",
       run_bench_annotate},
  };
  return table;
}

}  // namespace reversi::cli
