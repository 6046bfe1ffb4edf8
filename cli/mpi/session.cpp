#include "cli/mpi/session.hpp"

#include <mpi.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "cli/mpi/protocol.hpp"

namespace reversi::cli::mpi {

namespace {

// Launchers set these in every process they start (Open MPI, PMIx under Slurm, PMI-1/2).
bool launched_by_mpi() {
  const auto names = {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK", "PMI_SIZE"};
  return std::any_of(names.begin(), names.end(),
                     [](const char* name) { return std::getenv(name) != nullptr; });
}

}  // namespace

Session::Session(int& argc, char**& argv) {
  if (!launched_by_mpi()) return;
  int provided = 0;
  // Only the main thread calls MPI; rank 0's local worker thread never does.
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  started_ = true;
  MPI_Comm_rank(MPI_COMM_WORLD, &here_.rank);
  MPI_Comm_size(MPI_COMM_WORLD, &here_.ranks);
  MPI_Comm_dup(MPI_COMM_WORLD, &roll_call_);
  MPI_Comm_set_errhandler(roll_call_, MPI_ERRORS_RETURN);
  if (!here_.leader()) {
    // The other ranks parse the same command line: their messages would repeat the leader's.
    // A failure while they compute goes back to the leader, which names the rank.
    if (std::freopen("/dev/null", "w", stdout) == nullptr ||
        std::freopen("/dev/null", "w", stderr) == nullptr)
      MPI_Abort(MPI_COMM_WORLD, 2);
  }
}

Session::~Session() {
  if (started_) MPI_Finalize();
  started_ = false;
}

int Session::end(int status) {
  if (!started_) return status;
  if (here_.leader()) {
    if (units_out_) {
      std::fflush(stdout);
      std::fflush(stderr);
      MPI_Abort(MPI_COMM_WORLD, status);
    }
    for (int r = 1; r < here_.ranks; ++r)
      MPI_Send(nullptr, 0, MPI_BYTE, r, static_cast<int>(Tag::finish), MPI_COMM_WORLD);
  }
  MPI_Finalize();
  started_ = false;
  return status;
}

}  // namespace reversi::cli::mpi
