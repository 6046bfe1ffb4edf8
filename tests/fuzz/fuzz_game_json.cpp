// The toolkit's JSON game records: every game read is written back and must read back the same.
#include "fuzz_common.hpp"
#include "json/game_record.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace reversi;
  records::MemorySource source(fuzz::bytes(data, size));
  json_record::JsonGameReader reader(source, "fuzz");
  for (int guard = 0; guard < 1 << 20; ++guard) {
    const auto game = reader.next();
    if (!game) return 0;
    const auto v = records::validate(*game);
    const auto written = json_record::game_json(*game, v);
    (void)json_record::dump_json(written);
    if (game->error) continue;
    const auto again = json_record::game_from_json(written, game->record.source);
    if (again.error || again.record.moves.size() != game->record.moves.size() ||
        !(again.record.start == game->record.start) ||
        !(again.record.rules == game->record.rules) || !(again.record.meta == game->record.meta))
      __builtin_trap();
  }
  __builtin_trap();
}
