// reversi atlas --check: a stored table checked against its own lines, and re-solved where that
// is quick (or everywhere with --resolve), with the cost said before the work starts.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "cli/output/atlas.hpp"

namespace reversi::cli {

struct AtlasCheckRequest {
  std::string file;          // the table's name, as given
  std::vector<Rules> only;   // the rows to check (--variant, --size); empty: every row
  int threads = 1;           // rows re-solved at once
  std::size_t hash_mb = 64;  // each row's transposition table
  bool resolve = false;      // --resolve: re-solve every row, not only the quick ones
  bool quiet = false;        // no live progress line on stderr
};

// Checks the rows and prints the plan, a line per row and the summary on stdout: exit_ok,
// exit_bad_input when a row differs, exit_interrupted after Ctrl-C or SIGTERM.
int check_atlas_table(const AtlasTable& table, const AtlasCheckRequest& request);

}  // namespace reversi::cli
