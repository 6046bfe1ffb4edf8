// The MPI side of a cluster run (built with -DREVERSI_MPI=ON): MPI is started only when a
// launcher (mpirun, srun) started this process, so the same binary runs alone as before.
#pragma once

#include <mpi.h>

#include "cli/cluster/farm.hpp"

namespace reversi::cli::mpi {

// One per process, made by main() and reached by the commands through cluster::Context.
class Session {
 public:
  Session(int& argc, char**& argv);
  ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;
  // Ends the run with the leader's exit status: the other ranks are told to stop serving; a
  // leader that stops with work still out (Ctrl-C, an error) aborts the whole job instead.
  int end(int status);

  cluster::Place place() const { return here_; }
  // What the commands are given: this session.
  cluster::Context context() { return {this}; }
  // The roll call's communicator (cli/mpi/protocol.hpp).
  MPI_Comm roll_call() const { return roll_call_; }
  // The leader left units out on the ranks (stopped early): the job must be aborted at the end.
  void note_units_out(bool out) { units_out_ = out; }

 private:
  bool started_ = false;
  MPI_Comm roll_call_ = MPI_COMM_NULL;
  bool units_out_ = false;
  cluster::Place here_;
};

}  // namespace reversi::cli::mpi
