// A batch command's output file and the signals that must not leave it half-written.
#pragma once

#include <cstdio>
#include <string>

namespace reversi::cli {

// The output: standard output, or a temporary file beside FILE renamed onto it at the end, so
// that FILE is never left half-written by Ctrl-C or a crash.
// Writes `content` whole to `path` through an OutputFile; throws naming the file on failure.
void write_file_atomically(const std::string& path, const std::string& content);

class OutputFile {
 public:
  explicit OutputFile(const std::string& path);
  ~OutputFile() { discard(); }
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;

  std::FILE* stream() const { return stream_; }
  bool to_file() const { return !path_.empty(); }

  // Moves the finished temporary file onto the target; false (with errno) on failure.
  bool commit();

  void discard();

 private:
  std::string path_;
  std::string temp_;
  std::FILE* stream_ = nullptr;
  bool direct_ = false;  // writing to a device or pipe, not through a temporary file
};

}  // namespace reversi::cli
