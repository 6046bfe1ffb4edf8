#include "cli/output/puzzle.hpp"

#include <stdexcept>

#include "cli/output/render.hpp"

namespace reversi::cli {

namespace {

constexpr int placements = 4;

std::string side_name(std::optional<Color> side) {
  return side ? color_name(*side) : "any";
}

// Replays a game found by the search through the generic rules: the final position.
Position final_position(const Rules& rules, const MoveSequence& moves) {
  Position p = rules.initial();
  for (Square sq : moves) {
    if (sq == no_square) {
      p = rules.pass(p);
    } else {
      if ((rules.legal_moves(p) & bit<Bits>(sq)) == 0)
        throw std::logic_error("puzzle: the search produced an illegal game");
      p = rules.play(p, sq);
    }
  }
  return p;
}

std::string move_name(const Geometry& g, Square sq) {
  return sq == no_square ? "pass" : g.name(sq);
}

// "1 dark disc", "12 discs".
std::string discs(int n, std::optional<Color> side) {
  return std::to_string(n) + (side ? " " + color_name(*side) : "") + (n == 1 ? " disc" : " discs");
}

std::string join(const std::vector<std::string>& parts, const std::string& sep) {
  std::string out;
  for (const auto& p : parts) {
    if (!out.empty()) out += sep;
    out += p;
  }
  return out;
}

}  // namespace

std::string move_convention() {
  return "a move places one disc; a pass is not a move and takes no number";
}

nlohmann::json goal_json(const PuzzleGoal& goal) {
  nlohmann::json j = {{"kind", goal_kind_name(goal.kind)}, {"side", side_name(goal.side)}};
  if (goal.kind == PuzzleGoalKind::discs) j["at_least"] = goal.at_least;
  return j;
}

PuzzleText::PuzzleText(const PuzzleRequest& request)
    : rules_(request.rules),
      goal_(request.goal),
      by_(request.by),
      placements_are_moves_(request.placements_are_moves),
      request_(request) {
  request_.on_progress = nullptr;
}

std::string PuzzleText::question() const {
  const std::string by = " by move " + std::to_string(by_);
  const auto who = [&](const char* either) {
    return goal_.side ? color_name(*goal_.side) : std::string(either);
  };
  switch (goal_.kind) {
    case PuzzleGoalKind::wipeout:
      if (!goal_.side) return "can either side wipe out the other (turn all its discs)" + by + "?";
      return "can " + who("") + " wipe out " + color_name(opposite(*goal_.side)) +
             " (turn all its discs)" + by + "?";
    case PuzzleGoalKind::end:
      return "can a game be over" + by + "?";
    case PuzzleGoalKind::discs:
      return "can " + who("either side") + " have at least " + discs(goal_.at_least, {}) + by + "?";
  }
  return "";
}

std::string PuzzleText::header() const {
  return "Puzzle: " + question() + "\nRules: " + rules_.describe() +
         "\nMoves: " + move_convention() + " (games below write it \"pass\").";
}

std::string PuzzleText::reading() const {
  if (rules_.start() != Start::free) return "";
  if (placements_are_moves_) return "Reading: the four centre placements are moves 1-4.";
  return "Reading: the four centre placements are not moves; move 1 is the first move after "
         "them.";
}

nlohmann::json PuzzleText::reading_json() const {
  nlohmann::json j = nlohmann::json::object();
  if (rules_.start() == Start::free)
    j["placements"] = placements_are_moves_ ? "moves" : "not moves";
  return j;
}

std::string PuzzleText::goal_noun() const {
  switch (goal_.kind) {
    case PuzzleGoalKind::wipeout:
      return goal_.side ? "a wipeout by " + color_name(*goal_.side) : "a wipeout";
    case PuzzleGoalKind::end:
      return "the end of a game";
    case PuzzleGoalKind::discs:
      return "at least " + discs(goal_.at_least, goal_.side) + (goal_.side ? "" : " of one side");
  }
  return "";
}

bool PuzzleText::placements_apart() const {
  return rules_.start() == Start::free && !placements_are_moves_;
}

std::string PuzzleText::game(const MoveSequence& moves) const {
  const auto& g = rules_.geometry();
  std::vector<std::string> head;
  std::vector<std::string> tail;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const bool placement = placements_apart() && i < placements;
    (placement ? head : tail).push_back(move_name(g, moves[i]));
  }
  if (head.empty()) return join(tail, " ");
  return "(placements " + join(head, " ") + ") " + join(tail, " ");
}

