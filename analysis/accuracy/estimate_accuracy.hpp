// How far the estimates are from the truth, on real games: at the WTHOR theoretical depth against
// the stored perfect-play score, elsewhere against a deeper search of the same evaluation.
// Pure: games in, figures out; the bench prints them.
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

#include "analysis/estimate/estimate.hpp"
#include "core/records/record.hpp"

namespace reversi {

struct AccuracyRequest {
  std::vector<int> empties = {24, 30, 36, 44};  // where to compare, in empty squares
  int depth = default_estimate_depth;           // the estimate under test
  int selectivity = default_selectivity;
  // The reference where no theoretical score exists: a full-width search of this depth, or the
  // solver's exact value where the depth reaches the end of the game.
  int reference_depth = 12;
  int threads = 1;  // games in parallel; the figures do not depend on it
  const eval::PatternEvaluator* patterns = nullptr;
  const std::atomic<bool>* stop = nullptr;
};

// Each thread's solver table for exact references, in megabytes.
inline constexpr std::size_t exact_reference_hash_mb = 32;
// Whether positions with `empties` empties are compared against exact values.
bool reference_is_exact(const AccuracyRequest& request, int empties);

struct AccuracyPoint {
  int empties = 0;
  bool against_theoretical = false;  // else against the reference search
  std::size_t positions = 0;
  double mean_error = 0;    // mean absolute error, discs
  double median_error = 0;  // discs
  double bias = 0;          // mean of estimate minus reference, discs (+: too hopeful)
  double wrong_winner = 0;  // share of positions whose predicted outcome differs, 0..1
  // Share of positions drawn under perfect play whose estimate names a winner, 0..1: part of
  // `wrong_winner`, which only an estimate within half a disc of 0 avoids there.
  double wrong_on_draws = 0;
  std::uint64_t nodes = 0;  // of the estimates under test
  std::uint64_t reference_nodes = 0;
};

// One comparison: the estimate and the reference, in discs, for the mover.
struct AccuracySample {
  double estimate = 0;
  double reference = 0;
  std::uint64_t nodes = 0;
  std::uint64_t reference_nodes = 0;
};

// The figures of one point from its comparisons (an outcome is the sign of the rounded margin).
AccuracyPoint summarise_accuracy(int empties, bool against_theoretical,
                                 const std::vector<AccuracySample>& samples);

// Compares at each requested number of empties, on the positions the games reach there with the
// mover having a move. Games without a WTHOR theoretical score are skipped at its depth.
std::vector<AccuracyPoint> measure_accuracy(const std::vector<records::GameRecord>& games,
                                            const AccuracyRequest& request);

}  // namespace reversi
