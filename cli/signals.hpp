// How a run stops on Ctrl-C, `kill` (SIGTERM) or a closed terminal (SIGHUP): the same way for
// every subcommand, with exit status 130 and no half-written output file.
#pragma once

#include <atomic>
#include <chrono>
#include <csignal>
#include <string>
#include <thread>

namespace reversi::cli {

// How long a run may take to stop cleanly after the signal before it is ended at once; builds
// under a sanitizer run about ten times slower, and get as much longer.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
inline constexpr std::chrono::milliseconds stop_grace{7000};
#else
inline constexpr std::chrono::milliseconds stop_grace{700};
#endif

// While a guard lives, SIGINT, SIGTERM and SIGHUP set its flag instead of killing the process.
// The guard blocks them on its thread (so on every thread started while it lives) and a watcher
// thread takes them with sigtimedwait: a handler may be run late, e.g. ThreadSanitizer defers it
// until the interrupted thread next calls libc, which a thread waiting on a search may never do.
// A run that has not stopped `stop_grace` after the signal, or that gets a second signal, is
// ended by the watcher with exit status 130 after removing the output files still pending.
// After a stopped run's guard ends, further stop signals are ignored: the process is exiting
// with 130 and a late signal must not turn that into a death by signal.
class InterruptGuard {
 public:
  InterruptGuard();
  ~InterruptGuard();
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;
  const std::atomic<bool>* flag() const;
  bool interrupted() const;

 private:
  void watch();

  sigset_t saved_mask_{};
  bool outermost_ = false;
  std::atomic<bool> done_{false};
  std::thread watcher_;
};

// The temporary output files a forced stop must remove (cli/batch/output_file registers them).
void add_pending_file(const std::string& path);
void remove_pending_file(const std::string& path);

}  // namespace reversi::cli
