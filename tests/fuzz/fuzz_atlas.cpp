// Atlas tables, as `atlas --resume` and `atlas --check` read them. A table that reads must write
// back (JSON and Markdown) and read back the same, as --resume does with every table it extends.
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "cli/output/atlas.hpp"
#include "fuzz_common.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace reversi;
  cli::AtlasTable table;
  try {
    table = cli::read_atlas(nlohmann::json::parse(fuzz::bytes(data, size)));
  } catch (const std::exception&) {
    return 0;  // read_table turns any of these into one line naming the file
  }
  const nlohmann::json written = cli::atlas_json(table);
  (void)cli::atlas_markdown(table);
  const cli::AtlasTable again = cli::read_atlas(nlohmann::json::parse(written.dump()));
  if (cli::atlas_json(again) != written) __builtin_trap();
  return 0;
}
