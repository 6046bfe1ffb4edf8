// The named openings shipped in data/openings, for every command that names them.
#pragma once

#include "core/openings.hpp"

namespace reversi::cli {

// The shipped book (data/openings/openings.txt, found as data_dir finds the project data); a
// file that cannot be read names no opening rather than failing the command.
OpeningBook shipped_openings();

}  // namespace reversi::cli
