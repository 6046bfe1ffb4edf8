// OBF lines and board strings: the first byte picks the format and the board size.
#include "core/records/position.hpp"
#include "fuzz_common.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace reversi;
  if (size == 0) return 0;
  const int board = Geometry::supported_sizes[data[0] % Geometry::supported_sizes.size()];
  const auto format = data[0] & 4 ? records::Format::board : records::Format::obf;
  records::MemorySource source(fuzz::bytes(data + 1, size - 1));
  records::PositionReader reader(source, format, Rules(board), "fuzz");
  fuzz::drain(reader);
  return 0;
}
