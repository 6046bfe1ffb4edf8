// Where work units are computed. A command cut into units (a batch of games, a perft subtree, a
// position to solve) gives the farm its tasks in order and gets their results back in the same
// order. In one process the farm computes them there; under mpirun (the build with
// -DREVERSI_MPI=ON) rank 0 hands them out to every rank, itself included, as each asks for more,
// and the other ranks only serve. A journal records every finished unit and hands back those a
// previous run finished. Tasks and results are bytes; the command encodes them (cli/cluster/wire).
#pragma once

#include <atomic>
#include <functional>
#include <optional>
#include <string>

#include "cli/cluster/journal.hpp"

namespace reversi::cli::mpi {
class Session;
}

namespace reversi::cli::cluster {

// This process in the run: rank 0 of 1 without MPI.
struct Place {
  int rank = 0;
  int ranks = 1;
  bool leader() const { return rank == 0; }
  bool distributed() const { return ranks > 1; }
};

// What main() gives every command: under mpirun, the MPI session through which this process
// reaches the other ranks; by default none, one process alone.
struct Context {
  mpi::Session* session = nullptr;
  Place place() const;  // the session's, else rank 0 of 1
};

using NextTask = std::function<std::optional<std::string>()>;  // nullopt: no more tasks
using Work = std::function<std::string(const std::string& task)>;
using Deliver = std::function<void(const std::string& result)>;

struct FarmOptions {
  // Tasks a rank holds at a time: one at work and the next already there.
  int tasks_per_rank = 2;
  Journal* journal = nullptr;
  // Set (e.g. by Ctrl-C): no more tasks go out and farm() returns false.
  const std::atomic<bool>* stop = nullptr;
  // The journal file the finished units go to (whoever writes them), named in the message of a
  // run that dies; empty: none.
  std::string journal_file;
};

// On the leader: every task computed and its result delivered, in task order, on this thread.
// False when stopped first.
bool farm(const Context& context, const NextTask& next, const Work& work, const Deliver& deliver,
          const FarmOptions& options);

// On the other ranks: computes what the leader sends until the leader's command is over.
void serve(const Context& context, const Work& work);

}  // namespace reversi::cli::cluster
