// NBoard sessions: every input line goes to one session, as `reversi nboard` hands them over.
// The searches stay small (a 1 MB table, depth 2 and at most 4, exact at 8 empties or fewer, and
// lines after the fourth that may search are not passed on) so that each input runs fast.
#include <string>
#include <vector>

#include "cli/nboard/session.hpp"
#include "fuzz_common.hpp"

namespace {

constexpr int max_searches = 4;

// Whether handing the line over could start one search too many.
bool too_slow(std::string_view line, int& searches) {
  const bool search = line.find("go") != std::string_view::npos ||
                      line.find("hint") != std::string_view::npos ||
                      line.find("analyze") != std::string_view::npos;
  return search && ++searches > max_searches;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace reversi;
  cli::NboardSettings settings;
  settings.hash_mb = 1;
  settings.depth = 2;
  settings.max_depth = 4;
  settings.exact_empties = 8;
  cli::NboardSession session(settings);
  std::string_view input = fuzz::bytes(data, size);
  std::vector<std::string> out;
  int searches = 0;
  while (!input.empty()) {
    const auto eol = input.find('\n');
    const std::string_view line = input.substr(0, eol);
    input = eol == std::string_view::npos ? std::string_view() : input.substr(eol + 1);
    if (too_slow(line, searches)) continue;
    out.clear();
    const bool more = session.handle(line, out);
    // Every answer is one protocol line, and the session's position is always a legal one.
    for (const auto& answer : out)
      if (answer.find('\n') != std::string::npos) __builtin_trap();
    if (!session.rules().is_valid(session.position())) __builtin_trap();
    if (!more) break;
  }
  return 0;
}
