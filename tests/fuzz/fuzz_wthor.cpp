// WTHOR game files of either size, and the same bytes read as name files.
#include "core/records/wthor.hpp"
#include "fuzz_common.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace reversi;
  const std::string_view input = fuzz::bytes(data, size);
  records::WthorNames names;
  names.players = records::parse_wthor_names(input, records::wthor_player_bytes).names;
  names.tournaments = records::parse_wthor_names(input, records::wthor_tournament_bytes).names;
  for (std::optional<int> expected : {std::optional<int>(), std::optional<int>(8)}) {
    records::MemorySource source(input);
    records::WthorReader reader(source, records::WthorOptions{"fuzz", expected, &names});
    fuzz::drain(reader);
  }
  return 0;
}
