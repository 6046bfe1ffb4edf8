#include "cli/nboard/session.hpp"

#include <algorithm>
#include <chrono>
#include <climits>
#include <new>

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

std::string NboardSession::move_text(Square sq) const {
  return sq == no_square ? std::string(pass_text) : rules().geometry().name(sq);
}

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
    out.push_back("learned");  // there is no book to learn into: nothing to do
  } else {
    error(out, "unknown command " + quoted(command));
  }
  return true;
}

void NboardSession::nboard_command(std::string_view rest, std::vector<std::string>& out) {
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
  auto parsed = records::parse_ggf_game(
      ggf, records::SourceLocation{"nboard", records::Format::ggf, 1, 1, 0});
  if (parsed.error) {
    error(out, "set game: " + parsed.error->reason);
    return;
  }
  auto& r = parsed.record;
  const Replay replayed = replay(r.rules, r.start, r.moves, ReplayOptions{!r.explicit_passes});
  if (replayed.error) {
    error(out, "set game: move " + std::to_string(replayed.error->error.move_number) + " (" +
                   replayed.error->error.written + "): " + replayed.error->error.reason);
    return;
  }
  if (!(r.rules == rules())) engines_.estimator = Estimator();
  r.move_notes.clear();  // later moves come without notes; none are needed
  game_ = std::move(r);
  position_ = replayed.final_position;
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
  if (word.empty()) {
    error(out, "move needs a square, e.g. 'move f5'");
    return;
  }
  std::string lower(word);
  for (char& c : lower) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  if (rules().game_over(position_)) {
    error(out, "move " + quoted(word) + ": the game is over");
    return;
  }
  const Bits legal = rules().legal_moves(position_);
  if (lower == "pa" || lower == "pass") {
    if (legal != 0) {
      error(out, "move " + quoted(word) + ": a pass while " + color_name(position_.to_move) +
                     " has moves (" + rules().geometry().list(legal) + ")");
      return;
    }
    play(no_square, word);
    return;
  }
  const auto sq = rules().geometry().parse(lower);
  if (!sq || (legal & bit<Bits>(*sq)) == 0) {
    error(out, "move " + quoted(word) + " is not legal for " + color_name(position_.to_move) +
                   (legal != 0 ? " (legal: " + rules().geometry().list(legal) + ")"
                               : " (it must pass)"));
    return;
  }
  play(*sq, word);
}

bool NboardSession::exact_here() const {
  return rules().empties(position_) <= settings_.exact_empties;
}

// Runs `work`; when it runs out of memory with a table larger than the fallback, says so, gives
// the solver the fallback table and runs it again, so that the GUI still gets its answer.
template <class Work>
auto NboardSession::with_table_fallback(Work work, std::vector<std::string>& out) {
  try {
    return work();
  } catch (const std::bad_alloc&) {
    if (settings_.hash_mb <= fallback_hash_mb) throw;
  }
  error(out, "out of memory with the solver's table of " + std::to_string(settings_.hash_mb) +
                 " MB; it has " + std::to_string(fallback_hash_mb) + " MB from now on");
  settings_.hash_mb = fallback_hash_mb;
  engines_.solver = Solver(fallback_hash_mb);
  return work();
}

// The moves' values for the side to move (best first): every legal move with `every_move`, else
// the best one with its principal variation.
std::vector<NboardSession::Valued> NboardSession::values(bool every_move, std::uint64_t& nodes) {
  return exact_here() ? exact_values(every_move, nodes) : estimated_values(every_move, nodes);
}

std::vector<NboardSession::Valued> NboardSession::exact_values(bool every_move,
                                                               std::uint64_t& nodes) {
  std::vector<Valued> out;
  SolveRequest request;
  request.rules = rules();
  request.root = position_;
  request.all_moves = every_move;
  request.threads = settings_.threads;
  const SolveResult r = engines_.solver.solve(request);
  nodes += r.nodes;
  if (every_move && rules().legal_moves(position_) != 0) {
    for (const auto& mv : r.move_values)
      out.push_back(Valued{mv.move, mv.value * 100, true, 0, {mv.move}});
    // Best first, equal values in square order: the same list whatever order the solver used.
    std::sort(out.begin(), out.end(), [](const Valued& a, const Valued& b) {
      return a.value_hundredths != b.value_hundredths ? a.value_hundredths > b.value_hundredths
                                                      : a.move < b.move;
    });
    if (!r.pv.empty() && r.pv.front() == out.front().move) out.front().pv = r.pv;
    return out;
  }
  const Square best = r.best_moves.empty() ? no_square : r.best_moves.front();
  out.push_back(
      Valued{best, r.value * 100, true, 0, r.pv.empty() ? std::vector<Square>{best} : r.pv});
  return out;
}

