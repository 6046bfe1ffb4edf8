// The games the benchmarks over real records use.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/records/reader.hpp"
#include "core/records/record.hpp"
#include "core/records/wthor.hpp"

namespace reversi::cli {

// The first `wanted` games that replay to the end of the game, in input order, of a file, a folder
// (expand_record_inputs) or "-".
std::vector<records::GameRecord> complete_games(const std::string& path, int wanted);

// A record file read into memory before the timing starts, so that a timed pass reads no disk.
struct LoadedFile {
  std::string path;
  std::string bytes;
  records::Format format = records::Format::moves;
  records::WthorNames names;  // WTHOR.JOU and WTHOR.TRN beside a WTHOR file; empty otherwise
};

// Every record file of `paths` (directories expanded) read into memory, its format detected;
// throws UnreadableInput, and UsageError for JSON, which the benchmarks do not read.
std::vector<LoadedFile> load_files(const std::vector<std::string>& paths);

// load_files, or nullopt once stderr says which file could not be read ("reversi bench NAME: ...").
std::optional<std::vector<LoadedFile>> load_files_or_report(const std::string& bench,
                                                            const std::vector<std::string>& paths);

// The fastest of `repeat` timed passes (anything with `seconds`): the one least disturbed.
template <class RunPass>
auto best_of(int repeat, const RunPass& run_pass) {
  auto best = run_pass();
  for (int i = 1; i < repeat; ++i) {
    auto p = run_pass();
    if (p.seconds < best.seconds) best = std::move(p);
  }
  return best;
}

// What a reader of `file`'s bytes needs: its name, its WTHOR names and size, the rules.
records::ReaderOptions reader_options(const LoadedFile& file, const Rules& rules);

}  // namespace reversi::cli
