// Puzzles of the classic literature from real positions: the side to move can force a goal
// (wipe out the other side, or take a corner) within a few of its own moves whatever the other
// side replies, the fewest such moves is at least two (it cannot be done at once), and exactly
// one first move achieves it in that many: the answer. All proven by an AND-OR search over
// every reply.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/puzzle/unique.hpp"
#include "core/rules.hpp"

namespace reversi {

enum class TacticKind : std::uint8_t {
  wipeout,  // the side to move turns every disc of the other
  corner,   // the side to move places a disc on a corner
};
std::string tactic_name(TacticKind kind);  // "wipeout" / "corner"
std::optional<TacticKind> parse_tactic(std::string_view name);

// The most moves of the forcer a tactic may take: the search is exhaustive over the replies.
inline constexpr int max_tactic_moves = 5;

struct TacticRequest {
  TacticKind kind = TacticKind::wipeout;
  int within = 3;  // the forcer's moves, 2 to max_tactic_moves
  const std::atomic<bool>* stop = nullptr;
};

struct Tactic {
  PuzzleCandidate from;
  TacticKind kind = TacticKind::wipeout;
  int moves = 0;  // the fewest of the forcer's moves that force the goal
  Square answer = no_square;
  // A line of the proof: the answer, the reply that holds out longest, the forcer's fastest
  // move, and so on to the goal (no_square for a pass).
  std::vector<Square> line;
  std::uint64_t nodes = 0;
  bool player_found() const { return from.played == answer; }
};

// A cheap test that the goal may be forced here at all: for a wipeout, the other side has few
// discs; for a corner, one is empty and the side to move cannot take one now.
bool tactic_worth_trying(const Rules& rules, const Position& p, TacticKind kind);

// The tactic of the candidate (standard 8x8 rules and others alike), or nullopt: not forced
// within the request's moves, forced at once, more than one first move, or stopped.
std::optional<Tactic> prove_tactic(const Rules& rules, const PuzzleCandidate& candidate,
                                   const TacticRequest& request);

// Re-proves a stated tactic: "" when `answer` is the only first move that forces the goal in
// `moves` and no fewer moves do; else the reason.
std::string check_tactic(const Rules& rules, const Position& p, TacticKind kind, int moves,
                         Square answer, const std::atomic<bool>* stop);

}  // namespace reversi