std::string PuzzleText::outcome(const MoveSequence& moves) const {
  const Position p = final_position(rules_, moves);
  const Tally t = rules_.tally(p);
  const std::string score = std::to_string(t.dark) + "-" + std::to_string(t.light);
  switch (goal_.kind) {
    case PuzzleGoalKind::wipeout:
      return t.light == 0 ? "dark wipes out light, " + score : "light wipes out dark, " + score;
    case PuzzleGoalKind::end:
      return "game over, " + score +
             (t.empty > 0 ? " with " + std::to_string(t.empty) + " empty squares" : "");
    case PuzzleGoalKind::discs:
      return "dark " + std::to_string(t.dark) + ", light " + std::to_string(t.light);
  }
  return "";
}

std::string PuzzleText::earliest_phrase(int move) const {
  const std::string m = "move " + std::to_string(move);
  switch (goal_.kind) {
    case PuzzleGoalKind::wipeout:
      return "the earliest possible wipeout" +
             (goal_.side ? " by " + color_name(*goal_.side) : std::string()) + " is at " + m;
    case PuzzleGoalKind::end:
      return "the earliest a game can be over is " + m;
    case PuzzleGoalKind::discs:
      return "the earliest " + (goal_.side ? color_name(*goal_.side) : "either side") +
             " can have at least " + discs(goal_.at_least, {}) + " is " + m;
  }
  return "";
}

std::string PuzzleText::impossible_phrase(int move) const {
  const std::string m = "move " + std::to_string(move);
  switch (goal_.kind) {
    case PuzzleGoalKind::wipeout:
      return "no wipeout" + (goal_.side ? " by " + color_name(*goal_.side) : std::string()) +
             " is possible by " + m;
    case PuzzleGoalKind::end:
      return "no game can be over by " + m;
    case PuzzleGoalKind::discs:
      return (goal_.side ? color_name(*goal_.side) : "neither side") + " can" +
             (goal_.side ? "not" : "") + " have " + discs(goal_.at_least, {}) + " by " + m;
  }
  return "";
}

std::string PuzzleText::explanation(const ExistsResult& r) const {
  if (!r.complete) return "Stopped before the search finished: no answer.";
  if (!r.earliest) {
    const std::string further =
        r.searched_to > by_ ? ", nor even by move " + std::to_string(r.searched_to) : std::string();
    return "No: " + impossible_phrase(by_) + further + " (every game searched).";
  }
  return std::string(r.yes ? "Yes: " : "No: ") + earliest_phrase(*r.earliest) + ", for example " +
         game(r.witness) + " (" + outcome(r.witness) + ").";
}

std::vector<std::string> PuzzleText::count_lines(const PuzzleCounts& c) const {
  std::vector<std::string> lines;
  const std::string classes = c.symmetries == 1
                                  ? "no symmetry of the board fixes the start"
                                  : std::to_string(c.classes) + " up to the " +
                                        std::to_string(c.symmetries) + " symmetries of the start";
  lines.push_back("Count: " + std::to_string(c.sequences) + " move sequence" +
                  (c.sequences == 1 ? "" : "s") + " reach" + (c.sequences == 1 ? "es " : " ") +
                  goal_noun() + " by move " + std::to_string(by_) + " (" + classes + ").");
  std::vector<std::string> per_move;
  for (std::size_t k = 0; k < c.at_move.size(); ++k)
    if (c.at_move[k] > 0)
      per_move.push_back("at move " + std::to_string(k) + ": " + std::to_string(c.at_move[k]));
  if (!per_move.empty()) lines.push_back("  " + join(per_move, "; ") + ".");
  std::vector<std::string> first;
  for (const auto& f : c.by_first_move)
    first.push_back(move_name(rules_.geometry(), f.move) + " " + std::to_string(f.sequences));
  if (!first.empty()) lines.push_back("  By first move: " + join(first, ", ") + ".");
  return lines;
}

std::string PuzzleText::forced_goal(Color forcer) const {
  switch (goal_.kind) {
    case PuzzleGoalKind::wipeout:
      return "a wipeout of " + color_name(opposite(forcer));
    case PuzzleGoalKind::end:
      return "the end of the game";
    case PuzzleGoalKind::discs:
      return "at least " + discs(goal_.at_least, forcer);
  }
  return "";
}

