#include "cli/openings.hpp"

#include "cli/batch/record_input.hpp"
#include "cli/data_dir.hpp"

namespace reversi::cli {

OpeningBook shipped_openings() {
  try {
    return OpeningBook::parse(read_small_file(data_dir("openings") + "/openings.txt"));
  } catch (const UnreadableInput&) {
    return {};
  }
}

}  // namespace reversi::cli
