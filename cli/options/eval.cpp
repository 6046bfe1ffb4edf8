#include "cli/options/eval.hpp"

#include "analysis/eval/pattern_eval.hpp"
#include "analysis/eval/shipped.hpp"

namespace reversi::cli {

void EvalOptions::add_to(po::options_description& desc) {
  desc.add_options()(
      "weights", po::value(&weights),
      "pattern weights file (8x8, 6x6 or 6x6 anti; used for those rules, default: the weights "
      "built into reversi)");
}

const eval::PatternEvaluator* EvalOptions::load() const {
  if (weights.empty()) return &eval::shipped_evaluator();
  if (!loaded_) loaded_ = eval::load_evaluator(weights);
  return loaded_.get();
}

const eval::PatternEvaluator* EvalOptions::load_for(eval::WeightsGame game) const {
  const eval::PatternEvaluator* evaluator = load();
  if (evaluator->game() != game)
    throw eval::WeightsError("weights file " + weights + ": made for " +
                             eval::game_name(evaluator->game()) + " games, and this command " +
                             "evaluates " + eval::game_name(game) + " games");
  return evaluator;
}

}  // namespace reversi::cli
