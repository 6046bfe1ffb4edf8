#include "cli/output/write_file.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <stdexcept>

namespace reversi::cli {

namespace {

namespace fs = std::filesystem;

std::runtime_error failure(const std::string& path) {
  return std::runtime_error("cannot write " + path + ": " + std::strerror(errno));
}

bool write_all(int fd, const std::string& content) {
  std::size_t done = 0;
  while (done < content.size()) {
    const ssize_t n = ::write(fd, content.data() + done, content.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    done += static_cast<std::size_t>(n);
  }
  return true;
}

}  // namespace

void write_file_atomically(const std::string& path, const std::string& content) {
  const fs::path target(path);
  std::error_code ec;
  if (fs::exists(target, ec) && !fs::is_regular_file(target, ec)) {
    std::FILE* f = std::fopen(path.c_str(), "w");
    if (f == nullptr) throw failure(path);
    const bool ok = std::fwrite(content.data(), 1, content.size(), f) == content.size();
    if (std::fclose(f) != 0 || !ok) throw failure(path);
    return;
  }
  const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
  std::string temp = (dir / (target.filename().string() + ".tmp-XXXXXX")).string();
  const int fd = mkstemp(temp.data());
  if (fd < 0) throw failure(path);
  // mkstemp makes the file private; give it the mode a plain new file would have.
  const mode_t mask = umask(0);
  umask(mask);
  fchmod(fd, static_cast<mode_t>(0666 & ~mask));
  const bool written = write_all(fd, content) && fsync(fd) == 0;
  const int saved = errno;
  const bool closed = ::close(fd) == 0;
  if (!written || !closed || std::rename(temp.c_str(), path.c_str()) != 0) {
    if (!written) errno = saved;
    const auto error = failure(path);
    std::remove(temp.c_str());
    throw error;
  }
}

}  // namespace reversi::cli
