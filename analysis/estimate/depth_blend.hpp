// The blend behind EstimateRequest::blend_shallower, apart from the search that feeds it.
#pragma once

#include <array>
#include <optional>

namespace reversi {

// Estimates blended over the last depths (EstimateRequest::blend_shallower): a search to an even
// depth and one to an odd depth lean opposite ways, by who moved last at the leaves.
class DepthBlend {
 public:
  static constexpr int shallower_depths = 2;

  // The values of one more depth, shallowest first.
  void add(int best, std::optional<int> wanted) {
    if (count_ == shallower_depths) return;
    best_[count_] = best;
    has_wanted_ = (count_ == 0 || has_wanted_) && wanted.has_value();
    wanted_[count_] = wanted.value_or(0);
    ++count_;
  }
  int best(int deepest) const { return mean(best_, deepest); }
  std::optional<int> wanted(int deepest) const {
    if (count_ > 0 && !has_wanted_) return std::nullopt;
    return mean(wanted_, deepest);
  }

 private:
  using Values = std::array<int, shallower_depths>;
  // Weights 1, 2, 1 from the deepest; 1, 1 when only one depth is below it.
  int mean(const Values& shallower, int deepest) const {
    if (count_ == 0) return deepest;
    if (count_ == 1) return (deepest + shallower[0]) / 2;
    return (deepest + 2 * shallower[1] + shallower[0]) / 4;
  }
  Values best_{};
  Values wanted_{};
  int count_ = 0;
  bool has_wanted_ = false;  // every depth added had a wanted value
};

}  // namespace reversi
