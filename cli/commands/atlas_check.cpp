#include "cli/commands/atlas_check.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>

#include "cli/common.hpp"
#include "cli/output/progress.hpp"
#include "cli/output/solve.hpp"
#include "cli/signals.hpp"

namespace reversi::cli {

namespace {

// Rows stored as solved in under this much CPU time are re-solved by default, with the 4x4 and
// cited rows: the shipped table is then checked in a second or two.
constexpr double quick_cpu_seconds = 2.0;

// The rows checked, in the table's order, and which of them are re-solved.
struct Plan {
  std::vector<const AtlasRow*> rows;
  std::vector<bool> resolve;
};

Plan make_plan(const AtlasTable& table, const AtlasCheckRequest& req) {
  Plan plan;
  for (const AtlasRow& row : table.rows) {
    if (!req.only.empty() &&
        std::find(req.only.begin(), req.only.end(), row.rules) == req.only.end())
      continue;
    plan.rows.push_back(&row);
    plan.resolve.push_back(req.resolve || quick_to_resolve(row, quick_cpu_seconds));
  }
  return plan;
}

// "0.003 s", "44.2 s", "2,387 s (39m47s)": short times exactly, long ones also in minutes.
std::string seconds_text(double s) {
  char buf[32];
  if (s < 10) {
    std::snprintf(buf, sizeof buf, "%.3f s", s);
  } else if (s < 100) {
    std::snprintf(buf, sizeof buf, "%.1f s", s);
  } else {
    const std::string whole = grouped(static_cast<std::uint64_t>(std::lround(s))) + " s";
    return s < 600 ? whole : whole + " (" + duration_text(s) + ")";
  }
  return buf;
}

// The stored CPU time of one side of the plan (re-solved or not): in total, per row, and the
// rows the table keeps no time for.
struct Cost {
  std::vector<Rules> rules;
  std::vector<double> seconds;
  std::vector<const AtlasRow*> rows;
  double total = 0;
  long unknown = 0;
};

Cost cost_of(const Plan& plan, bool resolved) {
  Cost cost;
  for (std::size_t i = 0; i < plan.rows.size(); ++i) {
    if (plan.resolve[i] != resolved) continue;
    const std::optional<double> s = stored_cost(*plan.rows[i]);
    cost.rules.push_back(plan.rows[i]->rules);
    cost.seconds.push_back(s.value_or(0));
    cost.rows.push_back(plan.rows[i]);
    cost.total += s.value_or(0);
    if (!s) ++cost.unknown;
  }
  return cost;
}

std::string rows_word(std::size_t n) {
  return std::to_string(n) + (n == 1 ? " row" : " rows");
}

// What re-solving a set of rows costs, as stored: CPU time and the wall clock on `threads`.
std::string cost_words(const Cost& cost, int threads) {
  std::string out = seconds_text(cost.total) + " of CPU time as stored";
  if (cost.unknown > 0)
    out += " (" + rows_word(static_cast<std::size_t>(cost.unknown)) + " with no time stored)";
  return out + ", about " +
         seconds_text(estimated_wall_seconds(cost.rules, cost.seconds, threads)) + " on " +
         std::to_string(threads) + (threads == 1 ? " thread" : " threads");
}

// The slow rows to re-solve with their stored cost, slowest first.
void print_slow_rows(const Cost& cost) {
  std::vector<std::size_t> slow;
  for (std::size_t i = 0; i < cost.rows.size(); ++i)
    if (!quick_to_resolve(*cost.rows[i], quick_cpu_seconds)) slow.push_back(i);
  std::stable_sort(slow.begin(), slow.end(),
                   [&](std::size_t a, std::size_t b) { return cost.seconds[a] > cost.seconds[b]; });
  for (const std::size_t i : slow) {
    const std::optional<double> s = stored_cost(*cost.rows[i]);
    std::cout << "  " << atlas_id(cost.rules[i]) << ": "
              << (s ? seconds_text(*s) + " of CPU time" : std::string("no time stored")) << "\n";
  }
  if (slow.size() < cost.rows.size())
    std::cout << "  and " << rows_word(cost.rows.size() - slow.size())
              << " quick to solve (4x4, cited, or under " << quick_cpu_seconds << " s each)\n";
}

// What the check will do and cost, before it starts.
void print_plan(const Plan& plan, const AtlasCheckRequest& req) {
  const Cost solve = cost_of(plan, true);
  const Cost skip = cost_of(plan, false);
  std::cout << "atlas --check " << req.file << ": " << rows_word(plan.rows.size())
            << "; every stored line is replayed to its value\n";
  std::cout << "re-solving " << rows_word(solve.rows.size()) << ": "
            << cost_words(solve, req.threads) << "\n";
  if (req.resolve) print_slow_rows(solve);
  if (!skip.rows.empty())
    std::cout << "not re-solving " << rows_word(skip.rows.size()) << " ("
              << cost_words(skip, req.threads) << "): --resolve re-solves them too\n";
  std::cout << std::flush;
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// The line per row as its check ends, and the counts for the summary.
class CheckReport {
 public:
  explicit CheckReport(std::size_t total) : total_(total) {}

  // A row checked by its line alone.
  void line_checked(const AtlasRow& stored) {
    const auto start = std::chrono::steady_clock::now();
    const std::vector<std::string> problems = check_stored_line(stored);
    const double seconds = seconds_since(start);
    const std::optional<double> cost = stored_cost(stored);
    ++by_line_;
    print(stored, problems,
          "its line replays (" + seconds_text(seconds) + "); not re-solved: " +
              (cost ? seconds_text(*cost) + " of CPU time stored" : std::string("no time stored")));
  }

  // A row re-solved: compared with its stored self.
  void resolved(const AtlasRow& stored, const AtlasRow& fresh) {
    ++resolved_;
    const std::optional<double> cost = stored_cost(stored);
    print(stored, compare_rows(stored, fresh),
          "re-solved in " +
              seconds_text(fresh.cpu_seconds > 0 ? fresh.cpu_seconds : fresh.seconds) +
              (cost && !stored.cited ? " (stored " + seconds_text(*cost) + ")" : std::string()));
  }

  // A row whose re-solve was stopped.
  void stopped(const AtlasRow& stored) {
    std::cout << number(++printed_) << " stopped  " << atlas_id(stored.rules)
              << ": interrupted before its re-solve ended" << std::endl;
  }

  void summary(const std::string& file, double seconds, bool interrupted) const {
    std::cout << "checked " << by_line_ + resolved_ << " of " << rows_word(total_) << " of " << file
              << ": " << resolved_ << " re-solved, " << by_line_ << " by their line alone; "
              << differ_ << (differ_ == 1 ? " differs" : " differ") << ", " << seconds_text(seconds)
              << (interrupted ? "; interrupted" : "") << "\n";
  }

  long differ() const { return differ_; }

 private:
  std::string number(std::size_t k) const {
    const std::string n = std::to_string(k);
    const std::string of = std::to_string(total_);
    return "[" + std::string(of.size() - std::min(of.size(), n.size()), ' ') + n + "/" + of + "]";
  }

  void print(const AtlasRow& stored, const std::vector<std::string>& problems,
             const std::string& how) {
    std::cout << number(++printed_) << (problems.empty() ? " ok       " : " DIFFERS  ")
              << atlas_id(stored.rules) << ": ";
    if (problems.empty()) {
      std::cout << row_summary(stored) << "; " << how;
    } else {
      ++differ_;
      for (std::size_t k = 0; k < problems.size(); ++k)
        std::cout << (k == 0 ? "" : "; ") << problems[k];
    }
    std::cout << std::endl;
  }

  std::size_t total_;
  std::size_t printed_ = 0;
  long by_line_ = 0;
  long resolved_ = 0;
  long differ_ = 0;
};

// Re-solves the plan's rows to re-solve (several at once), reporting each as it ends.
void resolve_rows(const Plan& plan, const AtlasCheckRequest& req, const InterruptGuard& interrupt,
                  CheckReport& report) {
  std::vector<const AtlasRow*> stored;
  AtlasRunRequest run;
  for (std::size_t i = 0; i < plan.rows.size(); ++i)
    if (plan.resolve[i]) {
      stored.push_back(plan.rows[i]);
      run.variants.push_back(plan.rows[i]->rules);
    }
  run.threads = req.threads;
  run.hash_mb = req.hash_mb;
  run.stop = interrupt.flag();
  std::unique_ptr<ProgressLine> progress;
  if (!req.quiet) progress = std::make_unique<ProgressLine>();
  run.on_progress = [&](std::size_t i, const SolveProgress& p) {
    if (progress && progress->due())
      progress->update("atlas --check: re-solving " + atlas_id(run.variants[i]) + ": " +
                       solve_progress_text(run.variants[i], p));
  };
  run.on_row = [&](std::size_t i, const AtlasRow& fresh) {
    if (progress) progress->clear();
    if (fresh.complete)
      report.resolved(*stored[i], fresh);
    else
      report.stopped(*stored[i]);
  };
  solve_atlas(run);
  if (progress) progress->clear();
}

}  // namespace

int check_atlas_table(const AtlasTable& table, const AtlasCheckRequest& req) {
  const auto start = std::chrono::steady_clock::now();
  const InterruptGuard interrupt;
  const Plan plan = make_plan(table, req);
  print_plan(plan, req);
  CheckReport report(plan.rows.size());
  for (std::size_t i = 0; i < plan.rows.size() && !interrupt.interrupted(); ++i) {
    if (!plan.resolve[i]) report.line_checked(*plan.rows[i]);
  }
  if (!interrupt.interrupted()) resolve_rows(plan, req, interrupt, report);
  report.summary(req.file, seconds_since(start), interrupt.interrupted());
  std::cout.flush();
  if (interrupt.interrupted()) return exit_interrupted;
  return report.differ() > 0 ? exit_bad_input : exit_ok;
}

}  // namespace reversi::cli
