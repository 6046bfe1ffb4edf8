// The counts every batch over game records reports (validate, annotate, bench records); each
// command extends them with its own.
#pragma once

namespace reversi::cli {

struct GameCounts {
  long games = 0;       // games read
  long invalid = 0;     // games that break the rules
  long unfinished = 0;  // games that stop before the end
  long moves = 0;       // moves replayed (annotate: moves played in the games it annotated)
};

}  // namespace reversi::cli
