#include "cli/bench/eval_mistakes.hpp"

#include <chrono>
#include <cstdio>

#include "analysis/judgement.hpp"
#include "cli/common.hpp"

namespace reversi::cli {

namespace {

// Two exact solves per move: beyond this a bench over hundreds of games takes hours.
constexpr int max_mistake_empties = 26;

double share(std::size_t part, std::size_t whole) {
  return whole == 0 ? 0.0 : 100.0 * static_cast<double>(part) / static_cast<double>(whole);
}

double discs(int units) {
  return static_cast<double>(units) / estimate_units_per_disc;
}

void print_band(const MistakeBand& b) {
  std::printf(
      "%3d-%-3d  %6zu  %10.2f  %7.2f  %9.2f  %5zu/%-5zu %5.1f%%  %5zu/%-5zu %5.1f%%  %zu (%zu)  "
      "%zu  %zu\n",
      b.min_empties, b.max_empties, b.moves, b.mean_error, discs(b.margin),
      discs(*loss_margin(eval::WeightsGame::standard_8x8, b.min_empties)), b.losing_4_called,
      b.losing_4, share(b.losing_4_called, b.losing_4), b.called_losing_2, b.called,
      share(b.called_losing_2, b.called), b.blunders, b.blunders_losing_4, b.exact, b.proven);
}

MistakeBand total_of(const std::vector<MistakeBand>& bands) {
  MistakeBand t;
  for (const MistakeBand& b : bands) {
    t.moves += b.moves;
    t.exact += b.exact;
    t.proven += b.proven;
    t.losing_4 += b.losing_4;
    t.losing_4_called += b.losing_4_called;
    t.called += b.called;
    t.called_losing_2 += b.called_losing_2;
    t.blunders += b.blunders;
    t.blunders_losing_4 += b.blunders_losing_4;
    t.plain_losing_4_called += b.plain_losing_4_called;
    t.plain_called += b.plain_called;
    t.plain_called_losing_2 += b.plain_called_losing_2;
  }
  return t;
}

}  // namespace

void parse_mistake_empties(const std::string& text, MistakeRequest& request) {
  const auto dash = text.find('-');
  try {
    if (dash == std::string::npos) throw std::invalid_argument(text);
    request.min_empties = std::stoi(text.substr(0, dash));
    request.max_empties = std::stoi(text.substr(dash + 1));
  } catch (const std::logic_error&) {
    throw UsageError("--mistake-empties: '" + text + "' is not MIN-MAX");
  }
  if (request.min_empties < 1 || request.max_empties > max_mistake_empties ||
      request.min_empties > request.max_empties)
    throw UsageError("--mistake-empties: give MIN-MAX with 1 <= MIN <= MAX <= " +
                     std::to_string(max_mistake_empties));
}

void print_mistake_bench(const std::string& file, const std::vector<records::GameRecord>& games,
                         const MistakeRequest& request) {
  std::printf(
      "mistake calls: %zu complete games of %s, played moves with a choice at %d-%d empties, "
      "estimate depth %d selectivity %d%%, called as annotate does (exact at %d empties or "
      "fewer), %d thread%s\n",
      games.size(), file.c_str(), request.min_empties, request.max_empties, request.depth,
      request.selectivity, request.exact_empties, request.threads, request.threads > 1 ? "s" : "");
  const auto start = std::chrono::steady_clock::now();
  const std::vector<LossSample> samples = sample_losses(games, request);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (request.stop != nullptr && request.stop->load()) return;
  const std::vector<MistakeBand> bands = summarise_mistakes(samples, request);
  std::printf(
      "empties   moves  loss error  margin %d%%  shipped  lose>=4 called          called lose>=2  "
      "    blunders (lose>=4)  exact  proven\n",
      request.precision);
  for (const MistakeBand& b : bands) print_band(b);
  const MistakeBand t = total_of(bands);
  std::printf("all      %6zu  %35zu/%-5zu %5.1f%%  %5zu/%-5zu %5.1f%%  %zu (%zu)  %zu  %zu\n",
              t.moves, t.losing_4_called, t.losing_4, share(t.losing_4_called, t.losing_4),
              t.called_losing_2, t.called, share(t.called_losing_2, t.called), t.blunders,
              t.blunders_losing_4, t.exact, t.proven);
  std::printf("without margins %25zu/%-5zu %5.1f%%  %5zu/%-5zu %5.1f%%\n", t.plain_losing_4_called,
              t.losing_4, share(t.plain_losing_4_called, t.losing_4), t.plain_called_losing_2,
              t.plain_called, share(t.plain_called_losing_2, t.plain_called));
  std::printf("margins (analysis/judgement.cpp, estimate units):\n");
  for (const MistakeBand& b : bands)
    std::printf("    {%d, %d, %d},\n", b.min_empties, b.max_empties, b.margin);
  std::printf("%.1f s\n", seconds);
}

}  // namespace reversi::cli
