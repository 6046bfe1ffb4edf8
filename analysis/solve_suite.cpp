#include "analysis/solve_suite.hpp"

#include <algorithm>
#include <cctype>
#include <istream>
#include <stdexcept>

#include "core/notation.hpp"

namespace reversi {

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front())) != 0) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back())) != 0) s.remove_suffix(1);
  return s;
}

std::string upper(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

}  // namespace

ObfParse parse_obf_line(std::string_view line, const Rules& rules) {
  ObfParse out;
  line = trim(line);
  if (line.empty() || line.front() == '%' || line.front() == '#') return out;
  const auto semi = line.find(';');
  const std::string_view board = trim(line.substr(0, semi));
  const BoardParse parsed = parse_board(board, rules);
  if (parsed.error) {
    out.error = parsed.error->reason;
    return out;
  }
  ObfPosition p;
  p.position = parsed.position;
  p.text = std::string(line);
  std::string_view rest = semi == std::string_view::npos ? std::string_view{} : line.substr(semi);
  while (!rest.empty()) {
    rest.remove_prefix(1);  // the ';'
    const auto next = rest.find(';');
    const std::string_view item = trim(rest.substr(0, next));
    rest = next == std::string_view::npos ? std::string_view{} : rest.substr(next);
    if (item.empty()) continue;
    const auto colon = item.find(':');
    if (colon == std::string_view::npos) {
      out.error = "expected MOVE:score, not '" + std::string(item) + "'";
      return out;
    }
    const auto sq = rules.geometry().parse(trim(item.substr(0, colon)));
    if (!sq) {
      out.error = "not a square: '" + std::string(item.substr(0, colon)) + "'";
      return out;
    }
    std::string score(trim(item.substr(colon + 1)));
    try {
      std::size_t used = 0;
      const int v = std::stoi(score, &used);
      if (used != score.size()) throw std::invalid_argument(score);
      p.scores.push_back(MoveValue{*sq, v, v, v});
    } catch (const std::exception&) {
      out.error = "not a score: '" + score + "'";
      return out;
    }
  }
  out.position = std::move(p);
  return out;
}

int obf_first_number(std::string_view file_name) {
  const auto slash = file_name.find_last_of('/');
  if (slash != std::string_view::npos) file_name.remove_prefix(slash + 1);
  // The first number of a "<first>-<last>" range: "fforum-40-59.obf" -> 40.
  for (std::size_t i = 0; i < file_name.size(); ++i) {
    if (std::isdigit(static_cast<unsigned char>(file_name[i])) == 0) continue;
    int n = 0;
    std::size_t j = i;
    while (j < file_name.size() && std::isdigit(static_cast<unsigned char>(file_name[j])) != 0)
      n = n * 10 + (file_name[j++] - '0');
    if (j + 1 < file_name.size() && file_name[j] == '-' &&
        std::isdigit(static_cast<unsigned char>(file_name[j + 1])) != 0)
      return n;
    i = j;
  }
  return 1;
}

std::vector<ObfPosition> read_obf(std::istream& in, const Rules& rules, int first_number) {
  std::vector<ObfPosition> out;
  std::string line;
  int line_number = 0;
  while (std::getline(in, line)) {
    ++line_number;
    ObfParse parsed = parse_obf_line(line, rules);
    if (!parsed.error.empty())
      throw std::runtime_error("line " + std::to_string(line_number) + ": " + parsed.error);
    if (!parsed.position) continue;
    parsed.position->number = first_number + static_cast<int>(out.size());
    out.push_back(std::move(*parsed.position));
  }
  return out;
}

std::optional<int> obf_best_score(const ObfPosition& p) {
  if (p.scores.empty()) return std::nullopt;
  int best = p.scores.front().value;
  for (const auto& s : p.scores) best = std::max(best, s.value);
  return best;
}

std::string check_obf(const Rules& rules, const ObfPosition& p, const SolveResult& r) {
  const auto& g = rules.geometry();
  const auto best = obf_best_score(p);
  if (!best) return {};
  if (!r.complete) return "not finished";
  if (r.value != *best)
    return "value " + std::to_string(r.value) + ", listed " + std::to_string(*best);
  for (Square sq : r.best_moves) {
    const auto listed = std::find_if(p.scores.begin(), p.scores.end(),
                                     [&](const MoveValue& m) { return m.move == sq; });
    if (listed != p.scores.end() && listed->value != *best)
      return "best move " + g.name(sq) + " is listed at " + std::to_string(listed->value);
  }
  for (const auto& listed : p.scores) {
    const auto got = std::find_if(r.move_values.begin(), r.move_values.end(),
                                  [&](const MoveValue& m) { return m.move == listed.move; });
    if (got == r.move_values.end()) continue;
    if (got->value != listed.value)
      return g.name(listed.move) + " is worth " + std::to_string(got->value) + ", listed " +
             std::to_string(listed.value);
  }
  return {};
}

std::string obf_scores(const Rules& rules, const std::vector<MoveValue>& values) {
  std::string out;
  for (const auto& m : values) {
    if (!out.empty()) out += ' ';
    out += upper(rules.geometry().name(m.move)) + ":" + (m.value > 0 ? "+" : "") +
           std::to_string(m.value) + ";";
  }
  return out;
}

}  // namespace reversi
