// The MPI side of a cluster run (built with -DREVERSI_MPI=ON): MPI is started only when a
// launcher (mpirun, srun) started this process, so the same binary runs alone as before.
#pragma once

#include "cli/cluster/farm.hpp"

namespace reversi::cli::mpi {

class Session {
 public:
  Session(int& argc, char**& argv);
  ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;
  // Ends the run with the leader's exit status: the other ranks are told to stop serving; a
  // leader that stops with work still out (Ctrl-C, an error) aborts the whole job instead.
  int end(int status);
};

cluster::Place place();

// The leader left units out on the ranks (stopped early): the job must be aborted at the end.
void note_units_out(bool out);

}  // namespace reversi::cli::mpi
