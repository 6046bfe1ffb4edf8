#include "analysis/puzzle/tactic.hpp"

#include <algorithm>

namespace reversi {

namespace {

// A side with more discs than this is not wiped out within max_tactic_moves of the other's
// moves in real games; the filter only saves work, the proof decides.
constexpr int wipeout_max_discs = 9;

Bits corner_squares(const Rules& rules) {
  const Geometry& g = rules.geometry();
  const int last = g.size() - 1;
  Bits corners = 0;
  for (const Square sq :
       {g.square(0, 0), g.square(0, last), g.square(last, 0), g.square(last, last)})
    corners |= bit<Bits>(sq);
  return corners & rules.playable();
}

// The AND-OR search: the forcer is the side to move at the root; a move counts against the
// budget only when the forcer makes it, and a pass costs nothing.
class TacticSearch {
 public:
  TacticSearch(const Rules& rules, TacticKind kind, const std::atomic<bool>* stop)
      : rules_(rules), kind_(kind), corners_(corner_squares(rules)), stop_(stop) {}

  std::uint64_t nodes() const { return nodes_; }
  bool stopped() const { return stopped_; }

  // The forcer to move: can it force the goal within `k` of its moves?
  bool forcer_wins(const Position& p, int k) {
    if (k == 0 || tick()) return false;
    const Bits moves = rules_.legal_moves(p);
    if (moves == 0) {
      const Position passed = rules_.pass(p);
      return rules_.legal_moves(passed) != 0 && defender_loses(passed, k);
    }
    for (Bits m = moves; m != 0; m &= m - 1)
      if (move_wins(p, lowest_square(m), k)) return true;
    return false;
  }

  // The forcer plays `sq`: the goal now, or forced later whatever the reply.
  bool move_wins(const Position& p, Square sq, int k) {
    const Position next = rules_.play(p, sq);
    if (goal(sq, next)) return true;
    return k > 1 && defender_loses(next, k - 1);
  }

  // The other side to move: does every reply leave the goal forced within `k`?
  bool defender_loses(const Position& p, int k) {
    if (tick()) return false;
    const Bits moves = rules_.legal_moves(p);
    if (moves == 0) {
      const Position passed = rules_.pass(p);
      return rules_.legal_moves(passed) != 0 && forcer_wins(passed, k);
    }
    for (Bits m = moves; m != 0; m &= m - 1)
      if (!forcer_wins(rules_.play(p, lowest_square(m)), k)) return false;
    return true;
  }

  // The fewest forcer moves, up to `limit`, that force the goal after `sq`; nullopt if none.
  std::optional<int> fewest_after(const Position& p, Square sq, int limit) {
    for (int k = 1; k <= limit; ++k)
      if (move_wins(p, sq, k)) return k;
    return std::nullopt;
  }

  // A proof line from the forcer's turn with `k` moves left: the first fastest move, then the
  // reply after which the forcer needs the most moves.
  void line_from(const Position& p, int k, std::vector<Square>& line) {
    const Bits moves = rules_.legal_moves(p);
    if (moves == 0) {
      line.push_back(no_square);
      return defender_line(rules_.pass(p), k, line);
    }
    for (int j = 1; j <= k; ++j)
      for (Bits m = moves; m != 0; m &= m - 1)
        if (const Square sq = lowest_square(m); move_wins(p, sq, j)) {
          line.push_back(sq);
          const Position next = rules_.play(p, sq);
          if (!goal(sq, next)) defender_line(next, j - 1, line);
          return;
        }
  }

 private:
  void defender_line(const Position& p, int k, std::vector<Square>& line) {
    const Bits moves = rules_.legal_moves(p);
    if (moves == 0) {
      line.push_back(no_square);
      return line_from(rules_.pass(p), k, line);
    }
    Square longest = no_square;
    int need = 0;
    for (Bits m = moves; m != 0; m &= m - 1) {
      const Position next = rules_.play(p, lowest_square(m));
      int j = 1;
      while (j < k && !forcer_wins(next, j)) ++j;
      if (j > need) {
        need = j;
        longest = lowest_square(m);
      }
    }
    line.push_back(longest);
    line_from(rules_.play(p, longest), need, line);
  }

  bool goal(Square sq, const Position& after) const {
    if (kind_ == TacticKind::wipeout) return after.player == 0;  // the other side, now to move
    return (corners_ & bit<Bits>(sq)) != 0;
  }

