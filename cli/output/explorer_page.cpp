// The explorer page's style sheet and script (cli/output/assets/explorer.css and explorer.js).
// The script reads the tree (the JSON of explorer_json), builds the board as the report does (a
// grid of squares with data-sq and data-disc) and shows one node at a time: the path from the
// root, the board with the candidate moves ringed, and the table of moves; a click on a move (row
// or square) goes down, Back (the button, the left arrow or Backspace) goes up, the up and down
// arrows choose a row, Enter or the right arrow follows it, Home returns to the root.
#include "cli/output/explorer.hpp"

namespace reversi::cli {

const char* explorer_css() {
  return
#include "assets/explorer.css.inc"
      ;
}

const char* explorer_js() {
  return
#include "assets/explorer.js.inc"
      ;
}

}  // namespace reversi::cli
