#include "cli/bench/eval_consistency.hpp"

#include <chrono>
#include <cstdio>

namespace reversi::cli {

void print_consistency_bench(const std::string& file, const std::vector<records::GameRecord>& games,
                             const ConsistencyRequest& request) {
  const AnnotateOptions& a = request.annotate;
  std::printf(
      "consecutive estimates: %zu complete games of %s annotated (exact from %d empties, estimate "
      "depth %d selectivity %d%%), %d thread%s\n",
      games.size(), file.c_str(), a.exact_empties, a.estimate_depth, a.estimate_selectivity,
      request.threads, request.threads > 1 ? "s" : "");
  const auto start = std::chrono::steady_clock::now();
  const std::vector<ConsistencyPair> pairs = consistency_pairs(games, request);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (a.stop != nullptr && a.stop->load()) return;
  std::printf("empties   pairs  mean |played + next|  within 1 disc\n");
  for (const ConsistencyBand& b : summarise_consistency(pairs, request)) {
    const std::string band =
        b.min_empties == 0 ? std::string("all")
                           : std::to_string(b.min_empties) + "-" + std::to_string(b.max_empties);
    std::printf("%-7s  %6zu  %20.2f  %12.1f%%\n", band.c_str(), b.pairs, b.mean_difference,
                100.0 * b.within_one_disc);
  }
  std::printf("%.1f s\n", seconds);
}

}  // namespace reversi::cli
