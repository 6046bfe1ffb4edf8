// The farm over MPI ranks (cli/cluster/farm.hpp says what it does).
#pragma once

#include "cli/cluster/farm.hpp"

namespace reversi::cli::mpi {

class Session;

bool farm(Session& session, const cluster::NextTask& next, const cluster::Work& work,
          const cluster::Deliver& deliver, const cluster::FarmOptions& options);
void serve(const Session& session, const cluster::Work& work);

}  // namespace reversi::cli::mpi
