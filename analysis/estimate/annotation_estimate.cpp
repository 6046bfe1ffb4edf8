// What annotate asks of the estimator: the depth by phase and the blended request, apart from
// the search itself (analysis/estimate/estimate.cpp).
#include "analysis/estimate/estimate.hpp"
#include "analysis/eval/weights.hpp"

namespace reversi {

int annotation_depth(int asked, int empties) {
  const int depth = empties <= endgame_estimate_empties ? asked + endgame_extra_plies : asked;
  const int needed = empties - exact_label_empties;
  return needed > depth && needed <= depth + max_plies_to_exact_labels ? needed : depth;
}

EstimateRequest annotation_estimate(const Rules& rules, const Position& p, int depth,
                                    int selectivity) {
  EstimateRequest req;
  req.rules = rules;
  req.root = p;
  req.depth = pattern_game(rules) == eval::WeightsGame::standard_8x8
                  ? annotation_depth(depth, rules.empties(p))
                  : depth;
  req.selectivity = selectivity;
  req.blend_shallower = true;
  return req;
}

}  // namespace reversi