std::vector<NboardSession::Valued> NboardSession::estimated_values(bool every_move,
                                                                   std::uint64_t& nodes) {
  std::vector<Valued> out;
  const Bits legal = rules().legal_moves(position_);
  EstimateRequest request;
  request.rules = rules();
  request.root = position_;
  request.depth = settings_.depth;
  if (!every_move || legal == 0) {
    const EstimateResult r = engines_.estimator.estimate(request);
    nodes += r.nodes;
    const Square best = r.best_moves.empty() ? no_square : r.best_moves.front();
    out.push_back(Valued{best, r.value, false, r.depth, {best}});
    return out;
  }
  for_each_square(legal, [&](Square sq) {
    request.wanted = sq;
    const EstimateResult r = engines_.estimator.estimate(request);
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
  const auto n = whole_number(rest);
  if (!n || *n < 1) {
    error(out, "hint needs a number of moves, e.g. 'hint 3', not " + quoted(rest));
    return;
  }
  if (rules().game_over(position_)) {
    error(out, "hint: the game is over");
    return;
  }
  out.push_back("status thinking");
  const Stopwatch clock;
  std::uint64_t nodes = 0;
  const auto valued = with_table_fallback(
      [&] {
        nodes = 0;
        return values(true, nodes);
      },
      out);
  out.push_back(nodestats(nodes, clock));
  const auto shown =
      static_cast<std::size_t>(std::min<long long>(*n, static_cast<long long>(valued.size())));
  for (std::size_t k = 0; k < shown; ++k) {
    const auto& v = valued[k];
    std::string pv;
    for (Square sq : v.pv) pv += move_text(sq);
    out.push_back("search " + pv + " " + nboard::hundredths_text(v.value_hundredths) + " 0 " +
                  (v.exact ? std::string("100%") : std::to_string(v.depth)) + " " +
                  (v.exact ? "exact" : "estimate"));
  }
  out.push_back("status");
}

void NboardSession::go(std::vector<std::string>& out) {
  if (rules().game_over(position_)) {
    error(out, "go: the game is over");
    return;
  }
  out.push_back("status thinking");
  const Stopwatch clock;
  std::uint64_t nodes = 0;
  Valued best;
  if (rules().legal_moves(position_) != 0) {  // a forced pass needs no search
    best = with_table_fallback(
        [&] {
          nodes = 0;
          return values(false, nodes).front();
        },
        out);
  }
  out.push_back(nodestats(nodes, clock));
  if (best.move == no_square) {
    out.push_back("=== " + std::string(pass_text));
  } else {
    const std::string value = nboard::hundredths_text(best.value_hundredths);
    out.push_back("status " + std::string(best.exact ? "exact " : "estimate ") +
                  move_text(best.move) + " " + value);
    out.push_back("=== " + move_text(best.move) + "/" + value + "/" + clock.seconds());
  }
  out.push_back("status");
}

void NboardSession::analyze(std::vector<std::string>& out) {
  out.push_back("status analysing the game");
  const Stopwatch clock;
  AnnotateOptions options;
  options.exact_empties = settings_.exact_empties;
  options.estimate_depth = settings_.depth;
  options.solver_threads = settings_.threads;
  options.theoretical = TheoreticalCheck::never;
  const Annotation annotation =
      with_table_fallback([&] { return annotate(game_, engines_, options); }, out);
  out.push_back(nodestats(annotation.nodes, clock));
  for (auto& line : nboard::analysis_lines(rules(), position_, annotation))
    out.push_back(std::move(line));
  out.push_back("status");
}

}  // namespace reversi::cli
