// The NBoard protocol (the engine side of the NBoard GUI), as a state machine over lines: each
// command line in, the answer lines out. No I/O here, so tests drive it line by line;
// cli/commands/nboard.cpp connects it to standard input and output.
//
// Commands: nboard VERSION, set depth N, set game GGF, set contempt N, move SQ[/eval[/time]],
// hint N, go, ping N, learn, analyze, quit. Answers: set myname, pong N, status TEXT,
// nodestats NODES SECONDS, search PV EVAL 0 DEPTH KIND (hint), === MOVE/EVAL/SECONDS (go).
// Values are discs for the side to move: exact (DEPTH "100%", KIND "exact") from the solver
// when at most `exact_empties` squares are empty, else estimates (DEPTH the search depth, KIND
// "estimate"). A malformed or impossible line gets "status error: REASON" and the session goes
// on.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/estimate.hpp"
#include "analysis/search.hpp"
#include "core/rules.hpp"

namespace reversi::cli {

struct NboardSettings {
  int exact_empties = 20;  // as annotate: exact values at this many empties or fewer
  int depth = default_estimate_depth;
  std::size_t hash_mb = 64;
  int threads = 1;  // threads of one exact solve
  std::string name = "reversi";
};

class NboardSession {
 public:
  explicit NboardSession(NboardSettings settings);

  // Answers one command line (without its line end) by appending lines to `out`; false once
  // the session is over ("quit").
  bool handle(std::string_view line, std::vector<std::string>& out);

  const Rules& rules() const { return rules_; }
  const Position& position() const { return position_; }

 private:
  // One move's value for the side to move, and how it was found.
  struct Valued {
    Square move = no_square;
    int value_hundredths = 0;  // discs * 100
    bool exact = false;
    int depth = 0;
    std::vector<Square> pv;
  };

  void set_command(std::string_view rest, std::vector<std::string>& out);
  void set_game(std::string_view ggf, std::vector<std::string>& out);
  void move_command(std::string_view rest, std::vector<std::string>& out);
  void hint(std::string_view rest, std::vector<std::string>& out);
  void go(std::vector<std::string>& out);
  std::vector<Valued> values(bool every_move, std::uint64_t& nodes);
  bool exact_here() const;
  std::string move_text(Square sq) const;
  static void error(std::vector<std::string>& out, const std::string& reason);

  NboardSettings settings_;
  Rules rules_;
  Position position_;
  int contempt_ = 0;
  Estimator estimator_;
  Solver solver_;
};

}  // namespace reversi::cli
