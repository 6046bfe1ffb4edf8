#include "cli/cluster/split_solve.hpp"

#include <algorithm>
#include <chrono>
#include <stdexcept>

#include "analysis/solver/split.hpp"
#include "cli/cluster/units.hpp"
#include "cli/cluster/wire.hpp"
#include "cli/common.hpp"
#include "core/notation.hpp"

namespace reversi::cli::cluster {

namespace {

// The chosen split aims at this many units per rank, so that while one rank solves a large
// unit the others find work among its siblings.
constexpr std::size_t units_per_rank = 8;
// The most plies the chosen split goes down: each ply of the top adds rounds of waiting.
constexpr int max_chosen_split_plies = 4;
// Units named in an error, at most.
constexpr std::size_t units_shown = 10;

// What one solve of a unit proved, and the window it was given. In the journal, `bounds` are
// all that the unit's solves so far proved and `nodes` all that they cost.
struct UnitAnswer {
  int alpha = -solve_infinity;
  int beta = solve_infinity;
  UnitBounds bounds;
  std::uint64_t nodes = 0;
};

std::string encoded(const UnitAnswer& a) {
  WireWriter w;
  w.put(a.alpha);
  w.put(a.beta);
  w.put(a.bounds.lower);
  w.put(a.bounds.upper);
  w.put(a.nodes);
  return w.take();
}

UnitAnswer decoded(const std::string& bytes) {
  WireReader r(bytes);
  UnitAnswer a;
  a.alpha = r.get<int>();
  a.beta = r.get<int>();
  a.bounds.lower = r.get<int>();
  a.bounds.upper = r.get<int>();
  a.nodes = r.get<std::uint64_t>();
  if (!r.done()) throw UsageError("a solve unit's result of another format (an older journal?)");
  return a;
}

std::string task_of(const Position& p, int alpha, int beta) {
  WireWriter w;
  put_position(w, p);
  w.put(alpha);
  w.put(beta);
  return w.take();
}

// One work unit, on any rank: the unit's value inside the window, or the bound that it is
// outside. The rank's solver keeps its table from unit to unit.
std::string solve_unit(const std::string& task, Solver& solver, const SplitSolveJob& job,
                       const std::atomic<bool>* stop) {
  WireReader in(task);
  SolveRequest req;
  req.rules = job.rules;
  req.root = get_position(in);
  req.alpha = in.get<int>();
  req.beta = in.get<int>();
  req.wld = job.wld;
  req.want_pv = false;
  req.threads = job.threads;
  req.stop = stop;
  const SolveResult r = solver.solve(req);
  // Stopped: the farm sees the flag and drops the unit, so the run ends as interrupted.
  if (!r.complete) return std::string();
  UnitAnswer a{req.alpha, req.beta, {r.lower, r.upper}, r.nodes};
  // wld solves tell win, draw or loss exactly, whatever the window: the values are -1, 0, 1.
  if (job.wld) a.bounds = {r.value, r.value};
  return encoded(a);
}

// The root's result from the top's values: every move of the best value, in square order.
SolveResult combined_result(const TopValues& top, bool all_moves) {
  SolveResult r;
  r.value = r.lower = r.upper = top.value;
  r.passed = top.passed;
  for (const MoveValue& m : top.moves)
    if (m.value == top.value) r.best_moves.push_back(m.move);
  if (all_moves) {
    r.move_values = top.moves;
    std::stable_sort(r.move_values.begin(), r.move_values.end(),
                     [](const MoveValue& a, const MoveValue& b) { return a.value > b.value; });
  }
  return r;
}

// What is known of every unit: its bounds and the nodes spent on it.
class Knowledge {
 public:
  explicit Knowledge(std::size_t units) : bounds_(units), nodes_(units, 0) {}

  // A result read back (a journal line holds all that was known of the unit then).
  void take_recorded(std::size_t unit, const UnitAnswer& a) {
    narrow(unit, a.bounds);
    nodes_.at(unit) = std::max(nodes_[unit], a.nodes);
  }
  // A unit solved now: what the journal records of it.
  UnitAnswer take_solved(std::size_t unit, const UnitAnswer& a) {
    narrow(unit, a.bounds);
    nodes_.at(unit) += a.nodes;
    return {a.alpha, a.beta, bounds_[unit], nodes_[unit]};
  }
  const std::vector<UnitBounds>& bounds() const { return bounds_; }
  std::uint64_t nodes() const {
    std::uint64_t total = 0;
    for (const std::uint64_t n : nodes_) total += n;
    return total;
  }

