#include "analysis/puzzle/unique.hpp"

#include <algorithm>

namespace reversi {

namespace {

SolveRequest request_for(const Rules& rules, const Position& p, const UniqueRequest& r) {
  SolveRequest req;
  req.rules = rules;
  req.root = p;
  req.want_pv = false;
  req.stop = r.stop;
  req.patterns = r.patterns;
  return req;
}

// Moves proven able to reach above `floor`: the best, and any other within the margin.
int moves_above(const SolveResult& r, int floor) {
  return static_cast<int>(std::count_if(r.move_values.begin(), r.move_values.end(),
                                        [&](const MoveValue& m) { return m.upper > floor; }));
}

}  // namespace

std::optional<UniquePuzzle> prove_unique(Solver& solver, Estimator& estimator, const Rules& rules,
                                         const PuzzleCandidate& candidate,
                                         const UniqueRequest& request) {
  const Position& p = candidate.position;
  if (popcount(rules.legal_moves(p)) < 2) return std::nullopt;
  UniquePuzzle u;
  u.from = candidate;
  // The value first, then one windowed pass: a move at or below value - margin only needs a
  // proof that it cannot do better, which costs far less than its exact value.
  const SolveResult value = solver.solve(request_for(rules, p, request));
  u.nodes += value.nodes;
  if (!value.complete || !value.exact()) return std::nullopt;
  SolveRequest window = request_for(rules, p, request);
  window.alpha = value.value - request.margin;
  window.beta = value.value + 1;
  window.all_moves = true;
  const SolveResult screened = solver.solve(window);
  u.nodes += screened.nodes;
  if (!screened.complete || moves_above(screened, window.alpha) != 1) return std::nullopt;
  // A puzzle: every move's exact score and the answer's line, as the FFO suites list them.
  SolveRequest full = request_for(rules, p, request);
  full.all_moves = true;
  full.want_pv = true;
  const SolveResult scored = solver.solve(full);
  u.nodes += scored.nodes;
  if (!scored.complete) return std::nullopt;
  u.value = scored.value;
  u.scores = scored.move_values;
  u.answer = scored.best_moves.front();
  u.pv = scored.pv;
  u.features = puzzle_features(estimator, rules, p, u.scores, {request.stop, request.patterns});
  u.rating = puzzle_rating(u.features);
  if (request.stop != nullptr && request.stop->load()) return std::nullopt;
  return u;
}

std::string check_unique(Solver& solver, const Rules& rules, const Position& position,
                         const std::vector<MoveValue>& given, int margin,
                         const std::atomic<bool>* stop) {
  SolveRequest req;
  req.rules = rules;
  req.root = position;
  req.all_moves = true;
  req.want_pv = false;
  req.stop = stop;
  const SolveResult r = solver.solve(req);
  if (!r.complete) return "stopped";
  const Geometry& g = rules.geometry();
  if (given.size() != r.move_values.size())
    return std::to_string(given.size()) + " moves listed, the position has " +
           std::to_string(r.move_values.size());
  for (const MoveValue& m : given) {
    const auto found = std::find_if(r.move_values.begin(), r.move_values.end(),
                                    [&](const MoveValue& t) { return t.move == m.move; });
    if (found == r.move_values.end()) return g.name(m.move) + " is not a legal move";
    if (found->value != m.value)
      return g.name(m.move) + " is listed " + std::to_string(m.value) + ", its exact value is " +
             std::to_string(found->value);
  }
  if (r.move_values.size() < 2) return "a single legal move is no puzzle";
  const int second = r.move_values[1].value;
  if (r.value - second < margin)
    return "not unique: " + g.name(r.move_values[1].move) + " (" + std::to_string(second) +
           ") is within " + std::to_string(margin) + " of the best (" + std::to_string(r.value) +
           ")";
  return {};
}

}  // namespace reversi
