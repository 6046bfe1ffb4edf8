// SVG diagrams of positions: standalone documents, readable printed in black and white
// (outlined discs, hatched holes, markers that differ in shape, not only in colour).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "core/rules.hpp"

namespace reversi::cli {

struct SvgBoard {
  Position position;
  bool mark_legal = true;        // a small ring on each legal move of the side to move
  bool numbers = false;          // the 1..N*N square numbers (a1 = 1, row by row)
  Square last_move = no_square;  // a square marker on the disc just played
  // Text centred on a square's disc, e.g. the move numbers of a line that led here.
  std::map<Square, std::string> labels;
  std::string caption;  // above the board; empty for none
};

// A standalone SVG document with the boards side by side, each with its coordinates and a line
// below it: disc counts and who is to move (or that the game is over). Every disc is a
// <circle class="disc dark|light" data-square="d4">, every hole a <rect class="hole">.
std::string svg_document(const Rules& rules, const std::vector<SvgBoard>& boards,
                         const std::string& title);

// A line of play from the start (a pass is no_square): the start with its legal moves, and the
// final position with each move's number on its disc and the last move marked.
std::string line_svg(const Rules& rules, const std::vector<Square>& moves,
                     const std::string& title);

// Escapes &, <, >, " and ' for XML text and attributes.
std::string xml_escape(const std::string& text);

}  // namespace reversi::cli
