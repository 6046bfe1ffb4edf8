// What annotate.cpp (options, the pipeline, the summary) and annotate_jobs.cpp (the farmed run
// and the batch-system jobs) share: the run's state, one game in flight, and the stages each
// file lends the other. Internal to the annotate command.
#pragma once

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "analysis/annotate.hpp"
#include "analysis/estimate_memo.hpp"
#include "cli/batch/pipeline.hpp"
#include "cli/batch/record_input.hpp"
#include "cli/batch/writer.hpp"
#include "cli/cluster/journal.hpp"
#include "cli/cluster/units.hpp"
#include "cli/commands/annotate.hpp"
#include "cli/options/cluster.hpp"
#include "cli/output/annotate.hpp"
#include "cli/output/progress.hpp"
#include "cli/output/solve.hpp"
#include "cli/signals.hpp"
#include "core/records/validate.hpp"
#include "db/book.hpp"

namespace reversi::cli::annotate_detail {

// Games in flight per thread: enough to keep workers busy while the writer waits for a slow one.
constexpr std::size_t tokens_per_thread = 4;

using Output = BatchFormat;

// One game on its way through the pipeline.
struct Slot {
  records::ParsedGame game;
  records::Validation validation;
  Annotation annotation;
  std::string text;  // the rendered game
  bool complete = true;
  std::uint64_t input_offset = 0;  // bytes of input read when the game was
};

// What the summary counts of a game.
struct GameCount {
  records::Verdict verdict = records::Verdict::valid;
  long moves = 0;
  long exact_moves = 0;
  bool theoretical_checked = false;
  bool theoretical_differs = false;
};

// The figures the benchmarks read, and what only the summary needs.
struct Totals : AnnotateFigures {
  UnreadableList unreadable;
  std::string last_place;  // the last game written, for an interrupted run's message
};

class EnginePool;

// What the whole run shares: settings, engines, output, progress.
struct Run {
  Output output;
  AnnotateOptions analysis;
  AnnotateSettings settings;
  OpeningBook openings;  // analysis.openings points here
  // annotate --db: the database's book in memory, and the lookup analysis.stored points to.
  std::shared_ptr<const db::BookTable> book;
  StoredEstimates stored;
  EstimateMemo memo;  // analysis.memo points here
  int threads = 1;
  EnginePool* engines = nullptr;
  BatchWriter* writer = nullptr;
  cluster::Context cluster;  // this process in the run: where the batches are computed
  Totals totals;
  ProgressLine progress;
  std::uint64_t total_bytes = 0;   // 0: unknown (standard input)
  std::uint64_t bytes_before = 0;  // input bytes of the files already done
  // An incomplete game was reached: nothing more is written. Read by the input stage too.
  std::atomic<bool> cut{false};
};

// From annotate.cpp: the stages of one game.

// "FILE game N", where a game came from.
std::string place_of(const records::SourceLocation& s);
// The work stage: a game validated, annotated with a pooled engine and rendered.
void annotate_slot(Slot& s, Run& run);
GameCount game_count(const Slot& s);
// The write stage: a finished game counted and written in input order; an incomplete one (the
// run was stopped) cuts the output there.
void write_game(Run& run, bool complete, const std::string& text, const GameCount& c,
                const std::string& place, std::uint64_t input_offset);

// From annotate_jobs.cpp: games in batches, farmed over MPI ranks or left to a batch system.

// One work unit, on any rank: a batch of games read by rank 0, annotated here in parallel.
std::string annotate_batch(const std::string& task, Run& run);

// Reads one input's games in batches that the farm annotates anywhere; writes them in order.
void annotate_input_farmed(Input& in, Run& run, const InterruptGuard& interrupt,
                           cluster::Journal* journal, int batch);

// A batch system's run without MPI (docs/cluster.md): --emit-jobs writes the batches out,
// --units computes some of them into the journal, --merge writes the output from journals.
// Batches are numbered across the inputs in reading order, as the journal numbers them.
struct BatchJobs {
  enum class Mode { emit, compute, merge };
  Mode mode = Mode::emit;
  std::size_t first = 0;  // --units A-B: [first, end)
  std::size_t end = 0;
  std::map<std::uint64_t, std::string> merged;  // --merge: the journals' results
  cluster::Journal* journal = nullptr;          // --units: the results go there
  std::vector<cluster::Unit> emitted;
  std::uint64_t units = 0;  // batches read so far
  std::size_t computed = 0;
};

// The batch-system modes the options ask for; nullopt: none.
std::optional<BatchJobs> batch_jobs(const UnitOptions& options,
                                    const std::vector<std::string>& args,
                                    cluster::Journal* journal);

// One input's batches emitted, computed into the journal or merged from journals, by mode.
void annotate_input_jobs(Input& in, Run& run, const InterruptGuard& interrupt, BatchJobs& jobs,
                         int batch);

// What --emit-jobs and --units end with: the jobs file, or what was computed.
int finish_batch_jobs(const BatchJobs& jobs, const UnitOptions& options,
                      const std::vector<std::string>& args, const InterruptGuard& interrupt);

}  // namespace reversi::cli::annotate_detail
