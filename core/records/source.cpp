#include "core/records/source.hpp"

#include <algorithm>
#include <cstring>

namespace reversi::records {

std::size_t MemorySource::read(char* out, std::size_t n) {
  const std::size_t count = std::min(n, bytes_.size() - at_);
  if (count > 0) std::memcpy(out, bytes_.data() + at_, count);
  at_ += count;
  return count;
}

bool ByteCursor::fill() {
  if (eof_) return false;
  at_ = 0;
  end_ = source_.read(buffer_.data(), buffer_.size());
  if (end_ == 0) eof_ = true;
  return end_ > 0;
}

int ByteCursor::peek() {
  if (at_ == end_ && !fill()) return -1;
  return static_cast<unsigned char>(buffer_[at_]);
}

int ByteCursor::get() {
  const int c = peek();
  if (c < 0) return c;
  ++at_;
  if (c == '\n') ++line_;
  return c;
}

LineReader::LineReader(ByteSource& source, std::size_t max_bytes)
    : cursor_(source), max_bytes_(max_bytes) {}

bool LineReader::next(std::string& line) {
  line.clear();
  too_long_ = false;
  if (cursor_.peek() < 0) return false;
  ++number_;
  int c;
  while ((c = cursor_.get()) >= 0 && c != '\n') {
    if (line.size() < max_bytes_) {
      line += static_cast<char>(c);
    } else {
      too_long_ = true;
    }
  }
  if (!line.empty() && line.back() == '\r') line.pop_back();
  static constexpr std::string_view bom = "\xEF\xBB\xBF";
  if (number_ == 1 && line.starts_with(bom)) line.erase(0, bom.size());
  return true;
}

}  // namespace reversi::records
