#include "cli/mpi/farm.hpp"

#include <mpi.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <exception>
#include <list>
#include <map>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <utility>
#include <vector>

#include "cli/mpi/protocol.hpp"
#include "cli/mpi/session.hpp"

namespace reversi::cli::mpi {

namespace {

using Sequence = std::uint64_t;

// Waiting ranks poll with short sleeps: a blocking MPI receive spins on a core that the
// computing threads of the same machine need.
constexpr auto idle_pause = std::chrono::microseconds(200);
// How far the leader reads ahead of the oldest result not yet delivered, per rank and task held.
constexpr int read_ahead_factor = 4;
constexpr char status_done = 0;
constexpr char status_failed = 1;
// How long the leader waits for the ranks to answer the roll call: well inside the second
// between mpirun's SIGTERM and its SIGKILL (Open MPI's odls_base_sigkill_timeout).
// The exit status of a run that a dead rank or a SIGTERM ends (as for other errors).
constexpr int silent_ranks_status = 2;
constexpr auto roll_call_wait = std::chrono::milliseconds(400);

// Set by SIGTERM on the leader: mpirun is ending the job (a rank died, Ctrl-C, a cancel).
std::atomic<bool> terminated{false};

void on_terminate(int) {
  terminated = true;
}

// The ranks that do not answer the roll call: dead ones. The others ignore SIGTERM while they
// serve, so they are still there to answer until mpirun's SIGKILL.
std::vector<int> silent_ranks(MPI_Comm comm, int ranks) {
  std::vector<bool> answered(static_cast<std::size_t>(ranks), false);
  std::vector<MPI_Request> calls(static_cast<std::size_t>(ranks), MPI_REQUEST_NULL);
  for (int r = 1; r < ranks; ++r)
    MPI_Isend(nullptr, 0, MPI_BYTE, r, static_cast<int>(Tag::roll_call), comm,
              &calls[static_cast<std::size_t>(r)]);
  const auto deadline = std::chrono::steady_clock::now() + roll_call_wait;
  while (std::chrono::steady_clock::now() < deadline) {
    int flag = 0;
    MPI_Status seen;
    if (MPI_Iprobe(MPI_ANY_SOURCE, static_cast<int>(Tag::present), comm, &flag, &seen) !=
        MPI_SUCCESS)
      break;
    if (!flag) {
      std::this_thread::sleep_for(idle_pause);
      continue;
    }
    MPI_Recv(nullptr, 0, MPI_BYTE, seen.MPI_SOURCE, seen.MPI_TAG, comm, MPI_STATUS_IGNORE);
    answered[static_cast<std::size_t>(seen.MPI_SOURCE)] = true;
  }
  std::vector<int> silent;
  for (int r = 1; r < ranks; ++r)
    if (!answered[static_cast<std::size_t>(r)]) silent.push_back(r);
  return silent;
}

// The one line that says why the run ends, which ranks died and how to go on.
std::string ending_message(const std::vector<int>& silent, const std::string& journal_file) {
  std::string text = "reversi: ";
  if (silent.empty()) {
    text += "stopped by SIGTERM (Ctrl-C on mpirun, or the batch system ended the job)";
  } else {
    text += silent.size() == 1 ? "rank " : "ranks ";
    for (std::size_t i = 0; i < silent.size(); ++i)
      text += (i ? ", " : "") + std::to_string(silent[i]);
    text += " died";
    text += " (no answer to the leader; mpirun ends the job)";
  }
  if (journal_file.empty())
    text += "; no journal: run with --journal FILE to resume a run that stops";
  else
    text += "; the finished units are in " + journal_file +
            ": run the same command with --resume to go on";
  return text + "\n";
}

// Says why the job ends, then ends it: mpirun kills what is left a second after its SIGTERM.
[[noreturn]] void end_terminated(MPI_Comm roll_call, int ranks, const std::string& journal_file) {
  const std::string message = ending_message(silent_ranks(roll_call, ranks), journal_file);
  std::fputs(message.c_str(), stderr);
  std::fflush(stderr);
  MPI_Abort(MPI_COMM_WORLD, silent_ranks_status);
  std::_Exit(silent_ranks_status);
}

std::string with_sequence(Sequence seq, const std::string& bytes) {
  std::string out(sizeof seq, '\0');
  std::memcpy(out.data(), &seq, sizeof seq);
  return out + bytes;
}

Sequence sequence_of(const std::string& message) {
  if (message.size() < sizeof(Sequence)) throw std::runtime_error("cluster message cut short");
  Sequence seq = 0;
  std::memcpy(&seq, message.data(), sizeof seq);
  return seq;
}

// A message of any size from `source` with `tag` that Iprobe has seen.
std::string receive(const MPI_Status& seen) {
  int size = 0;
  MPI_Get_count(&seen, MPI_BYTE, &size);
  std::string bytes(static_cast<std::size_t>(size), '\0');
  MPI_Recv(bytes.data(), size, MPI_BYTE, seen.MPI_SOURCE, seen.MPI_TAG, MPI_COMM_WORLD,
           MPI_STATUS_IGNORE);
  return bytes;
}

std::string computed(const cluster::Work& work, const std::string& task, int rank) {
  try {
    return std::string(1, status_done) + work(task);
  } catch (const std::exception& e) {
    return std::string(1, status_failed) + "rank " + std::to_string(rank) + ": " + e.what();
  }
}

// Tasks computed on a thread of their own, so that the main thread keeps talking: rank 0's own
// share of the work, and on the other ranks all of it (they answer the roll call meanwhile).
class LocalWorker {
 public:
  LocalWorker(const cluster::Work& work, int rank)
      : work_(work), rank_(rank), thread_([this] { loop(); }) {}
  ~LocalWorker() {
    {
      const std::lock_guard lock(mutex_);
      closing_ = true;
    }
    wake_.notify_all();
    thread_.join();
  }
  LocalWorker(const LocalWorker&) = delete;
  LocalWorker& operator=(const LocalWorker&) = delete;

