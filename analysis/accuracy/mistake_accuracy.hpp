// How well estimated losses find the real mistakes, on real games: each played move in a range of
// empties gets its estimated loss (as annotate computes it) and its exact loss (two solves);
// per band of empties, the margin the estimates need for confident calls and how the shipped
// margins call them.
// Pure: games in, figures out; `reversi bench eval --mistakes` prints them.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <vector>

#include "analysis/estimate/estimate.hpp"
#include "core/records/record.hpp"

namespace reversi {

struct MistakeRequest {
  int min_empties = 15;
  int max_empties = 23;
  int band = 3;  // empties per band
  int depth = default_estimate_depth;
  int selectivity = default_selectivity;
  int precision = 95;  // percent of the called moves that must really lose: the margin per band
  int threads = 1;     // games in parallel; the figures do not depend on it
  // Annotate solves moves with at most this many empties: they are called by their exact loss.
  int exact_empties = 0;
  const eval::PatternEvaluator* patterns = nullptr;
  const std::atomic<bool>* stop = nullptr;
};

// One played move: its estimated loss (estimate units) and exact loss (discs).
struct LossSample {
  int empties = 0;
  int estimated = 0;
  int exact = 0;
  // Just above the exact zone, as annotate proves it (ProvenAlternative): the exact gain of the
  // estimate's best move over the move played, when that move is better (discs).
  std::optional<int> proven;
};

struct MistakeBand {
  int min_empties = 0;
  int max_empties = 0;
  std::size_t moves = 0;
  double mean_error = 0;  // mean |estimated - exact| loss, discs
  // The smallest margin (estimate units) at which request.precision percent of the moves it
  // calls really lose mistake_discs or more.
  int margin = 0;
  // As annotate calls them: exact losses within request.exact_empties, else the estimated loss
  // with the shipped margins (analysis/judgement.hpp):
  std::size_t exact = 0;            // moves called by their exact loss
  std::size_t losing_4 = 0;         // moves that lose 4 discs or more
  std::size_t losing_4_called = 0;  // of which called mistakes (or blunders)
  std::size_t called = 0;           // moves called mistakes (or blunders)
  std::size_t called_losing_2 = 0;  // of which really lose 2 or more
  std::size_t blunders = 0;         // moves called blunders
  std::size_t proven = 0;           // calls that rest on a proven loss
  // Without margins (an estimated loss of mistake_discs or more called a mistake, as before):
  std::size_t plain_losing_4_called = 0;
  std::size_t plain_called = 0;
  std::size_t plain_called_losing_2 = 0;
  std::size_t blunders_losing_4 = 0;
};

// The played moves with at least two legal moves in the request's range, in game order.
std::vector<LossSample> sample_losses(const std::vector<records::GameRecord>& games,
                                      const MistakeRequest& request);

// Bands of request.band empties from min_empties, the last one cut at max_empties; a band
// without samples has none counted and margin 0.
std::vector<MistakeBand> summarise_mistakes(const std::vector<LossSample>& samples,
                                            const MistakeRequest& request);

}  // namespace reversi
