#include "cli/options/rules.hpp"

#include "cli/options/numeric.hpp"

namespace reversi::cli {

void RulesOptions::add_to(po::options_description& desc) {
  po::options_description group("Rules");
  // clang-format off
  group.add_options()
      ("size", numeric(&size, Range<int>{4, 10, "squares a side"})->default_value(8),
       "board side: 4, 6, 8 or 10")
      ("start", po::value(&start)->default_value("standard"),
       "standard (cross) or free (historic free centre, N*N/2 discs each)")
      ("anti", po::bool_switch(&anti), "anti-reversi: fewer discs wins")
      ("hole", po::value(&holes)->composing(), "a black-hole square, e.g. b2 (repeatable)")
      ("scoring", po::value(&scoring)->default_value("winner"),
       "count (empties to no one) or winner (winner takes empties)");
  // clang-format on
  desc.add(group);
}

Rules RulesOptions::rules() const {
  if (!Geometry::is_supported(size))
    throw UsageError("--size must be 4, 6, 8 or 10, not " + std::to_string(size));
  const auto s = parse_start(start);
  if (!s) throw UsageError("--start must be standard or free, not '" + start + "'");
  const auto sc = parse_scoring(scoring);
  if (!sc) throw UsageError("--scoring must be count or winner, not '" + scoring + "'");
  const Geometry g(size);
  Bits hole_set = 0;
  for (const auto& h : holes) {
    const auto sq = g.parse(h);
    if (!sq)
      throw UsageError("--hole " + h + " is not a square of the " + std::to_string(size) + "x" +
                       std::to_string(size) + " board");
    hole_set |= bit<Bits>(*sq);
  }
  try {
    return Rules(size, *s, anti, hole_set, *sc);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
}

}  // namespace reversi::cli
