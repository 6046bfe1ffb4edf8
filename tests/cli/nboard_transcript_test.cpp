// reversi nboard: recorded sessions (tests/data/nboard/*.txt) replayed through the real binary
// and through NboardSession, every answer line matched as recorded, and every answer checked on
// its own: moves legal where they are played, exact values the solver's, analysis values those
// of annotate with the same settings, ordered from the end of the game back to its start.
#include <algorithm>
#include <catch2/catch.hpp>
#include <climits>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>

#include "analysis/annotate.hpp"
#include "analysis/solver/search.hpp"
#include "cli/nboard/session.hpp"
#include "cli/run_binary.hpp"
#include "core/game.hpp"
#include "core/records/ggf.hpp"

using namespace reversi;
using reversi::cli::NboardSession;
using reversi::cli::NboardSettings;
namespace fs = std::filesystem;

namespace {

struct Expected {
  int line = 0;
  bool pattern = false;  // a regular expression (times, node counts, estimates)
  std::string text;
};

struct Step {
  std::string command;
  std::vector<Expected> answers;
};

struct Transcript {
  std::string args;  // reversi's arguments, from "# Replayed with: reversi ARGS"
  std::vector<Step> steps;
};

Transcript read_transcript(const std::string& name) {
  const fs::path file = fs::path(REVERSI_SOURCE_DIR) / "tests/data/nboard" / name;
  std::ifstream in(file);
  REQUIRE(in);
  Transcript t;
  const std::string replay_prefix = "# Replayed with: reversi ";
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (line.rfind(replay_prefix, 0) == 0) t.args = line.substr(replay_prefix.size());
    if (line.rfind("> ", 0) == 0) t.steps.push_back({line.substr(2), {}});
    if (line.rfind("< ", 0) == 0) t.steps.back().answers.push_back({number, false, line.substr(2)});
    if (line.rfind("<~ ", 0) == 0) t.steps.back().answers.push_back({number, true, line.substr(3)});
  }
  REQUIRE_FALSE(t.args.empty());
  return t;
}

// The session settings the transcript's arguments give (--exact-empties, --depth).
NboardSettings settings_of(const std::string& args) {
  NboardSettings s;
  s.hash_mb = 16;
  std::istringstream in(args);
  std::string word;
  while (in >> word) {
    if (word == "--exact-empties") in >> s.exact_empties;
    if (word == "--depth") in >> s.depth;
  }
  return s;
}

void check_recorded(const Step& step, const std::vector<std::string>& got) {
  INFO("command: " << step.command);
  CHECK(got.size() == step.answers.size());
  for (std::size_t k = 0; k < std::min(got.size(), step.answers.size()); ++k) {
    const auto& e = step.answers[k];
    INFO("transcript line " << e.line << ": expected " << e.text << ", got " << got[k]);
    if (e.pattern) {
      CHECK(std::regex_match(got[k], std::regex(e.text)));
    } else {
      CHECK(got[k] == e.text);
    }
  }
}

