#include "cli/subcommands.hpp"

namespace reversi::cli {

const std::vector<Subcommand>& subcommands() {
  static const std::vector<Subcommand> table = {
      {"show", "print a position: diagram, disc counts, legal moves", run_show},
      {"perft", "count game-tree leaves to a depth (oeis or bik convention)", run_perft},
      {"validate", "check game records in any format: the first error of each game", run_validate},
      {"solve", "exact value of a position with perfect play, best moves, principal variation",
       run_solve},
      {"bench", "benchmarks: node signature, FFO suite, perft, records, puzzle, annotate",
       run_bench},
      {"puzzle", "what can happen by move N: wipeouts, games over, disc counts", run_puzzle},
      {"annotate",
       "annotate games: exact values near the end, estimates before, errors, turning point",
       run_annotate},
      {"report", "one self-contained HTML file: annotated games to step through, charts",
       run_report},
      {"train", "learn the 8x8 pattern evaluation's weights from WTHOR games", run_train},
      {"selfplay", "training positions from games the engine plays, labelled by search",
       run_selfplay},
      {"convert", "convert game records: move list, GGF, WTHOR, OBF, board strings, JSON",
       run_convert},
      {"nboard", "an engine for the NBoard GUI: the NBoard protocol on standard input and output",
       run_nboard},
      {"atlas", "solve every small variant from its start: a JSON and Markdown table", run_atlas},
      {"db", "the game database: build it from records, query a position's games and moves",
       run_db},
  };
  return table;
}

}  // namespace reversi::cli
