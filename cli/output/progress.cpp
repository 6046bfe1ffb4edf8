#include "cli/output/progress.hpp"

#include <unistd.h>

#include <cstdio>

namespace reversi::cli {

namespace {
constexpr auto redraw_interval = std::chrono::milliseconds(200);
// Forced on a non-terminal, where each update is a new line.
constexpr auto forced_interval = std::chrono::milliseconds(5000);
}  // namespace

ProgressLine::ProgressLine(std::chrono::milliseconds delay, bool force)
    : terminal_(isatty(STDERR_FILENO) != 0),
      force_(force),
      start_(Clock::now()),
      last_draw_(start_),
      delay_(delay) {}

ProgressLine::~ProgressLine() {
  clear();
}

bool ProgressLine::due() const {
  const auto now = Clock::now();
  if (terminal_) return now - start_ >= delay_ && (!shown_ || now - last_draw_ >= redraw_interval);
  return force_ && now - last_draw_ >= forced_interval;
}

void ProgressLine::update(const std::string& text) {
  if (!due()) return;
  last_draw_ = Clock::now();
  if (!terminal_) {
    std::fprintf(stderr, "%s\n", text.c_str());
    return;
  }
  shown_ = true;
  std::fprintf(stderr, "\r\033[K%s", text.c_str());
  std::fflush(stderr);
}

void ProgressLine::clear() {
  if (!shown_) return;
  std::fprintf(stderr, "\r\033[K");
  std::fflush(stderr);
  shown_ = false;
}

double ProgressLine::elapsed_seconds() const {
  return std::chrono::duration<double>(Clock::now() - start_).count();
}

}  // namespace reversi::cli
