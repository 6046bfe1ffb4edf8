// Whether annotate's estimates agree from one move to the next: the value of the move played and
// the value of the position it leads to are the same position seen one ply apart, so a chart of
// the game zig-zags by their difference. Pure: games in, figures out; the bench prints them.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "analysis/annotate.hpp"
#include "core/records/record.hpp"

namespace reversi {

struct ConsistencyRequest {
  AnnotateOptions annotate;  // the annotation under test (its stop flag stops the measure)
  std::vector<int> band_starts = {15, 25, 37};  // bands of empties, the last one up to 60
  int threads = 1;  // games in parallel; the figures do not depend on it
};

// One pair: the move played and the next move, both estimated and neither a pass.
struct ConsistencyPair {
  int empties = 0;     // before the first move
  int difference = 0;  // |played value + next position's value|, estimate units
};

struct ConsistencyBand {
  int min_empties = 0;
  int max_empties = 0;
  std::size_t pairs = 0;
  double mean_difference = 0;  // discs
  double within_one_disc = 0;  // share of pairs differing by at most one disc, 0..1
};

// The pairs of every game, in game order.
std::vector<ConsistencyPair> consistency_pairs(const std::vector<records::GameRecord>& games,
                                               const ConsistencyRequest& request);

// A band per request.band_starts, then every pair together (min 0, max 60).
std::vector<ConsistencyBand> summarise_consistency(const std::vector<ConsistencyPair>& pairs,
                                                   const ConsistencyRequest& request);

}  // namespace reversi
