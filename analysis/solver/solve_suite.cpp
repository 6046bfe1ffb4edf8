#include "analysis/solver/solve_suite.hpp"

#include <algorithm>
#include <cctype>
#include <istream>
#include <stdexcept>

#include "core/notation.hpp"
#include "core/records/position.hpp"

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
    const auto game =
        records::parse_obf_line(line, rules, {"", records::Format::obf, 0, line_number, 0});
    if (!game) continue;
    const auto fail = [&](const std::string& reason) {
      return std::runtime_error("line " + std::to_string(line_number) + ": " + reason);
    };
    if (game->error) throw fail(game->error->reason);
    ObfPosition p;
    p.position = game->record.start;
    p.text = std::string(trim(line));
    for (const auto& listed : game->record.meta.move_scores) {
      const auto sq = rules.geometry().parse(listed.move);
      if (!sq) throw fail("not a square: '" + listed.move + "'");
      p.scores.push_back(MoveValue{*sq, listed.score, listed.score, listed.score});
    }
    p.number = first_number + static_cast<int>(out.size());
    out.push_back(std::move(p));
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
