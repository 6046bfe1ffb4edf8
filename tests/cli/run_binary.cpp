#include "cli/run_binary.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace reversi::testing {

namespace {

std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

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

}  // namespace reversi::testing
