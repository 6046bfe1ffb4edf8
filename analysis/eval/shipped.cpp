#include "analysis/eval/shipped.hpp"

// The bytes come from an assembler .incbin of the path CMake gives; the file's SHA-256 is part of
// the command line (REVERSI_WEIGHTS_SHA256), so a compiler cache never serves stale weights.
#if !defined(REVERSI_WEIGHTS_FILE) || !defined(REVERSI_WEIGHTS_SHA256)
#error "REVERSI_WEIGHTS_FILE and REVERSI_WEIGHTS_SHA256 must be defined by the build"
#endif

// NOLINTBEGIN: the embedding is one assembler block; the symbols are read only through the API
asm(".section .rodata\n"
    ".balign 16\n"
    ".global reversi_weights_begin\n"
    "reversi_weights_begin:\n"
    ".incbin \"" REVERSI_WEIGHTS_FILE
    "\"\n"
    ".global reversi_weights_end\n"
    "reversi_weights_end:\n"
    ".byte 0\n"
    ".previous\n");
extern "C" const char reversi_weights_begin[];
extern "C" const char reversi_weights_end[];
// NOLINTEND

namespace reversi::eval {

std::string_view shipped_weights_bytes() {
  return {reversi_weights_begin,
          static_cast<std::size_t>(reversi_weights_end - reversi_weights_begin)};
}

std::string_view shipped_weights_sha256() {
  return REVERSI_WEIGHTS_SHA256;
}

const PatternEvaluator& shipped_evaluator() {
  // Built once, then only read: safe to share between threads.
  static const PatternEvaluator evaluator(
      parse_weights(shipped_weights_bytes(), "built into this binary (data/eval/weights-8x8.bin)"));
  return evaluator;
}

std::shared_ptr<const PatternEvaluator> load_evaluator(const std::string& path) {
  return std::make_shared<const PatternEvaluator>(read_weights_file(path));
}

}  // namespace reversi::eval
