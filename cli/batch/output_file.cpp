#include "cli/batch/output_file.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <stdexcept>

#include "cli/common.hpp"
#include "cli/signals.hpp"

namespace reversi::cli {

namespace fs = std::filesystem;

OutputFile::OutputFile(const std::string& path) : path_(path) {
  if (path_.empty()) {
    stream_ = stdout;
    return;
  }
  const fs::path target(path_);
  std::error_code ec;
  if (fs::exists(target, ec) && !fs::is_regular_file(target, ec)) {
    // A device or a pipe (/dev/null, a FIFO): nothing to rename, write straight to it.
    stream_ = std::fopen(path_.c_str(), "w");
    if (stream_ == nullptr) throw UsageError("cannot write " + path_ + ": " + std::strerror(errno));
    direct_ = true;
    return;
  }
  const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
  std::string pattern = (dir / (target.filename().string() + ".tmp-XXXXXX")).string();
  const int fd = mkstemp(pattern.data());
  if (fd < 0) throw UsageError("cannot write " + path_ + ": " + std::strerror(errno));
  temp_ = pattern;
  add_pending_file(temp_);
  // mkstemp makes the file private; give it the mode a plain new file would have.
  const mode_t mask = umask(0);
  umask(mask);
  fchmod(fd, static_cast<mode_t>(0666 & ~mask));
  stream_ = fdopen(fd, "w");
  if (stream_ == nullptr) {
    ::close(fd);
    std::remove(temp_.c_str());
    throw UsageError("cannot write " + path_ + ": " + std::strerror(errno));
  }
}

bool OutputFile::commit() {
  if (!to_file()) return std::fflush(stdout) == 0;
  if (direct_) {
    const bool closed = std::fclose(stream_) == 0;
    stream_ = nullptr;
    return closed;
  }
  const bool flushed = std::fflush(stream_) == 0 && fsync(fileno(stream_)) == 0;
  const bool closed = std::fclose(stream_) == 0;
  stream_ = nullptr;
  const bool renamed = flushed && closed && std::rename(temp_.c_str(), path_.c_str()) == 0;
  if (!renamed) std::remove(temp_.c_str());
  remove_pending_file(temp_);
  temp_.clear();
  return renamed;
}

void OutputFile::discard() {
  if (direct_ && stream_ != nullptr) {
    std::fclose(stream_);
    stream_ = nullptr;
  }
  if (!to_file() || temp_.empty()) return;
  if (stream_ != nullptr) std::fclose(stream_);
  stream_ = nullptr;
  std::remove(temp_.c_str());
  remove_pending_file(temp_);
  temp_.clear();
}

void write_file_atomically(const std::string& path, const std::string& content) {
  OutputFile out(path);
  const bool written =
      std::fwrite(content.data(), 1, content.size(), out.stream()) == content.size();
  if (!written || !out.commit())
    throw std::runtime_error("cannot write " + path + ": " + std::strerror(errno));
}

}  // namespace reversi::cli
