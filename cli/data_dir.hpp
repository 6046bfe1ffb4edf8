// Where the repository's small public data (data/ffo, ...) is found at run time.
#pragma once

#include <filesystem>
#include <string>
#include <system_error>

namespace reversi::cli {

// The folder `sub` of the project data: beside an installed binary first
// (<prefix>/bin/reversi reads <prefix>/share/reversi/<sub>, so `cmake --install` works from any
// folder), else the source tree the binary was built from (REVERSI_DATA_DIR, set by CMake), so a
// build works from any current directory.
inline std::string data_dir(const std::string& sub) {
  std::error_code ec;
  const auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    const auto installed = exe.parent_path().parent_path() / "share" / "reversi" / sub;
    if (std::filesystem::is_directory(installed, ec)) return installed.string();
  }
  return (std::filesystem::path(REVERSI_DATA_DIR) / sub).string();
}

}  // namespace reversi::cli
