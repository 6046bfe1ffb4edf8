#include "cli/nboard/session.hpp"

#include <algorithm>
#include <chrono>
#include <climits>
#include <new>
#include <optional>

#include "cli/nboard/analysis.hpp"
#include "cli/nboard/text.hpp"
#include "core/game.hpp"
#include "core/records/ggf.hpp"

namespace reversi::cli {

using nboard::quoted;
using nboard::whole_number;

namespace {

constexpr int protocol_version = 2;
constexpr std::string_view pass_text = "PA";

// An error line stays one line of reasonable length whatever the input it reports on.
constexpr std::size_t max_reason = 300;

void error(std::vector<std::string>& out, const std::string& reason) {
  out.push_back("status error: " + nboard::one_line(reason, max_reason));
}

class Stopwatch {
 public:
  std::string seconds() const {
    return nboard::seconds_text(
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count());
  }

 private:
  std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
};

std::string nodestats(std::uint64_t nodes, const Stopwatch& clock) {
  return "nodestats " + std::to_string(nodes) + " " + clock.seconds();
}

std::string move_text(const Rules& rules, Square sq) {
  return sq == no_square ? std::string(pass_text) : rules.geometry().name(sq);
}

// A hint: "search PV EVAL 0 DEPTH KIND".
std::string search_line(const Rules& rules, const ValuedMove& v) {
  std::string pv;
  for (Square sq : v.pv) pv += move_text(rules, sq);
  return "search " + pv + " " + nboard::hundredths_text(v.value_hundredths) + " 0 " +
         (v.exact ? std::string("100%") : std::to_string(v.depth)) + " " +
         (v.exact ? "exact" : "estimate");
}

// A GGF game that replays, and the position at its end; else why not.
std::optional<std::string> read_game(std::string_view ggf, records::GameRecord& game,
                                     Position& final_position) {
  auto parsed = records::parse_ggf_game(
      ggf, records::SourceLocation{"nboard", records::Format::ggf, 1, 1, 0});
  if (parsed.error) return parsed.error->reason;
  auto& r = parsed.record;
  const Replay replayed = replay(r.rules, r.start, r.moves, ReplayOptions{!r.explicit_passes});
  if (replayed.error) {
    const auto& e = replayed.error->error;
    return "move " + std::to_string(e.move_number) + " (" + e.written + "): " + e.reason;
  }
  r.move_notes.clear();  // later moves come without notes; none are needed
  game = std::move(r);
  final_position = replayed.final_position;
  return std::nullopt;
}

// The square (no_square: a pass) of a move written `word` that is legal at `p`; else why not.
std::optional<std::string> move_error(const Rules& rules, const Position& p, std::string_view word,
                                      Square& square) {
  if (word.empty()) return "move needs a square, e.g. 'move f5'";
  if (rules.game_over(p)) return "move " + quoted(word) + ": the game is over";
  std::string lower(word);
  for (char& c : lower) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  const Bits legal = rules.legal_moves(p);
  const std::string mover = color_name(p.to_move);
  if (lower == "pa" || lower == "pass") {
    if (legal == 0) return std::nullopt;
    return "move " + quoted(word) + ": a pass while " + mover + " has moves (" +
           rules.geometry().list(legal) + ")";
  }
  const auto sq = rules.geometry().parse(lower);
  if (sq && (legal & bit<Bits>(*sq)) != 0) {
    square = *sq;
    return std::nullopt;
  }
  return "move " + quoted(word) + " is not legal for " + mover +
         (legal != 0 ? " (legal: " + rules.geometry().list(legal) + ")" : " (it must pass)");
}

records::GameRecord standard_start() {
  records::GameRecord game;
  game.rules = Rules(8);
  game.start = game.rules.initial();
  game.explicit_passes = true;  // the GUI writes every pass, as GGF does
  return game;
}

}  // namespace

NboardSession::NboardSession(NboardSettings settings)
    : settings_(std::move(settings)),
      game_(standard_start()),
      position_(game_.start),
      engines_(settings_.hash_mb) {}

bool NboardSession::handle(std::string_view line, std::vector<std::string>& out) {
  const auto [command, rest] = nboard::split_word(line);
  if (command.empty()) return true;
  std::vector<std::string> answers;
  bool more = true;
  // A failure inside a command (memory, or any other) answers the line and leaves the session
  // as it was before it: nothing of the command's own answer is kept.
  try {
    more = dispatch(command, rest, answers);
  } catch (const std::bad_alloc&) {
    answers.clear();
    error(answers, std::string(command) + ": out of memory");
  } catch (const std::exception& e) {
    answers.clear();
    error(answers, std::string(command) + ": " + e.what());
  } catch (...) {
    answers.clear();
    error(answers, std::string(command) + ": failed");
  }
  out.insert(out.end(), answers.begin(), answers.end());
  return more;
}

bool NboardSession::dispatch(std::string_view command, std::string_view rest,
                             std::vector<std::string>& out) {
  if (command == "quit") return false;
  if (command == "nboard") {
    nboard_command(rest, out);
  } else if (command == "set") {
    set_command(rest, out);
  } else if (command == "move") {
    move_command(rest, out);
  } else if (command == "hint") {
    hint(rest, out);
  } else if (command == "go") {
    go(out);
  } else if (command == "analyze") {
    analyze(out);
  } else if (command == "ping") {
    const auto n = whole_number(rest);
    if (!n) {
      error(out, "ping needs a number, e.g. 'ping 1', not " + quoted(rest));
    } else {
      out.push_back("pong " + std::to_string(*n));
    }
  } else if (command == "learn") {
    out.emplace_back("learned");  // there is no book to learn into: nothing to do
  } else {
    error(out, "unknown command " + quoted(command));
  }
  return true;
}

void NboardSession::nboard_command(std::string_view rest, std::vector<std::string>& out) const {
  const auto version = whole_number(rest);
  if (!version) {
    error(out, "nboard needs the protocol version, e.g. 'nboard 2'");
  } else if (*version != protocol_version) {
    error(out, "protocol version " + std::to_string(*version) + " is not supported (2 is)");
  } else {
    out.push_back("set myname " + settings_.name);
  }
}

void NboardSession::set_command(std::string_view rest, std::vector<std::string>& out) {
  const auto [what, value] = nboard::split_word(rest);
  if (what == "game") {
    set_game(value, out);
  } else if (what == "depth") {
    set_depth(value, out);
  } else if (what == "contempt") {
    // Accepted and unused: values are margins, and a draw is worth 0 whatever the contempt.
    const auto n = whole_number(value);
    if (!n || *n < INT_MIN || *n > INT_MAX) {
      error(out, "set contempt needs a whole number of hundredths of a disc, not " + quoted(value));
    } else {
      contempt_ = static_cast<int>(*n);
    }
  } else {
    error(out, "unknown setting " + quoted(what) + " (depth, game, contempt)");
  }
}

void NboardSession::set_depth(std::string_view value, std::vector<std::string>& out) {
  const std::string range = "from 1 to " + std::to_string(settings_.max_depth) + "; it stays " +
                            std::to_string(settings_.depth);
  const auto n = whole_number(value);
  if (!n) {
    error(out, "set depth needs a whole number " + range + ", not " + quoted(value));
  } else if (*n < 1 || *n > settings_.max_depth) {
    error(out, "set depth " + std::to_string(*n) + ": the depth must be " + range);
  } else {
    settings_.depth = static_cast<int>(*n);
  }
}

void NboardSession::set_game(std::string_view ggf, std::vector<std::string>& out) {
  records::GameRecord game;
  Position final_position;
  if (const auto reason = read_game(ggf, game, final_position)) {
    error(out, "set game: " + *reason);
    return;
  }
  if (!(game.rules == rules())) engines_.rules_changed();
  game_ = std::move(game);
  position_ = final_position;
}

void NboardSession::play(Square sq, std::string_view written) {
  WrittenMove m;
  m.text = std::string(written);
  m.square = sq;
  m.side = position_.to_move;
  game_.moves.push_back(std::move(m));
  position_ = sq == no_square ? rules().pass(position_) : rules().play(position_, sq);
}

void NboardSession::move_command(std::string_view rest, std::vector<std::string>& out) {
  // "f5", "F5/1.00/2.5": the square, then the mover's eval and time, which are not needed.
  const std::string_view word = rest.substr(0, rest.find('/'));
  Square sq = no_square;
  if (const auto reason = move_error(rules(), position_, word, sq)) {
    error(out, *reason);
    return;
  }
  play(sq, word);
}

void NboardSession::hint(std::string_view rest, std::vector<std::string>& out) {
  const auto n = whole_number(rest);
  if (!n || *n < 1) {
    error(out, "hint needs a number of moves, e.g. 'hint 3', not " + quoted(rest));
    return;
  }
  if (rules().game_over(position_)) {
    error(out, "hint: the game is over");
    return;
  }
  out.emplace_back("status thinking");
  const Stopwatch clock;
  std::uint64_t nodes = 0;
  const auto valued = engines_.moves(rules(), position_, settings_, true, nodes, out);
  out.push_back(nodestats(nodes, clock));
  const auto shown =
      static_cast<std::size_t>(std::min<long long>(*n, static_cast<long long>(valued.size())));
  for (std::size_t k = 0; k < shown; ++k) out.push_back(search_line(rules(), valued[k]));
  out.emplace_back("status");
}

void NboardSession::go(std::vector<std::string>& out) {
  if (rules().game_over(position_)) {
    error(out, "go: the game is over");
    return;
  }
  out.emplace_back("status thinking");
  const Stopwatch clock;
  std::uint64_t nodes = 0;
  ValuedMove best;
  if (rules().legal_moves(position_) != 0)  // a forced pass needs no search
    best = engines_.moves(rules(), position_, settings_, false, nodes, out).front();
  out.push_back(nodestats(nodes, clock));
  if (best.move == no_square) {
    out.push_back("=== " + std::string(pass_text));
  } else {
    const std::string value = nboard::hundredths_text(best.value_hundredths);
    out.push_back("status " + std::string(best.exact ? "exact " : "estimate ") +
                  move_text(rules(), best.move) + " " + value);
    out.push_back("=== " + move_text(rules(), best.move) + "/" + value + "/" + clock.seconds());
  }
  out.emplace_back("status");
}

void NboardSession::analyze(std::vector<std::string>& out) {
  out.emplace_back("status analysing the game");
  const Stopwatch clock;
  const Annotation annotation = engines_.annotate(game_, settings_, out);
  out.push_back(nodestats(annotation.work.nodes(), clock));
  for (auto& line : nboard::analysis_lines(rules(), position_, annotation))
    out.push_back(std::move(line));
  out.emplace_back("status");
}

}  // namespace reversi::cli
