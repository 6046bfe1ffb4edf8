// The cluster journal, as --resume and --merge read it: against a fixed job and against the job
// its own header names. Only UsageError may come out, and only whole lines are counted as kept.
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "cli/cluster/journal.hpp"
#include "cli/common.hpp"
#include "fuzz_common.hpp"

namespace {

void read_as(const std::string& text, const std::string& job) {
  using reversi::cli::cluster::Journal;
  std::istringstream in(text);
  try {
    const Journal::Contents c = Journal::read(in, "fuzz", job);
    // --resume truncates the file to whole_bytes before appending: never beyond its end, and
    // always just after a line end.
    if (c.whole_bytes > text.size() || text[c.whole_bytes - 1] != '\n') __builtin_trap();
  } catch (const reversi::cli::UsageError&) {
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace reversi;
  const std::string text(fuzz::bytes(data, size));
  read_as(text, "perft --depth 9");
  const auto header = nlohmann::json::parse(text.substr(0, text.find('\n')), nullptr, false);
  if (header.is_object() && header.contains("job") && header["job"].is_string())
    read_as(text, header["job"].get<std::string>());
  return 0;
}
