// The words and JSON of `reversi puzzle`: questions, readings, explanations, strategy trees.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "analysis/puzzle/search.hpp"

namespace reversi::cli {

// How moves are numbered, as every answer states it.
std::string move_convention();
nlohmann::json goal_json(const PuzzleGoal& goal);

class PuzzleText {
 public:
  explicit PuzzleText(const PuzzleRequest& request);

  // The question, the rules and the numbering convention.
  std::string header() const;
  // Which reading of "move N" applies (free start only; empty otherwise).
  std::string reading() const;
  nlohmann::json reading_json() const;
  std::string goal_noun() const;  // "a wipeout", "the end of a game", "at least 20 dark discs"

  std::string explanation(const ExistsResult& r) const;
  std::string explanation(const ForcedResult& r) const;
  std::vector<std::string> count_lines(const PuzzleCounts& c) const;
  // A game as a move list; under the skip reading the placements are set apart.
  std::string game(const MoveSequence& moves) const;

  nlohmann::json to_json(const ExistsResult& r) const;
  nlohmann::json to_json(const ForcedResult& r) const;

 private:
  std::string question() const;
  std::string outcome(const MoveSequence& moves) const;  // "(dark wipes out light: 13-0)"
  std::string earliest_phrase(int move) const;
  std::string impossible_phrase(int move) const;
  std::string forced_goal(Color forcer) const;
  nlohmann::json moves_json(const MoveSequence& moves) const;
  nlohmann::json strategy_json(const StrategyNode& node, bool root) const;
  bool placements_apart() const;

  Rules rules_;
  PuzzleGoal goal_;
  int by_;
  bool placements_are_moves_;
  PuzzleRequest request_;
};

}  // namespace reversi::cli