std::vector<std::string> words(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

long long hundredths(const std::string& text) {
  return std::llround(std::stod(text) * 100);
}

// Follows the game as the commands change it, and checks each answer against the solver and
// annotate, independently of the session.
class Checker {
 public:
  explicit Checker(NboardSettings settings) : settings_(std::move(settings)) {
    game_.rules = Rules(8);
    game_.start = game_.rules.initial();
    game_.explicit_passes = true;
  }

  void step(const std::string& command, const std::vector<std::string>& answers) {
    INFO("command: " << command);
    const bool refused = !answers.empty() && answers.front().rfind("status error: ", 0) == 0;
    const auto w = words(command);
    if (refused || w.empty()) return;
    if (w[0] == "set" && w.size() > 2 && w[1] == "depth") settings_.depth = std::stoi(w[2]);
    if (w[0] == "set" && w.size() > 2 && w[1] == "game") set_game(command.substr(9));
    if (w[0] == "move") move(w.at(1).substr(0, w.at(1).find('/')));
    if (w[0] == "hint") hint(answers);
    if (w[0] == "go") go(answers);
    if (w[0] == "analyze") analyze(answers);
  }

  int analyses() const { return analyses_; }
  int exact_checks() const { return exact_checks_; }

 private:
  Position position() const {
    return replay(game_.rules, game_.start, game_.moves, ReplayOptions{false}).final_position;
  }

  void set_game(const std::string& ggf) {
    auto parsed = records::parse_ggf_game(ggf, {});
    REQUIRE_FALSE(parsed.error);
    game_ = parsed.record;
  }

  void move(const std::string& text) {
    WrittenMove m;
    m.text = text;
    std::string lower = text;
    for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (lower != "pa") m.square = *game_.rules.geometry().parse(lower);
    game_.moves.push_back(m);
    REQUIRE(replay(game_.rules, game_.start, game_.moves, ReplayOptions{false}).ok());
  }

  bool exact_here(const Position& p) const {
    return game_.rules.empties(p) <= settings_.exact_empties;
  }

  // Every legal move's exact value, by square.
  std::map<Square, int> solved(const Position& p) const {
    SolveRequest request;
    request.rules = game_.rules;
    request.root = p;
    request.all_moves = true;
    std::map<Square, int> out;
    const SolveResult r = solve(request, 16);
    for (const auto& mv : r.move_values) out[mv.move] = mv.value;
    if (r.move_values.empty()) out[no_square] = r.value;
    return out;
  }

  Square square(const std::string& text, const Position& p) const {
    if (text == "PA") {
      CHECK(game_.rules.legal_moves(p) == 0);
      return no_square;
    }
    const auto sq = game_.rules.geometry().parse(text);
    REQUIRE(sq);
    CHECK((game_.rules.legal_moves(p) & bit<Bits>(*sq)) != 0);
    return *sq;
  }

  void hint(const std::vector<std::string>& answers) {
    const Position p = position();
    long long previous = LLONG_MAX;
    for (const auto& a : answers) {
      const auto w = words(a);
      if (w.empty() || w[0] != "search") continue;
      REQUIRE(w.size() == 6);
      const Square sq = square(w[1].substr(0, 2), p);
      const long long value = hundredths(w[2]);
      CHECK(value <= previous);  // best first
      previous = value;
      CHECK((w[5] == "exact") == exact_here(p));
      if (w[5] == "exact") {
        CHECK(w[4] == "100%");
        CHECK(value == solved(p).at(sq) * 100);
        ++exact_checks_;
      } else {
        CHECK(w[4] == std::to_string(settings_.depth));
      }
    }
  }

  void go(const std::vector<std::string>& answers) {
    const Position p = position();
    for (const auto& a : answers) {
      if (a.rfind("=== ", 0) != 0) continue;
      const std::string mli = a.substr(4);
      const Square sq = square(mli.substr(0, 2), p);
      if (sq == no_square || !exact_here(p)) continue;
      const auto values = solved(p);
      const int best = std::max_element(values.begin(), values.end(), [](auto& x, auto& y) {
                         return x.second < y.second;
                       })->second;
      CHECK(values.at(sq) == best);
      CHECK(hundredths(mli.substr(3, mli.find('/', 3) - 3)) == best * 100);
      ++exact_checks_;
    }
  }

  // The lines run from the position after the last move back to the start, one each, with
  // annotate's values for dark; those of the exact zone are the solver's and never favour the
  // mover less than the move played gives.
  void analyze(const std::vector<std::string>& answers) {
    const Replay r = replay(game_.rules, game_.start, game_.moves, ReplayOptions{false});
    const auto positions = r.positions(game_.rules);
    std::vector<long long> dark(positions.size(), LLONG_MIN);
    std::size_t expected = positions.size();
    for (const auto& a : answers) {
      const auto w = words(a);
      if (w.empty() || w[0] != "analysis") continue;
      REQUIRE(w.size() == 3);
      REQUIRE(expected > 0);
      CHECK(std::stoul(w[1]) == --expected);
      dark.at(std::stoul(w[1])) = hundredths(w[2]);
    }
    CHECK(expected == 0);
    AnnotateEngines engines(16);
    AnnotateOptions options;
    options.exact_empties = settings_.exact_empties;
    options.estimate_depth = settings_.depth;
    options.theoretical = TheoreticalCheck::never;
    const Annotation annotation = annotate(game_, engines, options);
    for (std::size_t k = 0; k < positions.size(); ++k) {
      INFO("position after " << k << " moves");
      const Position& p = positions[k];
      const long long sign = p.to_move == Color::dark ? 1 : -1;
      if (k < annotation.moves.size()) {
        const auto& m = annotation.moves[k];
        REQUIRE((m.exact || m.estimate));
        CHECK(dark[k] == sign * (m.exact ? m.exact->value * 100LL : m.estimate->value));
      } else if (game_.rules.game_over(p)) {
        CHECK(dark[k] == game_.rules.value(p, Color::dark) * 100LL);
      } else {
        const auto& end = annotation.end;
        REQUIRE(end);
        CHECK(dark[k] == sign * (end->exact ? end->exact->value * 100LL : end->estimate->value));
      }
      if (!exact_here(p)) continue;
      if (game_.rules.game_over(p)) continue;
      const auto values = solved(p);
      int best = -solve_infinity;
      for (const auto& [sq, v] : values) best = std::max(best, v);
      CHECK(dark[k] == sign * best * 100);
      ++exact_checks_;
      if (k + 1 < positions.size()) CHECK(sign * dark[k] >= sign * dark[k + 1]);
    }
    ++analyses_;
  }

  NboardSettings settings_;
  records::GameRecord game_;
  int analyses_ = 0;
  int exact_checks_ = 0;
};

std::vector<std::vector<std::string>> through_binary(const Transcript& t) {
  std::string input;
  for (const auto& s : t.steps) input += s.command + "\n";
  const auto r = reversi::testing::run_reversi(t.args, input);
  CHECK(r.status == 0);
  CHECK(r.err.empty());
  std::istringstream out(r.out);
  std::vector<std::vector<std::string>> answers;
  std::string line;
  for (const auto& s : t.steps) {
    answers.emplace_back();
    for (std::size_t k = 0; k < s.answers.size() && std::getline(out, line); ++k)
      answers.back().push_back(line);
  }
  CHECK_FALSE(std::getline(out, line));  // nothing more than recorded
  return answers;
}

std::vector<std::vector<std::string>> through_session(const Transcript& t) {
  NboardSession session(settings_of(t.args));
  std::vector<std::vector<std::string>> answers;
  for (const auto& s : t.steps) {
    answers.emplace_back();
    const bool more = session.handle(s.command, answers.back());
    CHECK(more == (s.command != "quit"));
  }
  return answers;
}

// Replays a transcript and checks every step; returns the checker for its counts.
Checker replay_and_check(const Transcript& t, const std::vector<std::vector<std::string>>& got) {
  Checker checker(settings_of(t.args));
  REQUIRE(got.size() == t.steps.size());
  for (std::size_t k = 0; k < t.steps.size(); ++k) {
    check_recorded(t.steps[k], got[k]);
    checker.step(t.steps[k].command, got[k]);
  }
  return checker;
}

}  // namespace

TEST_CASE("A whole NBoard GUI session replays through the real binary, every answer checked",
          "[nboard][cli]") {
  const Transcript t = read_transcript("gui_session.txt");
  const Checker checker = replay_and_check(t, through_binary(t));
  CHECK(checker.analyses() == 1);
  CHECK(checker.exact_checks() > 20);
}

TEST_CASE("A whole NBoard GUI session replays through NboardSession, every answer checked",
          "[nboard]") {
  const Transcript t = read_transcript("gui_session.txt");
  const Checker checker = replay_and_check(t, through_session(t));
  CHECK(checker.analyses() == 1);
  CHECK(checker.exact_checks() > 20);
}

TEST_CASE("The recorded NBoard game with malformed lines replays through the binary, checked",
          "[nboard][cli]") {
  const Transcript t = read_transcript("session.txt");
  std::size_t answers = 0;
  for (const auto& s : t.steps) answers += s.answers.size();
  REQUIRE(answers > 300);
  const Checker checker = replay_and_check(t, through_binary(t));
  CHECK(checker.exact_checks() > 20);
}
