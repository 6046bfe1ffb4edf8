// Byte sources: parsers pull bytes through this interface, so core never opens a file.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace reversi::records {

class ByteSource {
 public:
  virtual ~ByteSource() = default;
  // Reads up to `n` bytes into `out`; returns 0 only at the end of the input.
  virtual std::size_t read(char* out, std::size_t n) = 0;
};

// A source over bytes already in memory (tests, fuzzers, small inputs).
class MemorySource : public ByteSource {
 public:
  explicit MemorySource(std::string_view bytes) : bytes_(bytes) {}
  std::size_t read(char* out, std::size_t n) override;

 private:
  std::string_view bytes_;
  std::size_t at_ = 0;
};

// Buffered single-byte access over a source, counting lines.
class ByteCursor {
 public:
  explicit ByteCursor(ByteSource& source) : source_(source) {}
  // The next byte without consuming it; -1 at the end.
  int peek();
  int get();
  int line() const { return line_; }

 private:
  bool fill();
  static constexpr std::size_t buffer_size = 1 << 16;
  ByteSource& source_;
  std::string buffer_ = std::string(buffer_size, '\0');
  std::size_t at_ = 0;
  std::size_t end_ = 0;
  int line_ = 1;
  bool eof_ = false;
};

// Lines of a text input with their numbers; "\r\n" and a final line without "\n" handled, a UTF-8
// byte-order mark at the start dropped. Lines longer than the limit are cut and flagged.
class LineReader {
 public:
  explicit LineReader(ByteSource& source, std::size_t max_bytes);
  // False at the end of the input.
  bool next(std::string& line);
  int number() const { return number_; }
  bool too_long() const { return too_long_; }

 private:
  ByteCursor cursor_;
  std::size_t max_bytes_;
  int number_ = 0;
  bool too_long_ = false;
};

}  // namespace reversi::records
