// GGF files: archive lines, synchro pairs, any property soup.
#include "core/records/ggf.hpp"
#include "fuzz_common.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace reversi;
  records::MemorySource source(fuzz::bytes(data, size));
  records::GgfReader reader(source, "fuzz");
  fuzz::drain(reader);
  return 0;
}
