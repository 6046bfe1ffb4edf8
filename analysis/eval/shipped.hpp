// The weights that ship inside the binary (data/eval/weights-8x8.bin, weights-6x6.bin and
// weights-6x6-anti.bin, embedded at build time), so that `reversi` evaluates the same from any
// folder and after `cmake --install`.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "analysis/eval/pattern_eval.hpp"
#include "analysis/eval/weights.hpp"

namespace reversi::eval {

// The embedded 8x8 file's bytes, exactly as committed.
std::string_view shipped_weights_bytes();
// The embedded file of a game's weights, exactly as committed.
std::string_view shipped_weights_bytes(WeightsGame game);
// The committed file a game's weights come from, relative to the source tree.
std::string shipped_weights_path(WeightsGame game);

// The SHA-256 of the embedded 8x8 file, as hex: which weights this binary carries.
std::string_view shipped_weights_sha256();

// The shipped 8x8 evaluator, checked (magic, version, game, layout, size, checksum) and built on
// first use; throws WeightsError when the embedded file is unusable, never falls back to anything
// weaker.
const PatternEvaluator& shipped_evaluator();
// The same for any game with shipped weights.
const PatternEvaluator& shipped_evaluator(WeightsGame game);

// An evaluator from a weights file given by the user (throws WeightsError naming the file).
std::shared_ptr<const PatternEvaluator> load_evaluator(const std::string& path);

}  // namespace reversi::eval
