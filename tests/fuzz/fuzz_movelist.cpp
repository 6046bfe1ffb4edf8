// Move lists: the first byte picks the board size, the rest is the file.
#include "core/records/movelist.hpp"
#include "fuzz_common.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace reversi;
  if (size == 0) return 0;
  const int board = Geometry::supported_sizes[data[0] % Geometry::supported_sizes.size()];
  const Rules rules(board, data[0] & 4 ? Start::free : Start::standard);
  records::MemorySource source(fuzz::bytes(data + 1, size - 1));
  records::MoveListReader reader(source, rules, "fuzz");
  fuzz::drain(reader);
  return 0;
}
