// Exact labels for training: the solver's value of game positions near the end of the game, so
// that the phases where the estimator's searches end learn from perfect play, not from results
// blurred by the mistakes made later in the game.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <fstream>
#include <functional>
#include <string>
#include <unordered_map>
#include <vector>

#include "analysis/solver/search.hpp"
#include "analysis/training/training.hpp"
#include "core/rules.hpp"

namespace reversi::eval {

// Solved values already known, by position (mover's discs, other side's discs).
class LabelCache {
 public:
  struct Key {
    Bits64 player = 0;
    Bits64 opponent = 0;
    friend bool operator==(const Key&, const Key&) = default;
  };
  struct KeyHash {
    std::size_t operator()(const Key& k) const;
  };

  const std::int8_t* find(Bits64 player, Bits64 opponent) const;
  void insert(Bits64 player, Bits64 opponent, std::int8_t value);
  std::size_t size() const { return values_.size(); }

  // A missing file is an empty cache; a damaged one throws std::runtime_error naming it.
  static LabelCache read(const std::string& path);
  // Written to a temporary file and renamed, in a fixed order, so the file is reproducible.
  void write(const std::string& path) const;

 private:
  std::unordered_map<Key, std::int8_t, KeyHash> values_;
};

// A cache file kept open for appending: each game's new values are added as soon as they are
// solved, so that a run stopped by a signal, a crash or a power cut keeps all but the game it
// was solving. The file stays a cache that LabelCache::read accepts (records in solving order).
class LabelJournal {
 public:
  // Creates the file with its header when it is missing or empty; throws naming it if it cannot.
  explicit LabelJournal(const std::string& path);
  void append(Bits64 player, Bits64 opponent, std::int8_t value);
  // Hands the appended records to the system; throws naming the file if it cannot.
  void flush();

 private:
  std::string path_;
  std::string pending_;
  std::ofstream out_;
};

struct ExactLabelRequest {
  Rules rules;  // the positions' game: 8x8 standard unless set
  int threads = 2;
  std::size_t hash_mb = 32;  // per thread
  // Called after every `progress_every` games, one call at a time, with games done and total.
  std::function<void(std::size_t, std::size_t)> on_progress;
  std::size_t progress_every = 1000;
  const std::atomic<bool>* stop = nullptr;
  // When set, each game's new values go to it as soon as the game is done (one game at a time).
  LabelJournal* journal = nullptr;
};

struct ExactLabelStats {
  std::size_t solved = 0;  // positions the solver was run on
  std::size_t cached = 0;  // positions the cache already knew
  std::uint64_t nodes = 0;
  bool complete = true;  // false when stopped: only the games finished have their targets
};

// Sets the target of every sample to its exact value (winner takes empties), game by game.
// Stopped, it returns with `complete` false; the games it finished are in the cache (and the
// journal), the others keep their targets.
// Each game's samples should come in the order they were played: one solver follows a game, so
// the later positions reuse what the earlier solves learnt. New values are added to the cache.
// The targets do not depend on the number of threads; the node count does.
// The exact value of one training position (mover's and other side's discs) by `solver`, whose
// table carries over between calls; no principal variation. `patterns` orders the moves
// (nullptr: the shipped weights).
SolveResult solve_label(Solver& solver, const Rules& rules, Bits64 player, Bits64 opponent,
                        const std::atomic<bool>* stop, const PatternEvaluator* patterns = nullptr);

ExactLabelStats label_exactly(std::vector<std::vector<Sample>>& games, LabelCache& cache,
                              const ExactLabelRequest& request);

}  // namespace reversi::eval
