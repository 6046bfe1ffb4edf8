#include "analysis/eval/shipped.hpp"

// The bytes come from assembler .incbin's of the paths CMake gives; the files' SHA-256 are part of
// the command line (REVERSI_WEIGHTS_SHA256 and the 6x6 ones), so a compiler cache never serves
// stale weights.
#if !defined(REVERSI_WEIGHTS_FILE) || !defined(REVERSI_WEIGHTS_SHA256) ||         \
    !defined(REVERSI_WEIGHTS_6X6_FILE) || !defined(REVERSI_WEIGHTS_6X6_SHA256) || \
    !defined(REVERSI_WEIGHTS_6X6_ANTI_FILE) || !defined(REVERSI_WEIGHTS_6X6_ANTI_SHA256)
#error "REVERSI_WEIGHTS_FILE, REVERSI_WEIGHTS_6X6(_ANTI)_FILE and their SHA256 must be defined"
#endif

// NOLINTBEGIN: the embedding is one assembler block; the symbols are read only through the API
#define REVERSI_EMBED(symbol, file)   \
  ".balign 16\n"                      \
  ".global " symbol "_begin\n" symbol \
  "_begin:\n"                         \
  ".incbin \"" file                   \
  "\"\n"                              \
  ".global " symbol "_end\n" symbol   \
  "_end:\n"                           \
  ".byte 0\n"
asm(".section .rodata\n" REVERSI_EMBED("reversi_weights", REVERSI_WEIGHTS_FILE)
        REVERSI_EMBED("reversi_weights_6x6", REVERSI_WEIGHTS_6X6_FILE)
            REVERSI_EMBED("reversi_weights_6x6_anti", REVERSI_WEIGHTS_6X6_ANTI_FILE) ".previous\n");
#undef REVERSI_EMBED
extern "C" const char reversi_weights_begin[];
extern "C" const char reversi_weights_end[];
extern "C" const char reversi_weights_6x6_begin[];
extern "C" const char reversi_weights_6x6_end[];
extern "C" const char reversi_weights_6x6_anti_begin[];
extern "C" const char reversi_weights_6x6_anti_end[];
// NOLINTEND

namespace reversi::eval {

namespace {

std::string_view between(const char* begin, const char* end) {
  return {begin, static_cast<std::size_t>(end - begin)};
}

}  // namespace

std::string_view shipped_weights_bytes() {
  return between(reversi_weights_begin, reversi_weights_end);
}

std::string_view shipped_weights_bytes(WeightsGame game) {
  switch (game) {
    case WeightsGame::standard_6x6:
      return between(reversi_weights_6x6_begin, reversi_weights_6x6_end);
    case WeightsGame::anti_6x6:
      return between(reversi_weights_6x6_anti_begin, reversi_weights_6x6_anti_end);
    case WeightsGame::standard_8x8:
      break;
  }
  return shipped_weights_bytes();
}

std::string shipped_weights_path(WeightsGame game) {
  switch (game) {
    case WeightsGame::standard_6x6:
      return "data/eval/weights-6x6.bin";
    case WeightsGame::anti_6x6:
      return "data/eval/weights-6x6-anti.bin";
    case WeightsGame::standard_8x8:
      break;
  }
  return "data/eval/weights-8x8.bin";
}

std::string_view shipped_weights_sha256() {
  return REVERSI_WEIGHTS_SHA256;
}

const PatternEvaluator& shipped_evaluator() {
  return shipped_evaluator(WeightsGame::standard_8x8);
}

const PatternEvaluator& shipped_evaluator(WeightsGame game) {
  // Built once each, then only read: safe to share between threads.
  const auto build = [](WeightsGame g) {
    return PatternEvaluator(view_weights(shipped_weights_bytes(g),
                                         "built into this binary (" + shipped_weights_path(g) + ")",
                                         g, Checksum::trust));
  };
  switch (game) {
    case WeightsGame::standard_6x6: {
      static const PatternEvaluator six = build(WeightsGame::standard_6x6);
      return six;
    }
    case WeightsGame::anti_6x6: {
      static const PatternEvaluator six_anti = build(WeightsGame::anti_6x6);
      return six_anti;
    }
    case WeightsGame::standard_8x8:
      break;
  }
  static const PatternEvaluator eight = build(WeightsGame::standard_8x8);
  return eight;
}

std::shared_ptr<const PatternEvaluator> load_evaluator(const std::string& path) {
  return std::make_shared<const PatternEvaluator>(read_weights_file(path));
}

}  // namespace reversi::eval
