#include "cli/cluster/journal.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <nlohmann/json.hpp>
#include <vector>

#include "cli/common.hpp"

namespace reversi::cli::cluster {

namespace {

constexpr int journal_version = 1;

std::string header_line(const std::string& job) {
  return nlohmann::json{{"reversi_journal", journal_version}, {"job", job}}.dump() + "\n";
}

void write_all(int fd, const std::string& text, const std::string& file) {
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw std::runtime_error("cannot write " + file + ": " + std::strerror(errno));
    done += static_cast<std::size_t>(n);
  }
  ::fdatasync(fd);
}

}  // namespace

std::string to_hex(const std::string& bytes) {
  static constexpr char digits[] = "0123456789abcdef";
  std::string out;
  out.reserve(bytes.size() * 2);
  for (const char c : bytes) {
    const auto b = static_cast<unsigned char>(c);
    out += digits[b >> 4];
    out += digits[b & 15];
  }
  return out;
}

std::optional<std::string> from_hex(const std::string& hex) {
  if (hex.size() % 2 != 0) return std::nullopt;
  auto value = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
  };
  std::string out;
  out.reserve(hex.size() / 2);
  for (std::size_t i = 0; i < hex.size(); i += 2) {
    const int hi = value(hex[i]);
    const int lo = value(hex[i + 1]);
    if (hi < 0 || lo < 0) return std::nullopt;
    out += static_cast<char>(hi * 16 + lo);
  }
  return out;
}

std::string job_text(const std::string& command, const std::vector<std::string>& args) {
  std::string job = command;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--resume") continue;
    bool skip = false;
    for (const char* option :
         {"--journal", "--threads", "--units", "--merge", "--emit-jobs", "--output"}) {
      if (a.starts_with(std::string(option) + "=")) skip = true;
    }
    if (skip) continue;
    if (a == "--journal" || a == "--threads" || a == "--units" || a == "--merge" ||
        a == "--emit-jobs" || a == "--output" || a == "-o") {
      ++i;
      continue;
    }
    job += " " + a;
  }
  return job;
}

Journal::Contents Journal::read(const std::string& file, const std::string& job) {
  std::ifstream in(file);
  if (!in) throw UsageError("cannot read the journal " + file);
  return read(in, file, job);
}

Journal::Contents Journal::read(std::istream& in, const std::string& file, const std::string& job) {
  std::string line;
  if (!std::getline(in, line)) throw UsageError(file + " is empty, not a journal");
  const auto header = nlohmann::json::parse(line, nullptr, false);
  if (header.is_discarded() || !header.contains("job") || header["job"] != job)
    throw UsageError(file + " is the journal of another job (" +
                     (header.is_discarded() || !header.contains("job")
                          ? std::string("unreadable header")
                          : header["job"].dump()) +
                     "), not of: " + job);
  // Appending after a header without its line end would join the two lines.
  if (in.eof()) throw UsageError(file + ": the journal's header line has no line end (cut short)");
  Contents c;
  c.whole_bytes = line.size() + 1;
  while (std::getline(in, line)) {
    if (in.eof()) break;  // no line end: a line cut short by a kill
    const auto entry = nlohmann::json::parse(line, nullptr, false);
    // A line that is not a unit's is where the journal stops being trusted, as a cut one.
    if (entry.is_discarded() || !entry.contains("unit") || !entry["unit"].is_number_unsigned() ||
        !entry.contains("result") || !entry["result"].is_string())
      break;
    const auto result = from_hex(entry["result"].get<std::string>());
    if (!result) break;
    c.done[entry["unit"].get<std::uint64_t>()] = *result;
    c.whole_bytes += line.size() + 1;
  }
  return c;
}

Journal::Journal(const std::string& file, const std::string& job, bool resume) : file_(file) {
  off_t keep = 0;
  // --resume before any journal exists (a batch script's first run) starts one.
  if (resume && ::access(file.c_str(), F_OK) != 0) resume = false;
  if (resume) {
    Contents c = read(file, job);
    done_ = std::move(c.done);
    keep = static_cast<off_t>(c.whole_bytes);
  }
  fd_ = ::open(file.c_str(), O_WRONLY | O_CREAT | (resume ? 0 : O_TRUNC), 0644);
  if (fd_ < 0) throw UsageError("cannot write the journal " + file + ": " + std::strerror(errno));
  if (resume) {
    // Whatever follows the last whole line was cut short: drop it before appending.
    if (::ftruncate(fd_, keep) != 0 || ::lseek(fd_, keep, SEEK_SET) < 0)
      throw UsageError("cannot write the journal " + file + ": " + std::strerror(errno));
  } else {
    write_all(fd_, header_line(job), file_);
  }
}

Journal::~Journal() {
  if (fd_ >= 0) ::close(fd_);
}

const std::string* Journal::finished(std::uint64_t unit) const {
  const auto it = done_.find(unit);
  return it == done_.end() ? nullptr : &it->second;
}

void Journal::record(std::uint64_t unit, const std::string& result) {
  const std::string line = nlohmann::json{{"unit", unit}, {"result", to_hex(result)}}.dump() + "\n";
  write_all(fd_, line, file_);
}

}  // namespace reversi::cli::cluster
