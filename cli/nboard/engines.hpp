// The values behind the NBoard commands: the moves' values for "hint" and "go" (exact from the
// solver at few empties, else estimates) and a whole game's annotation for "analyze". One
// solver and one estimator serve the session, so the solver's table carries work from one
// command to the next. When the solver's table cannot be allocated, the command's answer says
// so in a status line and the work runs again with a table of fallback_hash_mb.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "analysis/annotate.hpp"
#include "core/records/record.hpp"
#include "core/rules.hpp"

namespace reversi::cli {

// The solver's table size once the one asked for could not be allocated.
inline constexpr std::size_t fallback_hash_mb = default_annotate_hash_mb;

struct NboardSettings {
  int exact_empties = default_exact_empties;  // as annotate: exact at this many empties or fewer
  int depth = default_estimate_depth;         // until the GUI sends "set depth"
  int max_depth = max_estimate_depth;         // the deepest "set depth" accepted
  std::size_t hash_mb = default_annotate_hash_mb;
  int threads = 1;  // threads of one exact solve
  std::string name = "reversi";
};

// One move's value for the side to move, and how it was found.
struct ValuedMove {
  Square move = no_square;
  int value_hundredths = 0;  // discs * 100
  bool exact = false;
  int depth = 0;
  std::vector<Square> pv;
};

class NboardEngines {
 public:
  explicit NboardEngines(std::size_t hash_mb) : hash_mb_(hash_mb), engines_(hash_mb) {}

  // The moves' values for the side to move, best first (equal values in square order): every
  // legal move with `every_move`, else the best one with its principal variation. A status
  // line goes to `out` when the table had to shrink.
  std::vector<ValuedMove> moves(const Rules& rules, const Position& p,
                                const NboardSettings& settings, bool every_move,
                                std::uint64_t& nodes, std::vector<std::string>& out);

  // The game's annotation, as `reversi annotate` gives it with the same settings.
  Annotation annotate(const records::GameRecord& game, const NboardSettings& settings,
                      std::vector<std::string>& out);

  // Estimates keep what they learnt under one set of rules; another set starts afresh.
  void rules_changed() { engines_.estimator = Estimator(); }

  std::size_t hash_mb() const { return hash_mb_; }

 private:
  template <class Work>
  auto with_table_fallback(Work work, std::vector<std::string>& out);
  std::vector<ValuedMove> exact(const Rules& rules, const Position& p,
                                const NboardSettings& settings, bool every_move,
                                std::uint64_t& nodes);
  std::vector<ValuedMove> estimated(const Rules& rules, const Position& p,
                                    const NboardSettings& settings, bool every_move,
                                    std::uint64_t& nodes);

  std::size_t hash_mb_;
  AnnotateEngines engines_;
};

}  // namespace reversi::cli
