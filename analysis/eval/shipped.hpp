// The weights that ship inside the binary (data/eval/weights-8x8.bin, embedded at build time),
// so that `reversi` evaluates the same from any folder and after `cmake --install`.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "analysis/eval/pattern_eval.hpp"
#include "analysis/eval/weights.hpp"

namespace reversi::eval {

// The embedded file's bytes, exactly as committed.
std::string_view shipped_weights_bytes();

// The SHA-256 of the embedded file, as hex: which weights this binary carries.
std::string_view shipped_weights_sha256();

// The shipped evaluator, checked (magic, version, layout, size, checksum) and built on first use;
// throws WeightsError when the embedded file is unusable, never falls back to anything weaker.
const PatternEvaluator& shipped_evaluator();

// An evaluator from a weights file given by the user (throws WeightsError naming the file).
std::shared_ptr<const PatternEvaluator> load_evaluator(const std::string& path);

}  // namespace reversi::eval
