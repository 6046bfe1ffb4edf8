// The NBoard protocol (the engine side of the NBoard GUI), as a state machine over lines: each
// command line in, the answer lines out. No I/O here, so tests and fuzzers drive it line by
// line; cli/commands/nboard.cpp connects it to standard input and output.
//
// Commands: nboard VERSION, set depth N, set game GGF, set contempt N, move SQ[/eval[/time]],
// hint N, go, analyze, ping N, learn, quit. Answers: set myname, pong N, status TEXT,
// nodestats NODES SECONDS, search PV EVAL 0 DEPTH KIND (hint), === MOVE/EVAL/SECONDS (go),
// analysis MOVES EVAL (analyze, cli/nboard/analysis.hpp). Values are discs for the side to
// move (for dark in "analysis" lines): exact (DEPTH "100%", KIND "exact") from the solver when
// at most `exact_empties` squares are empty, else estimates (DEPTH the search depth, KIND
// "estimate"). "analyze" gives the values `reversi annotate` gives with the same settings.
//
// handle() never throws and never ends the session but on "quit": a malformed or impossible
// line, an out-of-range setting, or a failure inside a command (memory) gets one line
// "status error: REASON" and the session goes on. When the solver's table cannot be allocated
// the command says so, the solver goes on with a table of fallback_hash_mb, and the command is
// answered. Work is bounded by the settings, never by the input: depth at most `max_depth`,
// exact solves at most `exact_empties` empties, and a game has at most one position per move;
// a fuzzer sets them low (max_depth 30, the documented limit, is slow at the start of a game).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "cli/nboard/engines.hpp"
#include "core/records/record.hpp"
#include "core/rules.hpp"

namespace reversi::cli {

class NboardSession {
 public:
  explicit NboardSession(NboardSettings settings);

  // Answers one command line (without its line end) by appending lines to `out`; false once
  // the session is over ("quit"). Never throws.
  bool handle(std::string_view line, std::vector<std::string>& out);

  const Rules& rules() const { return game_.rules; }
  const Position& position() const { return position_; }
  // The game so far: the start given by "set game" and every move since, passes included.
  const records::GameRecord& game() const { return game_; }
  const NboardSettings& settings() const { return settings_; }
  // The solver's table size: the one asked for, or fallback_hash_mb once that failed.
  std::size_t hash_mb() const { return engines_.hash_mb(); }

 private:
  bool dispatch(std::string_view command, std::string_view rest, std::vector<std::string>& out);
  void nboard_command(std::string_view rest, std::vector<std::string>& out) const;
  void set_command(std::string_view rest, std::vector<std::string>& out);
  void set_depth(std::string_view value, std::vector<std::string>& out);
  void set_game(std::string_view ggf, std::vector<std::string>& out);
  void move_command(std::string_view rest, std::vector<std::string>& out);
  void hint(std::string_view rest, std::vector<std::string>& out);
  void go(std::vector<std::string>& out);
  void analyze(std::vector<std::string>& out);
  void play(Square sq, std::string_view written);

  NboardSettings settings_;
  records::GameRecord game_;
  Position position_;
  int contempt_ = 0;
  NboardEngines engines_;
};

}  // namespace reversi::cli
