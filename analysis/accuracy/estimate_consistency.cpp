#include "analysis/accuracy/estimate_consistency.hpp"

#include <algorithm>
#include <cstdlib>

#include "analysis/accuracy/per_game.hpp"
#include "core/game.hpp"

namespace reversi {

namespace {

constexpr int last_empties = 60;

std::vector<ConsistencyPair> game_pairs(const records::GameRecord& game,
                                        const AnnotateOptions& options, AnnotateEngines& engines) {
  std::vector<ConsistencyPair> out;
  if (!replay(game.rules, game.start, game.moves).ok()) return out;
  const Annotation a = annotate(game, engines, options);
  for (std::size_t k = 0; k + 1 < a.moves.size(); ++k) {
    const MoveAnnotation& move = a.moves[k];
    const MoveAnnotation& next = a.moves[k + 1];
    if (move.is_pass() || next.is_pass() || !move.estimate || !next.estimate) continue;
    // The next mover is the other side, so its value is minus the played move's.
    out.push_back({move.empties, std::abs(move.estimate->played + next.estimate->value)});
  }
  return out;
}

ConsistencyBand band_of(const std::vector<ConsistencyPair>& pairs, int lo, int hi) {
  ConsistencyBand b;
  b.min_empties = lo;
  b.max_empties = hi;
  double sum = 0;
  std::size_t close = 0;
  for (const ConsistencyPair& p : pairs) {
    if (p.empties < lo || p.empties > hi) continue;
    ++b.pairs;
    sum += p.difference;
    if (p.difference <= estimate_units_per_disc) ++close;
  }
  if (b.pairs == 0) return b;
  const auto n = static_cast<double>(b.pairs);
  b.mean_difference = sum / n / estimate_units_per_disc;
  b.within_one_disc = static_cast<double>(close) / n;
  return b;
}

}  // namespace

std::vector<ConsistencyPair> consistency_pairs(const std::vector<records::GameRecord>& games,
                                               const ConsistencyRequest& request) {
  const AnnotateOptions& options = request.annotate;
  return samples_in_game_order<ConsistencyPair, AnnotateEngines>(
      games, request.threads, [&](const records::GameRecord& game, AnnotateEngines& engines) {
        if (options.stop != nullptr && options.stop->load()) return std::vector<ConsistencyPair>{};
        return game_pairs(game, options, engines);
      });
}

std::vector<ConsistencyBand> summarise_consistency(const std::vector<ConsistencyPair>& pairs,
                                                   const ConsistencyRequest& request) {
  std::vector<ConsistencyBand> out;
  const std::vector<int>& starts = request.band_starts;
  for (std::size_t i = 0; i < starts.size(); ++i) {
    const int hi = i + 1 < starts.size() ? starts[i + 1] - 1 : last_empties;
    out.push_back(band_of(pairs, starts[i], hi));
  }
  out.push_back(band_of(pairs, 0, last_empties));
  return out;
}

}  // namespace reversi
