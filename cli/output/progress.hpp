// The one progress line on stderr: redrawn in place when stderr is a terminal and the work is
// slow; when forced on a non-terminal (solve --progress), a line every few seconds instead.
#pragma once

#include <chrono>
#include <string>

namespace reversi::cli {

class ProgressLine {
 public:
  // Nothing shows before `delay` has passed, so quick runs stay quiet.
  explicit ProgressLine(std::chrono::milliseconds delay = std::chrono::milliseconds(1000),
                        bool force = false);
  ~ProgressLine();
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

  // Whether update() would show something now: callers skip building the text otherwise.
  bool due() const;
  // Redraws the line at most a few times a second (forced: prints a line every few seconds).
  void update(const std::string& text);
  void clear();
  double elapsed_seconds() const;

 private:
  using Clock = std::chrono::steady_clock;
  bool terminal_;
  bool force_;
  bool shown_ = false;
  Clock::time_point start_;
  Clock::time_point last_draw_;
  std::chrono::milliseconds delay_;
};

}  // namespace reversi::cli
