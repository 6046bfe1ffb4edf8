// The answer to the NBoard command "analyze": a value for every position of the game, as the
// GUI draws them on its score graph. The GUI reads "analysis MOVES EVAL" (the protocol's
// text, weltyc/ntest instructions/Protocol.htm): MOVES is the number of moves made before the
// position, passes included (0 is the start), EVAL a double. The GUI plots EVAL as it comes
// beside black's own evaluations (weltyc/nboard EvalGraph.java) and its built-in engine sends
// black's value (weltyc/novello EvalSyncEngine.analyze), so EVAL is dark's value in discs here.
#pragma once

#include <string>
#include <vector>

#include "analysis/annotate.hpp"
#include "core/rules.hpp"

namespace reversi::cli::nboard {

// One line per position of an annotated game, from the end back to the start (the order of a
// retrograde analysis, as the built-in engine sends them): the final position's value is its
// result when the game is over, else the annotation's value of the end; every other position's
// is the annotation's value of its mover before the move played (exact, or estimated).
std::vector<std::string> analysis_lines(const Rules& rules, const Position& final_position,
                                        const Annotation& annotation);

}  // namespace reversi::cli::nboard
