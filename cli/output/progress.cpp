#include "cli/output/progress.hpp"

#include <unistd.h>

#include <cstdio>

namespace reversi::cli {

namespace {
constexpr auto redraw_interval = std::chrono::milliseconds(200);
}

ProgressLine::ProgressLine(std::chrono::milliseconds delay)
    : enabled_(isatty(STDERR_FILENO) != 0),
      start_(Clock::now()),
      last_draw_(start_),
      delay_(delay) {}

ProgressLine::~ProgressLine() {
  clear();
}

void ProgressLine::update(const std::string& text) {
  if (!enabled_) return;
  const auto now = Clock::now();
  if (now - start_ < delay_ || (shown_ && now - last_draw_ < redraw_interval)) return;
  last_draw_ = now;
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
