#include "cli/signals.hpp"

#include <pthread.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <mutex>
#include <vector>

namespace reversi::cli {

namespace {

// Signal state is the process's by nature: a handler and a forced stop reach only statics.
std::atomic<bool> interrupt_flag{false};
std::atomic<int> guards{0};

struct PendingFiles {
  std::mutex mutex;
  std::vector<std::string> paths;
};
PendingFiles& pending_files() {
  static PendingFiles files;
  return files;
}

extern "C" void on_stop_signal(int) {
  interrupt_flag.store(true);
}

// Sent by the guard's end to its own watcher thread only, so that a run ends without waiting
// for the watcher's next poll (a 4x4 solve took 50 ms of sleep for 5 ms of work).
constexpr int wake_signal = SIGUSR2;

// The stop signals and the wake-up, which the watcher takes with sigtimedwait.
sigset_t watched_signals() {
  sigset_t set{};
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  sigaddset(&set, SIGHUP);
  sigaddset(&set, wake_signal);
  return set;
}

// The end of a run that did not stop in time: its pending files go, as a clean stop's would.
[[noreturn]] void end_now() {
  {
    PendingFiles& files = pending_files();
    const std::lock_guard lock(files.mutex);
    for (const auto& p : files.paths) std::remove(p.c_str());
  }
  constexpr char message[] = "reversi: stopped\n";
  [[maybe_unused]] const auto written = ::write(STDERR_FILENO, message, sizeof message - 1);
  _exit(130);
}

}  // namespace

InterruptGuard::InterruptGuard() {
  // Guards nest (a command may run another's code): the outermost one owns the signals.
  outermost_ = guards.fetch_add(1) == 0;
  if (!outermost_) return;
  interrupt_flag.store(false);
  // The handler still serves threads started before the guard, which do not block the signals.
  std::signal(SIGINT, on_stop_signal);
  std::signal(SIGTERM, on_stop_signal);
  std::signal(SIGHUP, on_stop_signal);
  const sigset_t set = watched_signals();
  pthread_sigmask(SIG_BLOCK, &set, &saved_mask_);
  watcher_ = std::thread([this] { watch(); });
}

void InterruptGuard::watch() {
  const sigset_t set = watched_signals();
  constexpr timespec poll{0, 50'000'000};  // how soon a stop past its grace is noticed
  std::chrono::steady_clock::time_point deadline{};
  bool signalled = false;
  while (!done_.load()) {
    const int sig = sigtimedwait(&set, nullptr, &poll);
    if (sig > 0 && sig != wake_signal) {
      if (signalled) end_now();  // a second signal: the user does not want to wait
      signalled = true;
      deadline = std::chrono::steady_clock::now() + stop_grace;
    }
    if (interrupt_flag.load() && !signalled) {
      // Set by the handler on a thread that did not block the signals.
      signalled = true;
      deadline = std::chrono::steady_clock::now() + stop_grace;
    }
    if (signalled) {
      interrupt_flag.store(true);
      if (std::chrono::steady_clock::now() >= deadline && !done_.load()) end_now();
    }
  }
}

InterruptGuard::~InterruptGuard() {
  guards.fetch_sub(1);
  if (!outermost_) return;
  done_.store(true);
  pthread_kill(watcher_.native_handle(), wake_signal);
  watcher_.join();
  // Signals that came after the watcher's last look are spent here, not on the default action.
  const sigset_t set = watched_signals();
  constexpr timespec at_once{0, 0};
  while (sigtimedwait(&set, nullptr, &at_once) > 0) {
  }
  // A stopped run is on its way out with status 130: a late signal must not kill it instead.
  const auto after = interrupt_flag.load() ? SIG_IGN : SIG_DFL;
  std::signal(SIGINT, after);
  std::signal(SIGTERM, after);
  std::signal(SIGHUP, after);
  pthread_sigmask(SIG_SETMASK, &saved_mask_, nullptr);
}

const std::atomic<bool>* InterruptGuard::flag() const {
  return &interrupt_flag;
}

bool InterruptGuard::interrupted() const {
  return interrupt_flag.load();
}

void add_pending_file(const std::string& path) {
  PendingFiles& files = pending_files();
  const std::lock_guard lock(files.mutex);
  files.paths.push_back(path);
}

void remove_pending_file(const std::string& path) {
  PendingFiles& files = pending_files();
  const std::lock_guard lock(files.mutex);
  files.paths.erase(std::remove(files.paths.begin(), files.paths.end(), path), files.paths.end());
}

}  // namespace reversi::cli
