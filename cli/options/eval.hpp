// The evaluation option group: which learned pattern weights the searches use.
#pragma once

#include <memory>
#include <string>

#include "analysis/eval/weights.hpp"
#include "cli/common.hpp"

namespace reversi::eval {
class PatternEvaluator;
}

namespace reversi::cli {

// --weights
struct EvalOptions {
  std::string weights;  // empty: the weights built into the binary
  void add_to(po::options_description& desc);
  // The evaluator, checked before any work starts: a bad file (or corrupt built-in weights)
  // throws eval::WeightsError, which the command reports in one line with exit status 2.
  const eval::PatternEvaluator* load() const;
  // The same, for a command that evaluates one game only (8x8 WTHOR games): a --weights file
  // made for another game throws eval::WeightsError rather than being passed over.
  const eval::PatternEvaluator* load_for(eval::WeightsGame game) const;

 private:
  mutable std::shared_ptr<const eval::PatternEvaluator> loaded_;  // loaded once
};

}  // namespace reversi::cli
