#include "cli/cluster/units.hpp"

#include <iostream>
#include <map>

#include "cli/batch/output_file.hpp"

namespace reversi::cli::cluster {

namespace {

constexpr std::size_t missing_shown = 10;

}  // namespace

std::pair<std::size_t, std::size_t> chosen_range(const std::string& text, std::size_t count) {
  if (text.empty()) return {0, count};
  std::size_t first = 0;
  std::size_t last = 0;
  char dash = 0;
  char extra = 0;
  if (std::sscanf(text.c_str(), "%zu%c%zu%c", &first, &dash, &last, &extra) != 3 || dash != '-' ||
      first > last || last >= count)
    throw UsageError("--units must be A-B with 0 <= A <= B < " + std::to_string(count) +
                     " (the number of units), not '" + text + "'");
  return {first, last + 1};
}

void emit_jobs(const std::string& file, const std::string& job, const std::vector<Unit>& units) {
  std::string text =
      nlohmann::json{{"reversi_jobs", 1}, {"job", job}, {"units", units.size()}}.dump() + "\n";
  for (std::size_t i = 0; i < units.size(); ++i) {
    nlohmann::json line = units[i].about;
    line["unit"] = i;
    line["task"] = to_hex(units[i].task);
    text += line.dump() + "\n";
  }
  write_file_atomically(file, text);
}

namespace {

std::string missing_text(const std::vector<std::size_t>& missing) {
  std::string text;
  for (std::size_t i = 0; i < missing.size() && i < missing_shown; ++i)
    text += (i ? ", " : "") + std::to_string(missing[i]);
  if (missing.size() > missing_shown) text += ", ...";
  return text;
}

}  // namespace

std::optional<std::vector<std::string>> run_units(const Context& context,
                                                  const std::string& command,
                                                  const std::vector<std::string>& args,
                                                  const UnitOptions& options,
                                                  const std::vector<Unit>& units, const Work& work,
                                                  const std::atomic<bool>* stop, int& status) {
  const std::string job = job_text(command, args);
  status = exit_ok;
  if (!options.emit_jobs.empty()) {
    emit_jobs(options.emit_jobs, job, units);
    std::cerr << "reversi " << command << ": " << units.size() << " work units written to "
              << options.emit_jobs << "\n";
    return std::nullopt;
  }
  if (!options.units.empty() && options.journal.file.empty())
    throw UsageError("--units needs --journal FILE for the results");
  const auto [first, end] = chosen_range(options.units, units.size());

  std::map<std::size_t, std::string> known;
  for (const auto& file : options.merge)
    for (auto& [unit, result] : Journal::read(file, job).done) known[unit] = std::move(result);
  const auto journal = options.journal.open(context.place(), command, args);
  std::vector<std::size_t> todo;
  for (std::size_t i = first; i < end; ++i) {
    if (known.contains(i)) continue;
    if (const std::string* r = journal ? journal->finished(i) : nullptr) {
      known[i] = *r;
      continue;
    }
    if (options.merge.empty()) todo.push_back(i);
  }

  std::size_t handed = 0;
  std::size_t received = 0;
  const bool done = farm(
      context,
      [&]() -> std::optional<std::string> {
        if (handed == todo.size()) return std::nullopt;
        return units[todo[handed++]].task;
      },
      work,
      [&](const std::string& result) {
        const std::size_t unit = todo[received++];
        if (journal) journal->record(unit, result);
        known[unit] = result;
      },
      {.tasks_per_rank = 2,
       .journal = nullptr,
       .stop = stop,
       .journal_file = options.journal.file});
  if (!done) {
    status = exit_interrupted;
    return std::nullopt;
  }
  if (!options.units.empty()) {
    std::cerr << "reversi " << command << ": units " << first << "-" << end - 1 << " of "
              << units.size() << " done (" << todo.size() << " computed) in "
              << options.journal.file << "\n";
    return std::nullopt;
  }
  std::vector<std::size_t> missing;
  for (std::size_t i = 0; i < units.size(); ++i)
    if (!known.contains(i)) missing.push_back(i);
  if (!missing.empty())
    throw UsageError("--merge: " + std::to_string(missing.size()) + " of " +
                     std::to_string(units.size()) + " units have no result in the journals (" +
                     missing_text(missing) + ")");
  std::vector<std::string> results;
  results.reserve(units.size());
  for (auto& [unit, result] : known) results.push_back(std::move(result));
  return results;
}

}  // namespace reversi::cli::cluster
