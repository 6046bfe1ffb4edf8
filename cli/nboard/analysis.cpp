#include "cli/nboard/analysis.hpp"

#include <optional>

#include "cli/nboard/text.hpp"

namespace reversi::cli::nboard {

namespace {

// A mover's value, exact in discs or estimated in hundredths, as hundredths for dark.
std::optional<long long> dark_hundredths(Color mover, const std::optional<ExactValues>& exact,
                                         const std::optional<EstimatedValues>& estimate) {
  long long mover_value = 0;
  if (exact) {
    mover_value = static_cast<long long>(exact->value) * estimate_units_per_disc;
  } else if (estimate) {
    mover_value = estimate->value;
  } else {
    return std::nullopt;
  }
  return mover == Color::dark ? mover_value : -mover_value;
}

std::optional<long long> final_value(const Rules& rules, const Position& final_position,
                                     const Annotation& annotation) {
  if (annotation.result.finished)
    return static_cast<long long>(rules.value(final_position, Color::dark)) *
           estimate_units_per_disc;
  if (!annotation.end) return std::nullopt;
  return dark_hundredths(final_position.to_move, annotation.end->exact, annotation.end->estimate);
}

std::string line(std::size_t moves_made, long long hundredths) {
  return "analysis " + std::to_string(moves_made) + " " + hundredths_text(hundredths);
}

}  // namespace

std::vector<std::string> analysis_lines(const Rules& rules, const Position& final_position,
                                        const Annotation& annotation) {
  std::vector<std::string> out;
  const auto& moves = annotation.moves;
  if (const auto v = final_value(rules, final_position, annotation))
    out.push_back(line(moves.size(), *v));
  for (std::size_t k = moves.size(); k-- > 0;) {
    if (const auto v = dark_hundredths(moves[k].side, moves[k].exact, moves[k].estimate))
      out.push_back(line(k, *v));
  }
  return out;
}

}  // namespace reversi::cli::nboard