std::string PuzzleText::explanation(const ForcedResult& r) const {
  const std::string forcer = color_name(r.forcer);
  const std::string other = color_name(opposite(r.forcer));
  if (!r.complete) return "Stopped before the search finished: no answer for " + forcer + ".";
  const std::string size = std::to_string(r.proof_positions) +
                           (r.proof_positions > max_strategy_nodes ? "+" : "") +
                           (r.proof_positions == 1 ? " position" : " positions");
  if (r.yes) {
    std::string first;
    if (r.strategy_built && !r.strategy.next.empty())
      first = ", starting with " + move_name(rules_.geometry(), r.strategy.next.front().move);
    return "Yes: " + forcer + " can force " + forced_goal(r.forcer) + " by move " +
           std::to_string(*r.earliest) + " whatever " + other + " plays" + first +
           ". Proof: a strategy tree of " + size + ", " + std::to_string(r.proof_leaves) +
           " of them final" + (r.strategy_built ? " (--json prints it)." : ", too big to print.");
  }
  const std::string no = "No: " + forcer + " cannot force " + forced_goal(r.forcer) + " by move " +
                         std::to_string(by_);
  if (r.proof_positions == 1) return no + ": no game reaches it by then.";
  return no + ". Proof: a refutation tree of " + size + " (every " + forcer + " move, one " +
         other + " reply to each), ending in " + std::to_string(r.proof_leaves) +
         " positions where the goal can no longer be reached in time.";
}

nlohmann::json PuzzleText::moves_json(const MoveSequence& moves) const {
  nlohmann::json j = nlohmann::json::array();
  for (Square sq : moves) j.push_back(move_name(rules_.geometry(), sq));
  return j;
}

nlohmann::json PuzzleText::to_json(const ExistsResult& r) const {
  nlohmann::json j = reading_json();
  j["answer"] = r.complete ? nlohmann::json(r.yes) : nlohmann::json(nullptr);
  j["earliest"] = r.earliest ? nlohmann::json(*r.earliest) : nlohmann::json(nullptr);
  j["searched_to"] = r.searched_to;
  j["explanation"] = explanation(r);
  if (r.earliest) {
    j["witness"] = moves_json(r.witness);
    const Tally t = rules_.tally(final_position(rules_, r.witness));
    j["final"] = {{"dark", t.dark}, {"light", t.light}, {"empty", t.empty}};
  }
  if (r.counts) {
    const PuzzleCounts& c = *r.counts;
    nlohmann::json at_move = nlohmann::json::array();
    for (std::size_t k = 0; k < c.at_move.size(); ++k)
      if (c.at_move[k] > 0) at_move.push_back({{"move", k}, {"sequences", c.at_move[k]}});
    nlohmann::json first = nlohmann::json::array();
    for (const auto& f : c.by_first_move)
      first.push_back({{"move", move_name(rules_.geometry(), f.move)}, {"sequences", f.sequences}});
    j["count"] = {{"sequences", c.sequences},
                  {"at_move", at_move},
                  {"by_first_move", first},
                  {"classes", c.classes},
                  {"symmetries", c.symmetries}};
  }
  if (request_.list_limit > 0) {
    nlohmann::json list = nlohmann::json::array();
    for (const auto& seq : r.listed) list.push_back(moves_json(seq));
    j["list"] = list;
    j["list_truncated"] = r.list_truncated;
  }
  j["positions_searched"] = r.positions;
  j["complete"] = r.complete;
  return j;
}

nlohmann::json PuzzleText::strategy_json(const StrategyNode& node, bool root) const {
  nlohmann::json j = nlohmann::json::object();
  if (root) {
    j["to_move"] = color_name(opposite(node.mover));
  } else {
    j["move"] = move_name(rules_.geometry(), node.move);
    j["by"] = color_name(node.mover);
  }
  if (node.goal) {
    j["goal"] = true;
    return j;
  }
  nlohmann::json next = nlohmann::json::array();
  for (const auto& c : node.next) next.push_back(strategy_json(c, false));
  j["next"] = next;
  return j;
}

nlohmann::json PuzzleText::to_json(const ForcedResult& r) const {
  nlohmann::json j = {{"forcer", color_name(r.forcer)},
                      {"answer", r.complete ? nlohmann::json(r.yes) : nlohmann::json(nullptr)},
                      {"earliest", r.earliest ? nlohmann::json(*r.earliest) : nullptr},
                      {"explanation", explanation(r)},
                      {"proof",
                       {{"kind", r.yes ? "strategy" : "refutation"},
                        {"positions", r.proof_positions},
                        {"leaves", r.proof_leaves},
                        {"complete_tree", r.proof_positions <= max_strategy_nodes}}},
                      {"positions_searched", r.positions},
                      {"complete", r.complete}};
  j["strategy"] = r.strategy_built ? strategy_json(r.strategy, true) : nlohmann::json(nullptr);
  return j;
}

}  // namespace reversi::cli
