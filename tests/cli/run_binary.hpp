// Runs the real reversi binary for end-to-end tests.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>

namespace reversi::testing {

struct CommandResult {
  int status = -1;  // the exit status
  std::string out;
  std::string err;
};

// Runs `build/reversi ARGS` through the shell, feeding `input` on stdin.
CommandResult run_reversi(const std::string& args, const std::string& input = "");

// Waits for the spawned process to end and returns its wait status; a process still running after
// `limit` is killed and nullopt returned, so that a test fails instead of hanging.
std::optional<int> wait_for_exit(pid_t pid, std::chrono::seconds limit);

// Waits until the spawned process blocks SIGINT and SIGTERM on its main thread (its Ctrl-C guard
// is installed: from then on a signal stops it cleanly instead of killing it), as
// /proc/PID/status shows; false if it ends or `limit` passes first. A slow start (a sanitizer
// build on a busy machine) then cannot turn a signal test into a kill.
bool wait_for_guard(pid_t pid, std::chrono::seconds limit);

// Path of a file in the shared data folder (CMake's REVERSI_SHARED_DATA). Only tests tagged
// [.shared] call it, and CMake registers those only when the folder is given; run without it (or
// when the file is missing) it throws, so the test fails instead of passing unchecked.
std::string shared_data(const std::string& relative);

// A fresh folder under /tmp, removed with everything in it at the end of the test.
struct TempDir {
  std::filesystem::path path;
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
};

// A path in single quotes, for the shell command lines of run_reversi.
std::string quoted(const std::filesystem::path& p);
// A whole file's bytes.
std::string slurp(const std::filesystem::path& p);

// Path of a file in the repository's data/ffo (the FFO endgame suites).
std::string ffo_suite(const std::string& file);

}  // namespace reversi::testing