 private:
  void narrow(std::size_t unit, const UnitBounds& b) {
    UnitBounds& k = bounds_.at(unit);
    k.lower = std::max(k.lower, b.lower);
    k.upper = std::min(k.upper, b.upper);
    if (k.lower > k.upper)
      throw std::runtime_error("unit " + std::to_string(unit) +
                               ": results that contradict each other (journals of other runs?)");
  }

  std::vector<UnitBounds> bounds_;
  std::vector<std::uint64_t> nodes_;
};

std::string units_text(const std::vector<UnitQuery>& queries) {
  std::string text;
  for (std::size_t i = 0; i < queries.size() && i < units_shown; ++i)
    text += (i ? ", " : "") + std::to_string(queries[i].unit);
  if (queries.size() > units_shown) text += ", ...";
  return text;
}

// --emit-jobs, --units: every unit with a full window, as a batch system runs them.
int run_full_windows(const Context& context, const std::vector<std::string>& args,
                     const UnitOptions& options, const Frontier& frontier, const Rules& rules,
                     const Work& work, const std::atomic<bool>* stop) {
  std::vector<Unit> units;
  for (const SplitUnit& u : frontier.units)
    units.push_back({task_of(u.position, -solve_infinity, solve_infinity),
                     {{"board", board_string(u.position, rules)}, {"paths", u.paths}}});
  int status = 0;
  run_units(context, "solve", args, options, units, work, stop, status);
  return status;
}

}  // namespace

SplitSolveOutcome split_solve(const Context& context, const SplitSolveJob& job,
                              const UnitOptions& options, const std::vector<std::string>& args,
                              const std::atomic<bool>* stop) {
  Solver solver(job.hash_mb);
  const Work work = [&](const std::string& task) { return solve_unit(task, solver, job, stop); };
  SplitSolveOutcome out;
  if (!context.place().leader()) {
    serve(context, work);
    return out;
  }
  const auto start = std::chrono::steady_clock::now();
  const auto ranks = static_cast<std::size_t>(context.place().ranks);
  out.plies =
      options.split_depth >= 0
          ? options.split_depth
          : split_plies_for(job.rules, job.root, ranks * units_per_rank, max_chosen_split_plies);
  const Frontier frontier = split_frontier(job.rules, job.root, out.plies);
  out.units = frontier.units.size();
  if (!options.emit_jobs.empty() || !options.units.empty()) {
    out.status = run_full_windows(context, args, options, frontier, job.rules, work, stop);
    return out;
  }

  Knowledge known(frontier.units.size());
  for (const std::string& file : options.merge)
    for (const auto& [unit, bytes] : Journal::read(file, job_text("solve", args)).done)
      known.take_recorded(unit, decoded(bytes));
  const auto journal = options.journal.open(context.place(), "solve", args);
  for (std::size_t i = 0; journal && i < frontier.units.size(); ++i)
    if (const std::string* bytes = journal->finished(i)) known.take_recorded(i, decoded(*bytes));

  TopSearch top(job.rules, job.root, frontier, job.all_moves);
  for (;;) {
    const TopSearch::Step step = top.search(known.bounds());
    if (step.result) {
      out.result = combined_result(*step.result, job.all_moves);
      break;
    }
    if (!options.merge.empty())
      throw UsageError(
          "--merge: the journals do not settle " + std::to_string(step.queries.size()) + " of " +
          std::to_string(frontier.units.size()) + " units (" + units_text(step.queries) + ")");
    ++out.rounds;
    std::size_t handed = 0;
    std::size_t received = 0;
    const bool done = farm(
        context,
        [&]() -> std::optional<std::string> {
          if (handed == step.queries.size()) return std::nullopt;
          const UnitQuery& q = step.queries[handed++];
          return task_of(frontier.units[q.unit].position, q.alpha, q.beta);
        },
        work,
        [&](const std::string& bytes) {
          const std::size_t unit = step.queries[received++].unit;
          const UnitAnswer recorded = known.take_solved(unit, decoded(bytes));
          if (journal) journal->record(unit, encoded(recorded));
        },
        {.tasks_per_rank = 2,
         .journal = nullptr,
         .stop = stop,
         .journal_file = options.journal.file});
    out.solves += received;
    if (!done) {
      out.status = exit_interrupted;
      return out;
    }
  }
  out.result->nodes = known.nodes();
  out.result->seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

}  // namespace reversi::cli::cluster
