// The messages between the leader (rank 0) and the other ranks.
//   task    leader -> rank: 8-byte sequence number, then the task's bytes
//   result  rank -> leader: 8-byte sequence number, 1 status byte (0 done, 1 failed), then the
//           result's bytes or the failure's message
//   finish  leader -> rank: the command is over, stop serving
// and on a communicator of their own, whose errors return instead of aborting (a rank may be dead):
//   roll_call  leader -> rank, empty: mpirun is ending the job; who is still there?
//   present    rank -> leader, empty: this rank is
#pragma once

#include <mpi.h>

namespace reversi::cli::mpi {

enum class Tag : int { task = 1, result = 2, finish = 3, roll_call = 4, present = 5 };

}  // namespace reversi::cli::mpi
