// reversi annotate in batches of games: farmed over the ranks under mpirun or with a journal
// (cli/cluster/farm.hpp), or left to a batch system without MPI (--emit-jobs, --units, --merge;
// docs/cluster.md). Rank 0 reads the games, any rank annotates a batch, and rank 0 writes them
// in input order through the stages of annotate.cpp.
#include <deque>
#include <iostream>
#include <limits>
#include <memory>
#include <tuple>

#include "cli/batch/pipeline.hpp"
#include "cli/cluster/farm.hpp"
#include "cli/cluster/wire.hpp"
#include "cli/commands/annotate_run.hpp"
#include "cli/common.hpp"

namespace reversi::cli::annotate_detail {

namespace {

// A game's counts field by field: the struct's padding would make journals differ run to run.
void put_count(cluster::WireWriter& w, const GameCount& c) {
  w.put(c.verdict);
  w.put(c.moves);
  w.put(c.exact_moves);
  w.put(c.theoretical_checked);
  w.put(c.theoretical_differs);
}

GameCount get_count(cluster::WireReader& r) {
  GameCount c;
  c.verdict = r.get<records::Verdict>();
  c.moves = r.get<long>();
  c.exact_moves = r.get<long>();
  c.theoretical_checked = r.get<bool>();
  c.theoretical_differs = r.get<bool>();
  return c;
}

// A game of a batch on its way back to rank 0: whether it completed, its text and its counts.
void put_finished(cluster::WireWriter& w, const Slot& s) {
  w.put(s.complete);
  w.put_string(s.text);
  put_count(w, game_count(s));
}

// Batches a rank holds at a time: one at work and the next already there.
constexpr int batches_per_rank = 2;

// The farm with annotate's work: a batch's games annotated on whichever rank takes it.
void farm_batches(const cluster::NextTask& next, const cluster::Deliver& deliver, Run& run,
                  const InterruptGuard& interrupt, cluster::Journal* journal,
                  const std::string& journal_file) {
  cluster::farm(run.cluster, next,
                [&run](const std::string& task) { return annotate_batch(task, run); }, deliver,
                {.tasks_per_rank = batches_per_rank,
                 .journal = journal,
                 .stop = interrupt.flag(),
                 .journal_file = journal_file});
}

// Where a batch's games came from, kept on rank 0 while the batch is out.
struct BatchPlaces {
  std::vector<std::string> places;
  std::vector<std::uint64_t> offsets;
};

// The next batch of an input's games as a task, with where they came from; nullopt at the end.
std::optional<std::string> read_batch(Input& in, int batch, BatchPlaces& places) {
  cluster::WireWriter task;
  for (int i = 0; i < batch; ++i) {
    auto game = in.reader->next();
    if (!game) break;
    places.places.push_back(place_of(game->record.source));
    places.offsets.push_back(in.source->bytes_read());
    cluster::put_game(task, *game);
  }
  if (places.places.empty()) return std::nullopt;
  return task.take();
}

// Writes a batch's annotated games, in order.
void write_batch(Run& run, const BatchPlaces& places, const std::string& result) {
  cluster::WireReader r(result);
  for (std::size_t i = 0; i < places.places.size(); ++i) {
    const bool complete = r.get<bool>();
    const std::string text = r.get_string();
    write_game(run, complete, text, get_count(r), places.places[i], places.offsets[i]);
  }
}

// --emit-jobs: every batch kept as a unit, with how many games it holds and the first one.
void emit_batches(Input& in, BatchJobs& jobs, int batch) {
  BatchPlaces places;
  while (auto task = read_batch(in, batch, places)) {
    jobs.emitted.push_back(
        {std::move(*task), {{"games", places.places.size()}, {"first", places.places.front()}}});
    places = {};
    ++jobs.units;
  }
}

// --merge: every batch written from its result in the journals.
void merge_batches(Input& in, Run& run, BatchJobs& jobs, int batch) {
  BatchPlaces places;
  while (auto task = read_batch(in, batch, places)) {
    const auto found = jobs.merged.find(jobs.units);
    if (found == jobs.merged.end())
      throw UsageError("--merge: batch " + std::to_string(jobs.units) +
                       " has no result in the journals");
    write_batch(run, places, found->second);
    places = {};
    ++jobs.units;
  }
}

// --units: the chosen batches not yet in the journal, farmed over this machine's threads.
void compute_batches(Input& in, Run& run, const InterruptGuard& interrupt, BatchJobs& jobs,
                     int batch) {
  std::deque<std::uint64_t> out;
  const auto next = [&]() -> std::optional<std::string> {
    while (!interrupt.interrupted()) {
      BatchPlaces ignored;
      auto task = read_batch(in, batch, ignored);
      if (!task) return std::nullopt;
      const std::uint64_t unit = jobs.units++;
      if (unit < jobs.first || unit >= jobs.end || jobs.journal->finished(unit)) continue;
      out.push_back(unit);
      return task;
    }
    return std::nullopt;
  };
  const auto deliver = [&](const std::string& result) {
    jobs.journal->record(out.front(), result);
    out.pop_front();
    ++jobs.computed;
  };
  farm_batches(next, deliver, run, interrupt, nullptr, jobs.journal->file());
}

}  // namespace

std::string annotate_batch(const std::string& task, Run& run) {
  cluster::WireReader in(task);
  std::vector<std::unique_ptr<Slot>> slots;
  while (!in.done()) {
    slots.push_back(std::make_unique<Slot>());
    slots.back()->game = cluster::get_game(in);
  }
  std::size_t read = 0;
  cluster::WireWriter out;
  ordered_pipeline<Slot>(
      run.threads, tokens_per_thread,
      [&]() -> std::unique_ptr<Slot> {
        return read < slots.size() ? std::move(slots[read++]) : nullptr;
      },
      [&](Slot& s) { annotate_slot(s, run); }, [&](Slot& s) { put_finished(out, s); });
  return out.take();
}

void annotate_input_farmed(Input& in, Run& run, const InterruptGuard& interrupt,
                           cluster::Journal* journal, int batch) {
  std::deque<BatchPlaces> out;
  const auto next = [&]() -> std::optional<std::string> {
    if (interrupt.interrupted() || run.cut) return std::nullopt;
    BatchPlaces places;
    auto task = read_batch(in, batch, places);
    if (task) out.push_back(std::move(places));
    return task;
  };
  const auto deliver = [&](const std::string& result) {
    write_batch(run, out.front(), result);
    out.pop_front();
  };
  farm_batches(next, deliver, run, interrupt, journal, journal ? journal->file() : std::string());
}

std::optional<BatchJobs> batch_jobs(const UnitOptions& options,
                                    const std::vector<std::string>& args,
                                    cluster::Journal* journal) {
  BatchJobs jobs;
  if (!options.emit_jobs.empty()) return jobs;
  if (!options.merge.empty()) {
    jobs.mode = BatchJobs::Mode::merge;
    for (const auto& file : options.merge)
      for (auto& [unit, result] :
           cluster::Journal::read(file, cluster::job_text("annotate", args)).done)
        jobs.merged[unit] = std::move(result);
    return jobs;
  }
  if (options.units.empty()) return std::nullopt;
  if (journal == nullptr) throw UsageError("--units needs --journal FILE for the results");
  jobs.mode = BatchJobs::Mode::compute;
  // The count is known once the inputs are read: checked then.
  std::tie(jobs.first, jobs.end) =
      cluster::chosen_range(options.units, std::numeric_limits<std::size_t>::max());
  jobs.journal = journal;
  return jobs;
}

void annotate_input_jobs(Input& in, Run& run, const InterruptGuard& interrupt, BatchJobs& jobs,
                         int batch) {
  switch (jobs.mode) {
    case BatchJobs::Mode::emit:
      emit_batches(in, jobs, batch);
      return;
    case BatchJobs::Mode::merge:
      merge_batches(in, run, jobs, batch);
      return;
    case BatchJobs::Mode::compute:
      compute_batches(in, run, interrupt, jobs, batch);
      return;
  }
}

int finish_batch_jobs(const BatchJobs& jobs, const UnitOptions& options,
                      const std::vector<std::string>& args, const InterruptGuard& interrupt) {
  if (interrupt.interrupted()) return exit_interrupted;
  if (jobs.mode == BatchJobs::Mode::emit) {
    cluster::emit_jobs(options.emit_jobs, cluster::job_text("annotate", args), jobs.emitted);
    std::cerr << "reversi annotate: " << jobs.emitted.size() << " work units written to "
              << options.emit_jobs << "\n";
    return exit_ok;
  }
  if (jobs.end > jobs.units)
    throw UsageError("--units must be A-B with 0 <= A <= B < " + std::to_string(jobs.units) +
                     " (the number of batches), not '" + options.units + "'");
  std::cerr << "reversi annotate: units " << jobs.first << "-" << jobs.end - 1 << " of "
            << jobs.units << " done (" << jobs.computed << " computed) in " << options.journal.file
            << "\n";
  return exit_ok;
}

}  // namespace reversi::cli::annotate_detail
