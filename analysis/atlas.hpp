// The small-board atlas: every small variant solved from its start, one row each.
//
// The list of variants (sizes 4 and 6, the cross and free-centre starts, anti, black holes, both
// scorings) has no duplicates up to the symmetries that keep the start and the rules: the cross
// start is kept by the half turn and the two diagonal mirrors (a mirror across the middle swaps
// the colours of the centre discs), the empty free-centre board by all eight. A variant is named
// by an id such as "6x6-free-anti-b2-winner" (size, start, anti, holes, scoring).
//
// A row is solved with the public solve API (the value for dark, the first player, and a line to
// the end; then every optimal first move) and the puzzle API (the earliest possible wipeout).
// Whether a side can force a wipeout is a null-window solve: under winner-takes-empties scoring
// without anti a side scores the whole board exactly when it wipes the other out.
//
// Nothing here prints: a row comes back as a struct, progress through a callback.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/solver/search.hpp"
#include "core/rules.hpp"

namespace reversi {

// The symmetries (Geometry::transform indices) that keep the start and the rules of a board:
// the identity, the half turn and the two diagonal mirrors for the cross start, all eight for
// the free centre.
std::vector<int> start_symmetries(const Geometry& g, Start start);
// The hole sets equal to `holes` under those symmetries, `holes` itself included.
std::vector<Bits> hole_images(const Geometry& g, Start start, Bits holes);
// The representative of a variant's class: the same rules with the smallest image of its holes.
Rules canonical(const Rules& rules);
bool is_canonical(const Rules& rules);

// "4x4-standard-winner", "6x6-free-anti-b2-winner", "4x4-standard-a1-b1-count"
std::string atlas_id(const Rules& rules);
// The inverse of atlas_id; an error message naming the bad part when the name is not one.
struct ParsedVariant {
  std::optional<Rules> rules;
  std::string error;
};
ParsedVariant parse_atlas_id(std::string_view id);

// The board sizes the atlas solves (4 and 6), and the sizes it lists (8: cited rows only).
bool atlas_solvable_size(int size);
bool atlas_listed_size(int size);

// The list for one size, one representative per class, in a fixed order: for each start
// (standard, free) and anti (no, yes): no hole, one hole per square class outside the centre,
// and on 4x4 two holes per pair class; winner-takes-empties for every row, count scoring too on
// 4x4 and for the rows without holes. 8x8: the standard rows whose value is known.
std::vector<Rules> atlas_variants(int size);

// A row whose value is known from the literature instead of computed here.
struct CitedResult {
  int value = 0;  // for dark
  std::vector<Square> best_moves;
  std::string source;
};
std::optional<CitedResult> cited_result(const Rules& rules);

struct WipeoutFacts {
  std::optional<int> earliest;  // the earliest move at which either side can be wiped out
  std::vector<Square> example;  // one shortest game (placements are moves; passes no_square)
  bool dark_can_force = false;  // dark can wipe out light whatever light plays
  bool light_can_force = false;
};

struct AtlasRow {
  Rules rules;
  bool cited = false;
  std::string source;  // cited rows
  bool complete = false;
  int value = 0;                   // for dark, the first player, under the row's scoring
  std::vector<Square> best_moves;  // every optimal first move, one per symmetry class
  std::vector<Square> pv;          // a line to the end of the game; passes as no_square
  WipeoutFacts wipeout;
  std::uint64_t nodes = 0;        // the value and line
  std::uint64_t nodes_total = 0;  // with the optimal first moves and the wipeout questions
  double seconds = 0;             // wall clock
  double cpu_seconds = 0;         // the row's thread (solve_atlas only)
  bool timed_out = false;         // stopped by AtlasRunRequest::row_seconds
};

// "light wins by 4", "dark wins by 2 (anti: fewer discs wins)", "draw"
std::string outcome_words(const Rules& rules, int value_for_dark);

struct AtlasRowRequest {
  Rules rules;
  int threads = 1;
  std::size_t hash_mb = 64;
  bool wipeouts = true;
  std::function<void(const SolveProgress&)> on_progress;  // the main solve's progress
  const std::atomic<bool>* stop = nullptr;
};

// Solves one row from its start (or fills a cited row); incomplete when stopped.
AtlasRow solve_atlas_row(const AtlasRowRequest& request);

struct AtlasRunRequest {
  std::vector<Rules> variants;
  int threads = 1;  // rows solved at once, each on one thread: node counts do not depend on it
  std::size_t hash_mb = 64;
  bool wipeouts = true;
  // A row that has used this many CPU seconds is stopped and left incomplete (0: no limit).
  double row_seconds = 0;
  // Called as each row finishes (complete or stopped), one call at a time, with its index.
  std::function<void(std::size_t, const AtlasRow&)> on_row;
  // The main solve's progress of a row, from its solver's helper thread; one call at a time.
  std::function<void(std::size_t, const SolveProgress&)> on_progress;
  const std::atomic<bool>* stop = nullptr;
};

// Solves the rows in parallel, the likely slowest first (atlas_solve_order); rows not started
// when stopped are left incomplete. The result is in list order.
std::vector<AtlasRow> solve_atlas(const AtlasRunRequest& request);

// The order solve_atlas starts rows in (indices into `variants`): larger boards, then anti-reversi,
// then the free centre first, list order within each, so that the rows that take longest do not
// start last and keep one worker busy while the others have nothing left.
std::vector<std::size_t> atlas_solve_order(const std::vector<Rules>& variants);

// The final margin for dark after playing `pv` from the start (passes as no_square); nullopt
// when a move is illegal, a pass is not forced, or the game is not over at the end.
std::optional<int> replay_value(const Rules& rules, const std::vector<Square>& pv);

// The optimal first moves reduced to one per class under the start position's symmetries.
std::vector<Square> distinct_first_moves(const Rules& rules, const std::vector<Square>& moves);

// What a stored row's own line shows without solving anything, in words (empty when it holds):
// the principal variation is a game that ends at the stored value, and its first move is one of
// the stored optimal first moves up to the start's symmetries. Cited rows have no line.
std::vector<std::string> check_stored_line(const AtlasRow& stored);

// Differences between a stored row and a fresh one, in words; empty when they agree. The stored
// line is checked too (check_stored_line).
std::vector<std::string> compare_rows(const AtlasRow& stored, const AtlasRow& fresh);

// The CPU seconds a stored row took to solve, when the table says: its CPU time, else its wall
// clock; 0 for a cited row; nullopt when neither was kept.
std::optional<double> stored_cost(const AtlasRow& stored);

// Whether re-solving a stored row is quick: cited, 4x4, or stored as solved in under
// `threshold_seconds` of CPU time. A row of unknown cost is not.
bool quick_to_resolve(const AtlasRow& stored, double threshold_seconds);

// The wall clock of solving rows of these CPU costs (in list order) on `threads` workers, taken in
// atlas_solve_order as solve_atlas takes them: each worker takes the next row when it is free.
double estimated_wall_seconds(const std::vector<Rules>& variants,
                              const std::vector<double>& cpu_seconds, int threads);

}  // namespace reversi
