// `reversi report`'s input (annotate output: JSON Lines, a --json document or an array of games),
// then the page from what was read. A bad line or game is a problem listed, never an exception.
#include <string>

#include "cli/commands/report_input.hpp"
#include "fuzz_common.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace reversi;
  cli::ReportInput input;
  cli::read_annotate_output(std::string(fuzz::bytes(data, size)), "fuzz", input);
  if (input.not_annotate > static_cast<long>(input.problems.size())) __builtin_trap();
  (void)cli::report_html(input.games, input.problems, "fuzz");
  return 0;
}