  void give(Sequence seq, std::string task) {
    {
      const std::lock_guard lock(mutex_);
      tasks_.emplace_back(seq, std::move(task));
    }
    wake_.notify_all();
  }
  std::optional<std::pair<Sequence, std::string>> take_result() {
    const std::lock_guard lock(mutex_);
    if (results_.empty()) return std::nullopt;
    auto r = std::move(results_.front());
    results_.pop_front();
    return r;
  }

 private:
  void loop() {
    std::unique_lock lock(mutex_);
    for (;;) {
      wake_.wait(lock, [&] { return closing_ || !tasks_.empty(); });
      if (closing_) return;
      auto [seq, task] = std::move(tasks_.front());
      tasks_.pop_front();
      lock.unlock();
      std::string result = computed(work_, task, rank_);
      lock.lock();
      results_.emplace_back(seq, std::move(result));
    }
  }

  const cluster::Work& work_;
  int rank_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::pair<Sequence, std::string>> tasks_;
  std::deque<std::pair<Sequence, std::string>> results_;
  bool closing_ = false;
  std::thread thread_;  // last: starts once the rest is ready
};

// A task on its way to a rank: the buffer lives until the send completes.
struct Outgoing {
  MPI_Request request = MPI_REQUEST_NULL;
  std::string bytes;
};

class Leader {
 public:
  Leader(Session& session, const cluster::NextTask& next, const cluster::Work& work,
         const cluster::Deliver& deliver, const cluster::FarmOptions& options)
      : session_(session),
        next_(next),
        deliver_(deliver),
        options_(options),
        ranks_(session.place().ranks),
        held_(static_cast<std::size_t>(ranks_), 0),
        local_(work, 0) {}

  bool run() {
    session_.note_units_out(true);
    struct sigaction action = {};
    action.sa_handler = on_terminate;
    struct sigaction before = {};
    sigaction(SIGTERM, &action, &before);
    // InterruptGuard blocks SIGTERM for its watcher; here mpirun's SIGTERM must reach the loop.
    sigset_t term{};
    sigemptyset(&term);
    sigaddset(&term, SIGTERM);
    sigset_t mask_before{};
    pthread_sigmask(SIG_UNBLOCK, &term, &mask_before);
    const bool done = loop();
    pthread_sigmask(SIG_SETMASK, &mask_before, nullptr);
    sigaction(SIGTERM, &before, nullptr);
    return done;
  }

 private:
  bool loop() {
    for (;;) {
      if (terminated) end_terminated(session_.roll_call(), ranks_, options_.journal_file);
      if (stopped()) return false;
      bool busy = hand_out();
      busy = collect_remote() || busy;
      busy = collect_local() || busy;
      busy = deliver_ready() || busy;
      forget_sent();
      if (exhausted_ && delivered_ == created_) break;
      if (!busy) std::this_thread::sleep_for(idle_pause);
    }
    session_.note_units_out(false);
    return true;
  }

  bool stopped() const { return options_.stop != nullptr && *options_.stop; }

  bool hand_out() {
    bool any = false;
    const Sequence ahead = static_cast<Sequence>(ranks_) *
                           static_cast<Sequence>(options_.tasks_per_rank) * read_ahead_factor;
    for (int r = 0; r < ranks_; ++r) {
      while (!exhausted_ && held_[static_cast<std::size_t>(r)] < options_.tasks_per_rank &&
             created_ - delivered_ < ahead) {
        auto task = next_();
        if (!task) {
          exhausted_ = true;
          break;
        }
        const Sequence seq = created_++;
        any = true;
        if (options_.journal) {
          const std::uint64_t unit = options_.journal->next_unit();
          units_[seq] = unit;
          if (const std::string* known = options_.journal->finished(unit)) {
            ready_[seq] = *known;
            continue;
          }
        }
        ++held_[static_cast<std::size_t>(r)];
        send(r, seq, std::move(*task));
      }
    }
    return any;
  }

