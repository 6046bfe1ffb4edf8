#include "cli/output/render.hpp"

namespace reversi::cli {

std::string diagram(const Rules& rules, const Position& p, bool mark_legal) {
  const auto& g = rules.geometry();
  const Bits legal = mark_legal ? rules.legal_moves(p) : 0;
  const Bits dark = p.discs(Color::dark);
  const Bits light = p.discs(Color::light);
  std::string s = "   ";
  for (int c = 0; c < g.size(); ++c) {
    s += ' ';
    s += static_cast<char>('a' + c);
  }
  s += '\n';
  for (int r = 0; r < g.size(); ++r) {
    const std::string num = std::to_string(r + 1);
    s += std::string(3 - num.size(), ' ') + num;
    for (int c = 0; c < g.size(); ++c) {
      const Bits b = bit<Bits>(g.square(r, c));
      s += ' ';
      if (dark & b) {
        s += "●";
      } else if (light & b) {
        s += "○";
      } else if (rules.holes() & b) {
        s += "#";
      } else if (legal & b) {
        s += "*";
      } else {
        s += "·";
      }
    }
    s += '\n';
  }
  return s;
}

std::string describe_error(const RecordError& e) {
  std::string s;
  if (e.move_number > 0) {
    s = "move " + std::to_string(e.move_number);
    if (!e.written.empty()) s += " (" + e.written + ")";
    s += ": ";
  }
  return s + e.reason;
}

}  // namespace reversi::cli
