#include "cli/cluster/farm.hpp"

#ifdef REVERSI_MPI
#include "cli/mpi/farm.hpp"
#include "cli/mpi/session.hpp"
#endif

namespace reversi::cli::cluster {

namespace {

// One process: each task computed here, unless the journal has its result.
bool farm_here(const NextTask& next, const Work& work, const Deliver& deliver,
               const FarmOptions& options) {
  while (auto task = next()) {
    if (options.stop && *options.stop) return false;
    const std::uint64_t unit = options.journal ? options.journal->next_unit() : 0;
    const std::string* known = options.journal ? options.journal->finished(unit) : nullptr;
    if (known) {
      deliver(*known);
      continue;
    }
    const std::string result = work(*task);
    if (options.stop && *options.stop) return false;
    if (options.journal) options.journal->record(unit, result);
    deliver(result);
  }
  return true;
}

}  // namespace

Place Context::place() const {
#ifdef REVERSI_MPI
  if (session != nullptr) return session->place();
#endif
  return {};
}

bool farm([[maybe_unused]] const Context& context, const NextTask& next, const Work& work,
          const Deliver& deliver, const FarmOptions& options) {
#ifdef REVERSI_MPI
  if (context.place().distributed())
    return mpi::farm(*context.session, next, work, deliver, options);
#endif
  return farm_here(next, work, deliver, options);
}

void serve([[maybe_unused]] const Context& context, [[maybe_unused]] const Work& work) {
#ifdef REVERSI_MPI
  if (context.session != nullptr) mpi::serve(*context.session, work);
#endif
}

}  // namespace reversi::cli::cluster
