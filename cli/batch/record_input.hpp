// Opening record inputs: files or standard input, format detection, WTHOR name files.
// Only cli/ opens files; core parsers see a ByteSource.
#pragma once

#include <cstdint>
#include <cstdio>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

#include "core/records/reader.hpp"
#include "core/records/record.hpp"
#include "core/records/source.hpp"
#include "core/records/wthor.hpp"

namespace reversi::cli {

// A file or standard input that cannot be opened or read: exit status 2.
struct UnreadableInput : std::runtime_error {
  using std::runtime_error::runtime_error;
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

// Opens `path` ("-" for standard input) and picks its reader. Throws UnreadableInput.
Input open_input(const std::string& path, const InputOptions& options);

// Files named on the command line, in order; a directory stands for the record files in it
// (extensions naming a record format, and .txt move lists; not WTHOR.JOU or notes), by name.
std::vector<std::string> expand_record_inputs(const std::vector<std::string>& paths);

// The whole of a small file (WTHOR name files); throws UnreadableInput.
std::string read_small_file(const std::string& path);

}  // namespace reversi::cli
