#include "cli/options/eval.hpp"

#include "analysis/eval/shipped.hpp"

namespace reversi::cli {

void EvalOptions::add_to(po::options_description& desc) {
  desc.add_options()("weights", po::value(&weights),
                     "8x8 pattern weights file (default: the weights built into reversi)");
}

const eval::PatternEvaluator* EvalOptions::load() const {
  if (weights.empty()) return &eval::shipped_evaluator();
  if (!loaded_) loaded_ = eval::load_evaluator(weights);
  return loaded_.get();
}

}  // namespace reversi::cli
