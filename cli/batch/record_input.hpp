// Opening record inputs: files or standard input, format detection, WTHOR name files.
// Only cli/ opens files; core parsers see a ByteSource.
#pragma once

#include <cstdint>
#include <cstdio>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

#include "cli/common.hpp"
#include "core/records/reader.hpp"
#include "core/records/record.hpp"
#include "core/records/source.hpp"
#include "core/records/wthor.hpp"

namespace reversi::cli {

// A file, folder or standard input that cannot be opened or read: exit status 2, like bad usage,
// so that a command that does not catch it still ends with its one line.
struct UnreadableInput : UsageError {
  using UsageError::UsageError;
};

// Reads a FILE*, first replaying the bytes already taken for format detection.
class FileSource : public records::ByteSource {
 public:
  FileSource(std::FILE* file, bool owned, std::string head);
  ~FileSource() override;
  FileSource(const FileSource&) = delete;
  FileSource& operator=(const FileSource&) = delete;
  std::size_t read(char* out, std::size_t n) override;
  bool failed() const { return failed_; }
  // Bytes handed to the reader so far: how far through the input it is.
  std::uint64_t bytes_read() const { return bytes_read_; }

 private:
  std::FILE* file_;
  bool owned_;
  std::string head_;
  std::size_t head_at_ = 0;
  bool failed_ = false;
  std::uint64_t bytes_read_ = 0;
};

struct InputOptions {
  std::optional<records::Format> format;  // --format; detected when absent
  Rules rules;                            // for formats without rules of their own
  std::string players_file;               // --players: a WTHOR.JOU
  std::string tournaments_file;           // --tournaments: a WTHOR.TRN
};

// One opened input with its reader.
struct Input {
  std::string name;
  records::Format format = records::Format::moves;
  std::unique_ptr<FileSource> source;
  std::unique_ptr<records::WthorNames> names;
  std::unique_ptr<records::GameReader> reader;
  std::string warning;  // e.g. a WTHOR names file that could not be read
};

// Opens `path` ("-" for standard input) and picks its reader. Throws UnreadableInput, also for
// a folder (expand_record_inputs keeps only the folders it found nothing to read in).
Input open_input(const std::string& path, const InputOptions& options);

// The one input expansion of every command that reads records: the paths named on the command
// line, in order; a folder stands for the record files in it (extensions naming a record format,
// and .txt move lists; not WTHOR.JOU or notes), by name, not recursing. A folder with no record
// file, or one that cannot be listed, stays as it is, so that opening it says why.
std::vector<std::string> expand_record_inputs(const std::vector<std::string>& paths);

// Why a folder left by expand_record_inputs is not read: it cannot be listed, or holds no record
// file.
UnreadableInput unreadable_folder(const std::string& path);

// The whole of a small file (WTHOR name files); throws UnreadableInput.
std::string read_small_file(const std::string& path);
// The whole of an input: a file, or standard input for "-"; throws UnreadableInput.
std::string read_whole_input(const std::string& path);

}  // namespace reversi::cli
