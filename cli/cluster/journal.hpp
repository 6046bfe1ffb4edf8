// The journal of a long run: every finished work unit, one JSON line each, appended and flushed
// as it finishes, so that a run killed for any reason restarts with --resume and redoes only
// the units not in it. A line is written with one write() and synced; a line cut short by a kill
// is the last one, and reading drops it (and truncates it away before appending again).
//
//   {"reversi_journal":1,"job":"perft --depth 12 ..."}   the job, checked on --resume
//   {"unit":17,"result":"<hex bytes>"}                     one finished unit
#pragma once

#include <cstdint>
#include <iosfwd>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace reversi::cli::cluster {

class Journal {
 public:
  // Starts FILE afresh for `job`, or with `resume` reads what it holds (an error naming the file
  // when it belongs to another job; a FILE that does not exist yet is started). Throws
  // UsageError on failure.
  Journal(const std::string& file, const std::string& job, bool resume);
  ~Journal();
  Journal(const Journal&) = delete;
  Journal& operator=(const Journal&) = delete;

  // The next unit's number: units are numbered in the order the run creates them.
  std::uint64_t next_unit() { return counter_++; }
  // The result of a unit a previous run finished.
  const std::string* finished(std::uint64_t unit) const;
  void record(std::uint64_t unit, const std::string& result);
  std::size_t resumed_units() const { return done_.size(); }
  const std::string& file() const { return file_; }

  // What a journal holds, without writing to it (--merge); the file's whole lines' length.
  struct Contents {
    std::map<std::uint64_t, std::string> done;
    std::size_t whole_bytes = 0;
  };
  static Contents read(const std::string& file, const std::string& job);
  // The same from a stream; `file` names it in errors.
  static Contents read(std::istream& in, const std::string& file, const std::string& job);

 private:
  std::string file_;
  int fd_ = -1;
  std::uint64_t counter_ = 0;
  std::map<std::uint64_t, std::string> done_;
};

// The journal's job text: the command and its arguments, without the journal options
// themselves, the unit selection, the output file and the thread count, which do not change
// the results.
std::string job_text(const std::string& command, const std::vector<std::string>& args);

std::string to_hex(const std::string& bytes);
std::optional<std::string> from_hex(const std::string& hex);

}  // namespace reversi::cli::cluster
