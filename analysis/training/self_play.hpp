// Training positions from games the engine plays against itself, away from the lines that
// tournament games tread: a random opening (or one drawn from a list such as XOT's), then the
// engine's best move with a chance of a random one at every turn. Every position with a move
// after the opening is kept with a label from search: the solver's exact value near the end,
// above that the estimate annotate would give (whose leaves land in phases already trained).
//
// Game i of a seed is the same game whatever else is asked: its random stream depends only on
// the seed and i, the estimates only on the position and depth, and the solver is exact. So a
// range of games can be played anywhere (another thread, process or machine) and the results put
// together in game order are those of one run.
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

#include "core/bits.hpp"
#include "core/geometry.hpp"

namespace reversi::eval {

class PatternEvaluator;

struct SelfPlayRequest {
  std::uint64_t seed = 1;
  // When not empty, each game starts with one of these lines (8x8 moves from the standard
  // start, each legal), drawn from its random stream.
  std::vector<std::vector<Square>> openings;
  // Uniformly random moves after the opening line (or from the start without one); the positions
  // up to here are not kept.
  int random_plies = 8;
  // After them, the chance in percent that a move is uniformly random instead of a best one.
  int random_move_percent = 10;
  // The estimate that labels the positions above exact_empties and chooses their moves
  // (analysis/estimate/estimate.hpp annotation_estimate).
  int label_depth = 8;
  int selectivity = 87;
  // Positions with at most this many empties take the solver's value; their moves come from an
  // estimate of move_depth plies.
  int exact_empties = 16;
  int move_depth = 4;
  // The evaluation of the estimates; nullptr: the shipped 8x8 weights.
  const PatternEvaluator* patterns = nullptr;
  std::size_t hash_mb = 32;  // the solver's table, per thread
  int threads = 2;
  const std::atomic<bool>* stop = nullptr;
};

// A labelled position, side-relative, as the positions file keeps it.
struct PlayedPosition {
  Bits64 player = 0;
  Bits64 opponent = 0;
  std::int8_t label = 0;   // final margin for the mover in discs (winner takes empties)
  std::uint8_t depth = 0;  // the search depth behind the label; 0: exact
  friend bool operator==(const PlayedPosition&, const PlayedPosition&) = default;
};

struct PlayedGames {
  std::vector<PlayedPosition> positions;  // game after game, each in the order played
  std::size_t games = 0;
  std::size_t exact = 0;  // positions labelled by the solver
  std::uint64_t search_nodes = 0;
  std::uint64_t solver_nodes = 0;
  bool complete = true;  // false when stopped: the positions are then not to be used

  // Adds the games after these ones.
  void append(const PlayedGames& later);
};

// Plays and labels games first_game .. first_game + count - 1 of the request's seed, in parallel
// on request.threads; the positions do not depend on the number of threads.
PlayedGames play_games(const SelfPlayRequest& request, std::uint64_t first_game, int count);

}  // namespace reversi::eval
