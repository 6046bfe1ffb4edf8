#include "core/records/reader.hpp"

#include "core/records/ggf.hpp"
#include "core/records/movelist.hpp"
#include "core/records/position.hpp"

namespace reversi::records {

std::unique_ptr<GameReader> make_reader(Format format, ByteSource& source,
                                        const ReaderOptions& options) {
  switch (format) {
    case Format::moves:
      return std::make_unique<MoveListReader>(source, options.rules, options.file);
    case Format::ggf:
      return std::make_unique<GgfReader>(source, options.file);
    case Format::wthor:
      return std::make_unique<WthorReader>(
          source, WthorOptions{options.file, options.wthor_size, options.names});
    case Format::obf:
    case Format::board:
      return std::make_unique<PositionReader>(source, format, options.rules, options.file);
    case Format::json:
      return nullptr;
  }
  return nullptr;
}

}  // namespace reversi::records
