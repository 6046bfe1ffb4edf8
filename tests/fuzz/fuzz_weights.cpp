// Pattern weights files (data/eval/*.bin): the bytes as they are, then, for 6x6 headers, made
// whole (the size the header's layout asks for, the payload repeated, the checksum recomputed)
// so that the fuzzer gets past the checksum. Whatever reads must write back the same bytes.
#include <algorithm>
#include <optional>
#include <string>

#include "analysis/eval/pattern_eval.hpp"
#include "analysis/eval/patterns.hpp"
#include "analysis/eval/weights.hpp"
#include "fuzz_common.hpp"

namespace {

using namespace reversi;

std::uint32_t u32_at(std::string_view b, std::size_t at) {
  std::uint32_t v = 0;
  for (std::size_t i = 0; i < 4; ++i)
    v |= static_cast<std::uint32_t>(static_cast<unsigned char>(b[at + i])) << (8 * i);
  return v;
}

// The input with the payload its header's layout asks for and a checksum that matches, or the
// input as it is when its header is not one of this build's.
std::string made_whole(std::string_view input) {
  if (input.size() <= eval::weights_header_bytes || input.substr(0, 8) != "RVSIPATW" ||
      u32_at(input, 8) != eval::weights_format_version ||
      u32_at(input, 20) >= eval::weights_game_count)
    return std::string(input);
  const auto game = static_cast<eval::WeightsGame>(u32_at(input, 20));
  // 8x8 weights take the same path on ten times the bytes: too slow an input (~1 s here).
  if (eval::board_size(game) == 8) return std::string(input);
  const eval::PatternSet& set = eval::PatternSet::of_size(eval::board_size(game));
  if (u32_at(input, 12) != static_cast<std::uint32_t>(set.phases()) ||
      u32_at(input, 16) != static_cast<std::uint32_t>(set.weights_per_phase()))
    return std::string(input);
  const std::string_view seed = input.substr(eval::weights_header_bytes);
  std::string payload(2 * static_cast<std::size_t>(set.phases()) *
                          static_cast<std::size_t>(set.weights_per_phase()),
                      '\0');
  for (std::size_t at = 0; at < payload.size(); at += seed.size())
    payload.replace(at, std::min(seed.size(), payload.size() - at),
                    seed.substr(0, payload.size() - at));
  std::string whole(input.substr(0, 24));
  const std::uint64_t sum = eval::fnv1a64(payload);
  for (int i = 0; i < 8; ++i) whole += static_cast<char>((sum >> (8 * i)) & 0xFF);
  return whole + payload;
}

// Whatever reads writes back the same bytes.
std::optional<eval::Weights> read_back(std::string_view bytes) {
  try {
    eval::Weights w = eval::parse_weights(bytes, "fuzz");
    if (eval::serialize_weights(w) != bytes) __builtin_trap();
    return w;
  } catch (const eval::WeightsError&) {
    return std::nullopt;
  }
}

// A few positions from the input's first bytes (any discs, any phase) stay within the board.
void evaluate(const eval::Weights& w, std::string_view input) {
  const eval::PatternEvaluator evaluator(w);
  const Bits64 playable = eval::PatternSet::of_size(eval::board_size(w.game)).playable();
  for (std::size_t at = 0; at + 16 <= std::min<std::size_t>(input.size(), 64); at += 16) {
    Bits64 p = 0;
    Bits64 o = 0;
    for (std::size_t i = 0; i < 8; ++i) {
      p |= static_cast<Bits64>(static_cast<unsigned char>(input[at + i])) << (8 * i);
      o |= static_cast<Bits64>(static_cast<unsigned char>(input[at + 8 + i])) << (8 * i);
    }
    p &= playable;
    o &= playable & ~p;
    const int value = evaluator.evaluate(p, o);
    if (value < -100 * 64 || value > 100 * 64) __builtin_trap();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input = fuzz::bytes(data, size);
  if (const auto w = read_back(input)) evaluate(*w, input);
  const std::string whole = made_whole(input);
  // Made whole, the file must read: nothing else in it can be wrong. Its weights are not
  // evaluated: the evaluator's lookups do not depend on their values, and it would triple the
  // time of each such input.
  if (whole != input && !read_back(whole)) __builtin_trap();
  return 0;
}