  // Counts a position and looks at the stop flag now and then.
  bool tick() {
    constexpr std::uint64_t check_every = 4096;
    if ((nodes_++ % check_every) == 0 && stop_ != nullptr && stop_->load()) stopped_ = true;
    return stopped_;
  }

  const Rules& rules_;
  TacticKind kind_;
  Bits corners_;
  const std::atomic<bool>* stop_;
  std::uint64_t nodes_ = 0;
  bool stopped_ = false;
};

// Every first move and the fewest forcer moves it needs (up to `limit`), in square order.
std::vector<std::pair<Square, std::optional<int>>> first_moves(TacticSearch& search,
                                                               const Rules& rules,
                                                               const Position& p, int limit) {
  std::vector<std::pair<Square, std::optional<int>>> out;
  for (Bits m = rules.legal_moves(p); m != 0; m &= m - 1)
    out.emplace_back(lowest_square(m), search.fewest_after(p, lowest_square(m), limit));
  return out;
}

}  // namespace

std::string tactic_name(TacticKind kind) {
  return kind == TacticKind::wipeout ? "wipeout" : "corner";
}

std::optional<TacticKind> parse_tactic(std::string_view name) {
  if (name == "wipeout") return TacticKind::wipeout;
  if (name == "corner") return TacticKind::corner;
  return std::nullopt;
}

bool tactic_worth_trying(const Rules& rules, const Position& p, TacticKind kind) {
  const Bits moves = rules.legal_moves(p);
  if (moves == 0) return false;
  if (kind == TacticKind::wipeout) return popcount(p.opponent) <= wipeout_max_discs;
  const Bits corners = corner_squares(rules);
  return (corners & ~p.occupied()) != 0 && (moves & corners) == 0;
}

std::optional<Tactic> prove_tactic(const Rules& rules, const PuzzleCandidate& candidate,
                                   const TacticRequest& request) {
  const Position& p = candidate.position;
  if (!tactic_worth_trying(rules, p, request.kind)) return std::nullopt;
  TacticSearch search(rules, request.kind, request.stop);
  if (!search.forcer_wins(p, request.within) || search.stopped()) return std::nullopt;
  const auto firsts = first_moves(search, rules, p, request.within);
  int fewest = request.within + 1;
  for (const auto& [sq, k] : firsts)
    if (k) fewest = std::min(fewest, *k);
  if (fewest < 2 || fewest > request.within) return std::nullopt;
  const auto fastest = std::count_if(firsts.begin(), firsts.end(),
                                     [&](const auto& f) { return f.second == fewest; });
  if (fastest != 1 || search.stopped()) return std::nullopt;
  Tactic t;
  t.from = candidate;
  t.kind = request.kind;
  t.moves = fewest;
  t.answer = std::find_if(firsts.begin(), firsts.end(), [&](const auto& f) {
               return f.second == fewest;
             })->first;
  search.line_from(p, fewest, t.line);
  t.nodes = search.nodes();
  if (search.stopped()) return std::nullopt;
  return t;
}

std::string check_tactic(const Rules& rules, const Position& p, TacticKind kind, int moves,
                         Square answer, const std::atomic<bool>* stop) {
  const Geometry& g = rules.geometry();
  if (moves < 2 || moves > max_tactic_moves)
    return "a tactic takes 2 to " + std::to_string(max_tactic_moves) + " moves, not " +
           std::to_string(moves);
  if (answer == no_square || (rules.legal_moves(p) & bit<Bits>(answer)) == 0)
    return "the answer is not a legal move";
  TacticSearch search(rules, kind, stop);
  for (const auto& [sq, k] : first_moves(search, rules, p, moves)) {
    if (search.stopped()) return "";
    if (sq == answer && k != moves)
      return g.name(sq) + (k ? " forces the " + tactic_name(kind) + " in " + std::to_string(*k) +
                                   " moves, not " + std::to_string(moves)
                             : " does not force the " + tactic_name(kind) + " in " +
                                   std::to_string(moves) + " moves");
    if (sq != answer && k && *k <= moves)
      return "not unique: " + g.name(sq) + " also forces the " + tactic_name(kind) + " in " +
             std::to_string(*k) + " moves";
  }
  return "";
}

}  // namespace reversi
