#include "cli/output/solve.hpp"

#include <unistd.h>

#include <cmath>
#include <csignal>
#include <cstdio>
#include <iostream>
#include <sstream>

#include "cli/output/render.hpp"

namespace reversi::cli {

namespace {}  // namespace

std::string signed_value(int v) {
  return (v > 0 ? "+" : "") + std::to_string(v);
}

std::string grouped(std::uint64_t n) {
  std::string digits = std::to_string(n);
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

std::string duration_text(double seconds) {
  const long s = std::lround(seconds);
  char buf[32];
  if (s >= 3600) {
    std::snprintf(buf, sizeof buf, "%ldh%02ldm", s / 3600, (s / 60) % 60);
  } else {
    std::snprintf(buf, sizeof buf, "%ldm%02lds", s / 60, s % 60);
  }
  return buf;
}

std::string rate(std::uint64_t nodes, double seconds) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f M",
                seconds > 0 ? static_cast<double>(nodes) / seconds / 1e6 : 0.0);
  return buf;
}

std::string line_string(const Rules& rules, const std::vector<Square>& moves) {
  std::string out;
  for (Square sq : moves) {
    if (!out.empty()) out += ' ';
    out += sq == no_square ? "pass" : rules.geometry().name(sq);
  }
  return out;
}

std::string value_text(const SolveResult& r, bool wld) {
  if (wld && r.complete) return r.value > 0 ? "win" : r.value < 0 ? "loss" : "draw";
  if (r.exact()) return signed_value(r.value);
  if (r.lower > -solve_infinity && r.upper < solve_infinity)
    return "between " + signed_value(r.lower) + " and " + signed_value(r.upper);
  if (r.lower > -solve_infinity) return ">= " + signed_value(r.lower);
  if (r.upper < solve_infinity) return "<= " + signed_value(r.upper);
  return "unknown";
}

nlohmann::json result_json(const Rules& rules, const Position& root, const SolveResult& r,
                           bool wld) {
  const auto& g = rules.geometry();
  nlohmann::json j;
  j["to_move"] = color_name(root.to_move);
  j["empties"] = rules.empties(root);
  j["scoring"] = scoring_name(rules.scoring());
  j["complete"] = r.complete;
  j["exact"] = r.exact() && !wld;
  j["value"] = r.value;
  if (wld) j["outcome"] = value_text(r, true);
  j["lower"] = r.lower > -solve_infinity ? nlohmann::json(r.lower) : nlohmann::json(nullptr);
  j["upper"] = r.upper < solve_infinity ? nlohmann::json(r.upper) : nlohmann::json(nullptr);
  j["passed"] = r.passed;
  nlohmann::json best = nlohmann::json::array();
  for (Square sq : r.best_moves) best.push_back(g.name(sq));
  j["best_moves"] = best;
  nlohmann::json pv = nlohmann::json::array();
  for (Square sq : r.pv) pv.push_back(sq == no_square ? "pass" : g.name(sq));
  j["pv"] = pv;
  if (!r.move_values.empty()) {
    nlohmann::json moves = nlohmann::json::array();
    for (const auto& m : r.move_values)
      moves.push_back({{"move", g.name(m.move)}, {"value", m.value}});
    j["moves"] = moves;
  }
  j["nodes"] = r.nodes;
  j["seconds"] = r.seconds;
  return j;
}

std::string solve_progress_text(const Rules& rules, const SolveProgress& p) {
  const auto& g = rules.geometry();
  std::ostringstream line;
  line << p.empties << " empties";
  if (p.principal_variation) {
    line << ", following the best line";
  } else {
    line << ", move " << std::min(p.moves_done + 1, p.moves_total) << "/" << p.moves_total;
    if (p.current_move != no_square) line << " (" << g.name(p.current_move) << ")";
    line << " in [" << signed_value(p.alpha) << "," << signed_value(p.beta)
         << "], testing >= " << signed_value(p.test);
    if (p.best_move != no_square)
      line << ", best so far " << g.name(p.best_move) << " " << signed_value(p.best_value);
  }
  char tail[96];
  std::snprintf(tail, sizeof tail, ", %.1f M nodes, %.1f s", static_cast<double>(p.nodes) / 1e6,
                p.seconds);
  line << tail;
  return line.str();
}

}  // namespace reversi::cli
