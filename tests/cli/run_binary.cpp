#include "cli/run_binary.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

namespace reversi::testing {

std::optional<int> wait_for_exit(pid_t pid, std::chrono::seconds limit) {
  const auto deadline = std::chrono::steady_clock::now() + limit;
  int status = 0;
  while (waitpid(pid, &status, WNOHANG) == 0) {
    if (std::chrono::steady_clock::now() > deadline) {
      kill(pid, SIGKILL);
      waitpid(pid, &status, 0);
      return std::nullopt;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return status;
}

bool wait_for_guard(pid_t pid, std::chrono::seconds limit) {
  const auto deadline = std::chrono::steady_clock::now() + limit;
  const std::string status_file = "/proc/" + std::to_string(pid) + "/status";
  const unsigned long long wanted = (1ULL << (SIGINT - 1)) | (1ULL << (SIGTERM - 1));
  while (std::chrono::steady_clock::now() < deadline) {
    std::ifstream in(status_file);
    bool zombie = false;
    for (std::string line; std::getline(in, line);) {
      if (line.starts_with("State:") && line.find('Z') != std::string::npos) zombie = true;
      if (line.starts_with("SigBlk:")) {
        const unsigned long long blocked = std::stoull(line.substr(7), nullptr, 16);
        if ((blocked & wanted) == wanted) return true;
      }
    }
    if (!in.is_open() && !std::filesystem::exists(status_file)) return false;
    if (zombie) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return false;
}

CommandResult run_reversi(const std::string& args, const std::string& input) {
  namespace fs = std::filesystem;
  char pattern[] = "/tmp/reversi-e2e-XXXXXX";
  const char* dir_name = mkdtemp(pattern);
  if (dir_name == nullptr) return {};
  const fs::path dir(dir_name);
  { std::ofstream(dir / "in", std::ios::binary) << input; }
  const std::string command = std::string("'") + REVERSI_BINARY + "' " + args + " <'" +
                              (dir / "in").string() + "' >'" + (dir / "out").string() + "' 2>'" +
                              (dir / "err").string() + "'";
  const int raw = std::system(command.c_str());
  CommandResult r;
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : 128 + WTERMSIG(raw);
  r.out = slurp(dir / "out");
  r.err = slurp(dir / "err");
  fs::remove_all(dir);
  return r;
}

std::string shared_data(const std::string& relative) {
  const std::string root = REVERSI_SHARED_DATA;
  if (root.empty())
    throw std::runtime_error("a [shared] test needs the CMake cache variable REVERSI_SHARED_DATA");
  const std::filesystem::path p = std::filesystem::path(root) / relative;
  if (!std::filesystem::exists(p)) throw std::runtime_error(p.string() + " is absent");
  return p.string();
}

std::string ffo_suite(const std::string& file) {
  return (std::filesystem::path(REVERSI_SOURCE_DIR) / "data" / "ffo" / file).string();
}

TempDir::TempDir() {
  char pattern[] = "/tmp/reversi-test-XXXXXX";
  const char* made = mkdtemp(pattern);
  if (made == nullptr) throw std::runtime_error("cannot make a folder under /tmp");
  path = made;
}

TempDir::~TempDir() {
  std::error_code ec;
  std::filesystem::remove_all(path, ec);
}

std::string quoted(const std::filesystem::path& p) {
  return "'" + p.string() + "'";
}

std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace reversi::testing
