// The reversi command: dispatches to the subcommands of cli/subcommands.hpp (cli/commands/).
#include <algorithm>
#include <exception>
#include <iostream>
#include <new>
#include <string>

#include "cli/common.hpp"
#include "cli/subcommands.hpp"
#ifdef REVERSI_MPI
#include "cli/mpi/session.hpp"
#endif

namespace {

void print_help() {
  std::cout << "reversi " << reversi::cli::version()
            << ": analyse Reversi (Othello) games and solve its puzzles\n\n"
               "Usage: reversi SUBCOMMAND [OPTIONS]\n       reversi SUBCOMMAND --help\n\n"
               "Subcommands:\n";
  for (const auto& s : reversi::cli::subcommands())
    std::cout << "  " << s.name
              << std::string(std::max<std::size_t>(1, 14 - std::string(s.name).size()), ' ')
              << s.summary << "\n";
  std::cout << "\nExit status: 0 success, 1 a bad record or position, 2 bad usage or unreadable "
               "input.\n";
}

// An exception's text on one line, so that every error stays one line of stderr.
std::string one_line(std::string text) {
  for (char& c : text)
    if (c == '\n' || c == '\r') c = ' ';
  return text;
}

int run(const std::vector<std::string>& all, const reversi::cli::cluster::Context& context) {
  using namespace reversi::cli;
  if (all.empty()) {
    print_help();
    return exit_usage;
  }
  const std::string& first = all.front();
  if (first == "--help" || first == "-h" || first == "help") {
    print_help();
    return exit_ok;
  }
  if (first == "--version" || first == "-V") {
    std::cout << "reversi " << version() << "\n";
    return exit_ok;
  }
  for (const auto& s : subcommands()) {
    if (first != s.name) continue;
    try {
      return s.run(std::vector<std::string>(all.begin() + 1, all.end()), context);
    } catch (const UsageError& e) {
      std::cerr << "reversi " << s.name << ": " << e.what() << "\n";
      return exit_usage;
    } catch (const std::bad_alloc& e) {
      const std::string what = e.what();
      std::cerr << "reversi " << s.name << ": "
                << (what == std::bad_alloc().what() ? std::string("out of memory") : what)
                << " (a smaller --hash-mb or fewer --threads may fit)\n";
      return exit_usage;
    } catch (const std::exception& e) {
      std::cerr << "reversi " << s.name << ": error: " << one_line(e.what()) << "\n";
      return exit_usage;
    }
  }
  std::cerr << "reversi: unknown subcommand '" << first << "' (see 'reversi --help')\n";
  return exit_usage;
}

}  // namespace

int main(int argc, char** argv) {
#ifdef REVERSI_MPI
  // Under mpirun or srun (docs/cluster.md); alone, the binary runs as the plain build does.
  reversi::cli::mpi::Session session(argc, argv);
  return session.end(run(std::vector<std::string>(argv + 1, argv + argc), session.context()));
#else
  return run(std::vector<std::string>(argv + 1, argv + argc), reversi::cli::cluster::Context{});
#endif
}
