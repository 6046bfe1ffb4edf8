#include "cli/nboard/session.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>

#include "core/game.hpp"
#include "core/records/ggf.hpp"
#include "core/records/validate.hpp"

namespace reversi::cli {

namespace {

constexpr int protocol_version = 2;
constexpr int max_depth = max_estimate_depth;
constexpr std::string_view pass_text = "PA";

std::string_view trim_view(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r'))
    s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

// The first word and the rest of a line.
std::pair<std::string_view, std::string_view> split_word(std::string_view line) {
  line = trim_view(line);
  const std::size_t space = line.find_first_of(" \t");
  if (space == std::string_view::npos) return {line, {}};
  return {line.substr(0, space), trim_view(line.substr(space + 1))};
}

// A whole-word integer, or nullopt.
std::optional<int> integer(std::string_view text) {
  if (text.empty() || text.size() > 9) return std::nullopt;
  std::size_t i = text.front() == '-' || text.front() == '+' ? 1 : 0;
  if (i == text.size()) return std::nullopt;
  int value = 0;
  for (; i < text.size(); ++i) {
    if (text[i] < '0' || text[i] > '9') return std::nullopt;
    value = value * 10 + (text[i] - '0');
  }
  return text.front() == '-' ? -value : value;
}

std::string hundredths_text(int hundredths) {
  char text[32];
  std::snprintf(text, sizeof text, "%+.2f", hundredths / 100.0);
  return text;
}

std::string seconds_text(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f", seconds);
  return text;
}

}  // namespace

NboardSession::NboardSession(NboardSettings settings)
    : settings_(std::move(settings)),
      rules_(8),
      position_(rules_.initial()),
      solver_(settings_.hash_mb) {}

void NboardSession::error(std::vector<std::string>& out, const std::string& reason) {
  out.push_back("status error: " + reason);
}

std::string NboardSession::move_text(Square sq) const {
  return sq == no_square ? std::string(pass_text) : rules_.geometry().name(sq);
}

bool NboardSession::handle(std::string_view line, std::vector<std::string>& out) {
  const auto [command, rest] = split_word(line);
  if (command.empty()) return true;
  if (command == "quit") return false;
  if (command == "nboard") {
    const auto version = integer(rest);
    if (!version) {
      error(out, "nboard needs the protocol version, e.g. 'nboard 2'");
    } else if (*version != protocol_version) {
      error(out, "protocol version " + std::string(rest) + " is not supported (2 is)");
    } else {
      out.push_back("set myname " + settings_.name);
    }
  } else if (command == "set") {
    set_command(rest, out);
  } else if (command == "move") {
    move_command(rest, out);
  } else if (command == "hint") {
    hint(rest, out);
  } else if (command == "go") {
    go(out);
  } else if (command == "ping") {
    if (rest.empty() || !integer(rest)) {
      error(out, "ping needs a number, e.g. 'ping 1'");
    } else {
      out.push_back("pong " + std::string(rest));
    }
  } else if (command == "learn") {
    out.push_back("learned");  // there is no book to learn into: nothing to do
  } else if (command == "analyze") {
    error(out, "analyze is not supported");
  } else {
    error(out, "unknown command '" + std::string(command) + "'");
  }
  return true;
}

void NboardSession::set_command(std::string_view rest, std::vector<std::string>& out) {
  const auto [what, value] = split_word(rest);
  if (what == "game") {
    set_game(value, out);
    return;
  }
  if (what != "depth" && what != "contempt") {
    error(out, "unknown setting '" + std::string(what) + "' (depth, game, contempt)");
    return;
  }
  const auto n = integer(value);
  if (!n) {
    error(out, "set " + std::string(what) + " needs a whole number");
    return;
  }
  if (what == "contempt") {
    contempt_ = *n;  // accepted; values are margins, a draw is worth 0 whatever the contempt
    return;
  }
  if (*n < 1) {
    error(out, "depth must be at least 1");
    return;
  }
  settings_.depth = std::min(*n, max_depth);
}

void NboardSession::set_game(std::string_view ggf, std::vector<std::string>& out) {
  const auto game = records::parse_ggf_game(
      ggf, records::SourceLocation{"nboard", records::Format::ggf, 1, 1, 0});
  if (game.error) {
    error(out, "set game: " + game.error->reason);
    return;
  }
  const auto& r = game.record;
  const Replay replayed = replay(r.rules, r.start, r.moves, ReplayOptions{!r.explicit_passes});
  if (replayed.error) {
    error(out, "set game: move " + std::to_string(replayed.error->error.move_number) + " (" +
                   replayed.error->error.written + "): " + replayed.error->error.reason);
    return;
  }
  if (!(r.rules == rules_)) estimator_ = Estimator();
  rules_ = r.rules;
  position_ = replayed.final_position;
}

void NboardSession::move_command(std::string_view rest, std::vector<std::string>& out) {
  // "f5", "F5/1.00/2.5": the square, then the mover's eval and time, which are not needed.
  const std::string_view word = rest.substr(0, rest.find('/'));
  if (word.empty()) {
    error(out, "move needs a square, e.g. 'move f5'");
    return;
  }
  std::string lower(word);
  for (char& c : lower) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  if (rules_.game_over(position_)) {
    error(out, "move " + std::string(word) + ": the game is over");
    return;
  }
  const Bits legal = rules_.legal_moves(position_);
  if (lower == "pa" || lower == "pass") {
    if (legal != 0) {
      error(out, "move " + std::string(word) + ": a pass while " + color_name(position_.to_move) +
                     " has moves (" + rules_.geometry().list(legal) + ")");
      return;
    }
    position_ = rules_.pass(position_);
    return;
  }
  const auto sq = rules_.geometry().parse(lower);
  if (!sq || (legal & bit<Bits>(*sq)) == 0) {
    error(out,
          "move " + std::string(word) + " is not legal for " + color_name(position_.to_move) +
              (legal != 0 ? " (legal: " + rules_.geometry().list(legal) + ")" : " (it must pass)"));
    return;
  }
  position_ = rules_.play(position_, *sq);
}

bool NboardSession::exact_here() const {
  return rules_.empties(position_) <= settings_.exact_empties;
}

// The moves' values for the side to move (best first): every legal move with `every_move`, else
// the best one with its principal variation.
std::vector<NboardSession::Valued> NboardSession::values(bool every_move, std::uint64_t& nodes) {
  std::vector<Valued> out;
  const Bits legal = rules_.legal_moves(position_);
  if (exact_here()) {
    SolveRequest request;
    request.rules = rules_;
    request.root = position_;
    request.all_moves = every_move;
    request.threads = settings_.threads;
    const SolveResult r = solver_.solve(request);
    nodes += r.nodes;
    if (every_move && legal != 0) {
      for (const auto& mv : r.move_values)
        out.push_back(Valued{mv.move, mv.value * 100, true, 0, {mv.move}});
      // Best first, equal values in square order: the same list whatever order the solver used.
      std::sort(out.begin(), out.end(), [](const Valued& a, const Valued& b) {
        return a.value_hundredths != b.value_hundredths ? a.value_hundredths > b.value_hundredths
                                                        : a.move < b.move;
      });
      if (!r.pv.empty() && r.pv.front() == out.front().move) out.front().pv = r.pv;
    } else {
      const Square best = r.best_moves.empty() ? no_square : r.best_moves.front();
      out.push_back(
          Valued{best, r.value * 100, true, 0, r.pv.empty() ? std::vector<Square>{best} : r.pv});
    }
    return out;
  }
  EstimateRequest request;
  request.rules = rules_;
  request.root = position_;
  request.depth = settings_.depth;
  if (!every_move || legal == 0) {
    const EstimateResult r = estimator_.estimate(request);
    nodes += r.nodes;
    const Square best = r.best_moves.empty() ? no_square : r.best_moves.front();
    out.push_back(Valued{best, r.value, false, r.depth, {best}});
    return out;
  }
  for_each_square(legal, [&](Square sq) {
    request.wanted = sq;
    const EstimateResult r = estimator_.estimate(request);
    nodes += r.nodes;
    out.push_back(Valued{sq, r.wanted_value.value_or(r.value), false, r.depth, {sq}});
  });
  // Best first, equal values in square order (for_each_square went in square order).
  std::stable_sort(out.begin(), out.end(), [](const Valued& a, const Valued& b) {
    return a.value_hundredths > b.value_hundredths;
  });
  return out;
}

void NboardSession::hint(std::string_view rest, std::vector<std::string>& out) {
  const auto n = integer(rest);
  if (!n || *n < 1) {
    error(out, "hint needs a number of moves, e.g. 'hint 3'");
    return;
  }
  if (rules_.game_over(position_)) {
    error(out, "hint: the game is over");
    return;
  }
  out.push_back("status thinking");
  const auto started = std::chrono::steady_clock::now();
  std::uint64_t nodes = 0;
  const auto valued = values(true, nodes);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  out.push_back("nodestats " + std::to_string(nodes) + " " + seconds_text(seconds));
  for (std::size_t k = 0; k < valued.size() && static_cast<int>(k) < *n; ++k) {
    const auto& v = valued[k];
    std::string pv;
    for (Square sq : v.pv) pv += move_text(sq);
    out.push_back("search " + pv + " " + hundredths_text(v.value_hundredths) + " 0 " +
                  (v.exact ? std::string("100%") : std::to_string(v.depth)) + " " +
                  (v.exact ? "exact" : "estimate"));
  }
  out.push_back("status");
}

void NboardSession::go(std::vector<std::string>& out) {
  if (rules_.game_over(position_)) {
    error(out, "go: the game is over");
    return;
  }
  out.push_back("status thinking");
  const auto started = std::chrono::steady_clock::now();
  std::uint64_t nodes = 0;
  Valued best;
  if (rules_.legal_moves(position_) == 0) {
    best.move = no_square;  // a forced pass needs no search
  } else {
    best = values(false, nodes).front();
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  out.push_back("nodestats " + std::to_string(nodes) + " " + seconds_text(seconds));
  if (best.move == no_square) {
    out.push_back("=== " + std::string(pass_text));
  } else {
    out.push_back("status " + std::string(best.exact ? "exact " : "estimate ") +
                  move_text(best.move) + " " + hundredths_text(best.value_hundredths));
    out.push_back("=== " + move_text(best.move) + "/" + hundredths_text(best.value_hundredths) +
                  "/" + seconds_text(seconds));
  }
  out.push_back("status");
}

}  // namespace reversi::cli
