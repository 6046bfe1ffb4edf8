// One entry point for every core format's streaming reader.
#pragma once

#include <memory>

#include "core/records/record.hpp"
#include "core/records/source.hpp"
#include "core/records/wthor.hpp"

namespace reversi::records {

struct ReaderOptions {
  std::string file;  // for source locations
  // Rules for formats that do not state their own (move lists, OBF, board strings).
  Rules rules;
  std::optional<int> wthor_size;      // the size a WTHOR file's name promises
  const WthorNames* names = nullptr;  // WTHOR player and tournament names; may be null
};

// A reader for `format` over `source`; `json` is not a core format and gives nullptr.
std::unique_ptr<GameReader> make_reader(Format format, ByteSource& source,
                                        const ReaderOptions& options);

}  // namespace reversi::records