  void send(int rank, Sequence seq, std::string task) {
    if (rank == 0) {
      local_.give(seq, std::move(task));
      return;
    }
    sending_.push_back(Outgoing{MPI_REQUEST_NULL, with_sequence(seq, task)});
    Outgoing& o = sending_.back();
    MPI_Isend(o.bytes.data(), static_cast<int>(o.bytes.size()), MPI_BYTE, rank,
              static_cast<int>(Tag::task), MPI_COMM_WORLD, &o.request);
  }

  void forget_sent() {
    for (auto it = sending_.begin(); it != sending_.end();) {
      int done = 0;
      MPI_Test(&it->request, &done, MPI_STATUS_IGNORE);
      it = done ? sending_.erase(it) : std::next(it);
    }
  }

  void finished(int rank, Sequence seq, const std::string& answer) {
    --held_[static_cast<std::size_t>(rank)];
    if (answer.empty() || answer[0] != status_done)
      throw std::runtime_error(answer.empty() ? "rank " + std::to_string(rank) + ": empty answer"
                                              : answer.substr(1));
    std::string result = answer.substr(1);
    if (options_.journal) options_.journal->record(units_.at(seq), result);
    units_.erase(seq);
    ready_[seq] = std::move(result);
  }

  bool collect_remote() {
    bool any = false;
    for (;;) {
      int flag = 0;
      MPI_Status seen;
      MPI_Iprobe(MPI_ANY_SOURCE, static_cast<int>(Tag::result), MPI_COMM_WORLD, &flag, &seen);
      if (!flag) return any;
      const std::string message = receive(seen);
      finished(seen.MPI_SOURCE, sequence_of(message), message.substr(sizeof(Sequence)));
      any = true;
    }
  }

  bool collect_local() {
    bool any = false;
    while (auto r = local_.take_result()) {
      finished(0, r->first, r->second);
      any = true;
    }
    return any;
  }

  bool deliver_ready() {
    bool any = false;
    for (auto it = ready_.find(delivered_); it != ready_.end(); it = ready_.find(delivered_)) {
      deliver_(it->second);
      ready_.erase(it);
      ++delivered_;
      any = true;
    }
    return any;
  }

  Session& session_;
  const cluster::NextTask& next_;
  const cluster::Deliver& deliver_;
  const cluster::FarmOptions& options_;
  int ranks_;
  std::vector<int> held_;
  std::map<Sequence, std::string> ready_;
  std::map<Sequence, std::uint64_t> units_;  // journal unit of each task out
  std::list<Outgoing> sending_;
  Sequence created_ = 0;
  Sequence delivered_ = 0;
  bool exhausted_ = false;
  LocalWorker local_;  // last: its thread stops before the rest goes
};

}  // namespace

bool farm(Session& session, const cluster::NextTask& next, const cluster::Work& work,
          const cluster::Deliver& deliver, const cluster::FarmOptions& options) {
  Leader leader(session, next, work, deliver, options);
  return leader.run();
}

void serve(const Session& session, const cluster::Work& work) {
  // Stay to answer the leader's roll call when mpirun ends the job; its SIGKILL follows.
  std::signal(SIGTERM, SIG_IGN);
  const int rank = session.place().rank;
  const MPI_Comm roll_call = session.roll_call();
  LocalWorker worker(work, rank);
  for (;;) {
    bool busy = false;
    int flag = 0;
    MPI_Status seen;
    MPI_Iprobe(0, static_cast<int>(Tag::roll_call), roll_call, &flag, &seen);
    if (flag) {
      MPI_Recv(nullptr, 0, MPI_BYTE, 0, seen.MPI_TAG, roll_call, MPI_STATUS_IGNORE);
      MPI_Send(nullptr, 0, MPI_BYTE, 0, static_cast<int>(Tag::present), roll_call);
      busy = true;
    }
    MPI_Iprobe(0, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &seen);
    if (flag) {
      const std::string message = receive(seen);
      if (seen.MPI_TAG == static_cast<int>(Tag::finish)) return;
      worker.give(sequence_of(message), message.substr(sizeof(Sequence)));
      busy = true;
    }
    while (auto r = worker.take_result()) {
      const std::string answer = with_sequence(r->first, r->second);
      MPI_Send(answer.data(), static_cast<int>(answer.size()), MPI_BYTE, 0,
               static_cast<int>(Tag::result), MPI_COMM_WORLD);
      busy = true;
    }
    if (!busy) std::this_thread::sleep_for(idle_pause);
  }
}

}  // namespace reversi::cli::mpi
