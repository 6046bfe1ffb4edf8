// A progress line on stderr, shown only when stderr is a terminal and the work is slow.
#pragma once

#include <chrono>
#include <string>

namespace reversi::cli {

class ProgressLine {
 public:
  // Nothing shows before `delay` has passed, so quick runs stay quiet.
  explicit ProgressLine(std::chrono::milliseconds delay = std::chrono::milliseconds(1000));
  ~ProgressLine();
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

  // Redraws the line at most a few times a second.
  void update(const std::string& text);
  void clear();
  double elapsed_seconds() const;

 private:
  using Clock = std::chrono::steady_clock;
  bool enabled_;
  bool shown_ = false;
  Clock::time_point start_;
  Clock::time_point last_draw_;
  std::chrono::milliseconds delay_;
};

}  // namespace reversi::cli
