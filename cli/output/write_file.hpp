// Writing an output file whole: through a temporary file beside it, renamed at the end, so the
// file is never seen half-written.
#pragma once

#include <string>

namespace reversi::cli {

// Writes `content` to `path` through `path.tmp-XXXXXX` and a rename; a device such as
// /dev/null or a FIFO is written directly. Throws std::runtime_error naming the file on failure.
void write_file_atomically(const std::string& path, const std::string& content);

}  // namespace reversi::cli
