#include "analysis/annotate.hpp"

#include <algorithm>

#include "analysis/estimate_memo.hpp"
#include "analysis/eval/weights.hpp"

namespace reversi {

namespace {

using records::GameRecord;

std::vector<Square> squares_of(const std::vector<Square>& moves) {
  std::vector<Square> out = moves;
  std::sort(out.begin(), out.end());
  return out;
}

// A position's exact value and best moves, for its mover.
struct Solved {
  int value = 0;
  std::vector<Square> best;
};

// Black's WTHOR score (winner takes empties) from dark's margin under that convention.
int black_score(const Rules& rules, int dark_margin) {
  return (popcount(rules.playable()) + dark_margin) / 2;
}

// Which root moves a solve settles: the best one, every one worth the value (tied_best), or every
// one inside the window until a move reaches beta (SolveRequest::stop_at_beta).
enum class RootMoves { best, best_and_ties, all_until_beta };

// Solves the positions of one game, reusing one solver whose table carries over between them;
// each solve is counted in the part of the work it was asked for.
class ExactSolver {
 public:
  using Part = AnnotationWork::Part;

  ExactSolver(const Rules& rules, Solver& solver, const AnnotateOptions& options)
      : rules_(rules), solver_(solver), options_(options) {}

  bool stopped() const { return stopped_; }

  // The value of a position (any: over, or with the mover to pass) inside (alpha, beta), else a
  // bound; `moves` says which root moves get their values inside the same window.
  SolveResult run(Part& part, const Position& p, int alpha, int beta,
                  RootMoves moves = RootMoves::best) {
    SolveRequest req;
    req.rules = rules_;
    req.root = p;
    req.alpha = alpha;
    req.beta = beta;
    req.all_moves = moves == RootMoves::all_until_beta;
    req.tied_best = moves == RootMoves::best_and_ties;
    req.stop_at_beta = moves == RootMoves::all_until_beta;
    req.want_pv = false;
    req.threads =
        rules_.empties(p) >= options_.parallel_solve_empties ? options_.solver_threads : 1;
    req.stop = options_.stop;
    req.patterns = options_.patterns;
    SolveResult r = solver_.solve(req);
    part.add(r.nodes);
    if (!r.complete) stopped_ = true;
    return r;
  }

  int value(Part& part, const Position& p) {
    return run(part, p, -solve_infinity, solve_infinity).value;
  }

  // The value and best moves of a position with a legal move, given the value of one of its
  // moves (the move played), which bounds the value from below. One null-window-like solve
  // settles the usual case, where the move played was best; otherwise it ends at the first
  // better move, whose proof the next solve reuses (the moves after it would be searched again
  // there: annotate's exact zone took 14% fewer nodes, docs/benchmarks.md).
  Solved with_known_move(AnnotationWork& work, const Position& p, int known) {
    const SolveResult r =
        run(work.given_played, p, known - 1, known + 1, RootMoves::all_until_beta);
    if (stopped_) return {};
    if (r.exact() && r.value == known) return {known, squares_of(r.best_moves)};
    // A better move exists: its value is above `known`.
    return with_ties(work.after_better, p, known);
  }

  Solved from_scratch(Part& part, const Position& p) { return with_ties(part, p, -solve_infinity); }

 private:
  // The value above `alpha` and every move worth it, in one search (SolveRequest::tied_best): a
  // value search and then a search of every move at that value took 3-4% more of the exact
  // zone's nodes (docs/benchmarks.md).
  Solved with_ties(Part& part, const Position& p, int alpha) {
    const SolveResult r = run(part, p, alpha, solve_infinity, RootMoves::best_and_ties);
    if (stopped_) return {};
    return {r.value, squares_of(r.best_moves)};
  }

  const Rules& rules_;
  Solver& solver_;
  const AnnotateOptions& options_;
  bool stopped_ = false;
};

class GameAnnotator {
 public:
  GameAnnotator(const GameRecord& record, AnnotateEngines& engines, const AnnotateOptions& options)
      : record_(record),
        rules_(record.rules),
        engines_(engines),
        options_(options),
        exact_(rules_, engines.solver, options) {}

  Annotation run();

 private:
  bool stopped() const {
    return exact_.stopped() || estimate_stopped_ ||
           (options_.stop != nullptr && options_.stop->load());
  }
  bool in_exact_zone(const Position& p) const {
    return rules_.empties(p) <= options_.exact_empties;
  }

  void describe_moves();
  void name_openings();
  void solve_exact_zone();
  void estimate_rest();
  void prove_alternative();
  void judge_moves();
  void summarise();
  void compare_theoretical();
  EstimatedValues estimate(const Position& p, Square wanted);
  std::optional<EstimatedValues> stored_estimate(const Position& p, Square played) const;

  const GameRecord& record_;
  const Rules& rules_;
  AnnotateEngines& engines_;
  const AnnotateOptions& options_;
  ExactSolver exact_;
  Replay replay_;
  std::vector<Position> positions_;
  // Exact values for dark of the positions in the exact zone, by position index.
  std::vector<std::optional<int>> dark_values_;
  std::size_t zone_start_ = 0;  // first position index in the exact zone
  bool estimate_stopped_ = false;
  Annotation out_;
};

int for_dark(const Position& p, int v) {
  return p.to_move == Color::dark ? v : -v;
}

void GameAnnotator::describe_moves() {
  int number = 0;
  for (std::size_t k = 0; k < replay_.moves.size(); ++k) {
    const PlayedMove& m = replay_.moves[k];
    const Position& before = positions_[k];
    MoveAnnotation a;
    a.number = ++number;
    a.side = m.side;
    a.square = m.square;
    a.inferred = m.inferred;
    a.flipped = m.flipped;
    a.after = rules_.tally(positions_[k + 1]);
    a.empties = rules_.empties(before);
    a.legal = rules_.legal_moves(before);
    const int other = popcount(rules_.legal_moves(rules_.pass(before)));
    a.mobility[static_cast<std::size_t>(index(before.to_move))] = popcount(a.legal);
    a.mobility[static_cast<std::size_t>(index(opposite(before.to_move)))] = other;
    if (m.is_pass()) {
      ++out_.passes;
    } else {
      ++out_.moves_played;
    }
    out_.moves.push_back(std::move(a));
  }
}

// Names are those of standard 8x8 games: other rules, or a record from another start, get none.
void GameAnnotator::name_openings() {
  if (options_.openings == nullptr || rules_.geometry().size() != 8 ||
      rules_.start() != Start::standard || rules_.anti() ||
      rules_.playable() != Rules().playable() || positions_.front() != rules_.initial())
    return;
  for (std::size_t k = 0; k < out_.moves.size(); ++k) {
    MoveAnnotation& a = out_.moves[k];
    if (a.is_pass()) continue;
    a.opening = options_.openings->name_of(positions_[k + 1]);
    if (a.opening) {
      out_.opening = a.opening;
      out_.opening_move = a.number;
    }
  }
}

// From the end of the game backwards: the value of the move played is then known before its
// position is solved (it is minus the next position's value), and it bounds that position's
// value from below, so one narrow solve settles it whenever the move played was best; the
// solver's table, filled by the later positions, makes the earlier ones cheaper. Measured on the
// first 20 games of WTH_2019 from 20 empties: 10 s backwards, 11-11.6 s forwards (solving each
// position, then its best moves, and skipping the value when the previous move was best).
void GameAnnotator::solve_exact_zone() {
  const std::size_t last = positions_.size() - 1;
  dark_values_.assign(positions_.size(), std::nullopt);
  zone_start_ = positions_.size();
  for (std::size_t k = 0; k <= last; ++k) {
    if (in_exact_zone(positions_[k])) {
      zone_start_ = k;
      break;
    }
  }
  if (zone_start_ > last) return;

  // The end of the record.
  const Position& final_position = positions_[last];
  int next_value;  // the mover's value at position k + 1
  if (rules_.game_over(final_position)) {
    next_value = rules_.value(final_position, final_position.to_move);
  } else {
    const Solved s = exact_.from_scratch(out_.work.final_position, final_position);
    if (stopped()) return;
    next_value = s.value;
    EndAnnotation end;
    end.empties = rules_.empties(final_position);
    end.legal = rules_.legal_moves(final_position);
    end.exact = ExactValues{s.value, s.value, s.best};
    out_.end = std::move(end);
  }
  dark_values_[last] = for_dark(final_position, next_value);

  for (std::size_t k = last; k-- > zone_start_;) {
    const Position& p = positions_[k];
    MoveAnnotation& a = out_.moves[k];
    const int played = -next_value;
    ExactValues values;
    values.played = played;
    if (a.is_pass()) {
      values.value = played;  // a forced pass is the only move
    } else {
      const Solved s = exact_.with_known_move(out_.work, p, played);
      if (stopped()) return;
      values.value = s.value;
      values.best = s.best;
    }
    a.exact = std::move(values);
    next_value = a.exact->value;
    dark_values_[k] = for_dark(p, next_value);
  }
}

EstimatedValues GameAnnotator::estimate(const Position& p, Square wanted) {
  EstimateMemo* memo =
      options_.memo != nullptr && EstimateMemo::worth_keeping(rules_, p) ? options_.memo : nullptr;
  if (memo != nullptr) {
    if (std::optional<EstimatedValues> kept = memo->find(rules_, p, wanted)) {
      out_.work.reused.add(0);
      return std::move(*kept);
    }
  }
  EstimateRequest req =
      annotation_estimate(rules_, p, options_.estimate_depth, options_.estimate_selectivity);
  req.wanted = wanted;
  req.stop = options_.stop;
  req.patterns = options_.patterns;
  const EstimateResult r = engines_.estimator.estimate(req);
  out_.work.estimates.add(r.nodes);
  if (!r.complete) estimate_stopped_ = true;
  EstimatedValues v;
  v.value = r.value;
  v.played = r.wanted_value.value_or(r.value);
  v.best = r.best_moves;
  v.depth = r.depth;
  v.selectivity = r.selectivity;
  if (memo != nullptr && r.complete) memo->keep(rules_, p, wanted, v);
  return v;
}

// The values the options store for the position, as a search of the same depth would give them:
// the best value, the played move's, and every move of the best value in square order.
std::optional<EstimatedValues> GameAnnotator::stored_estimate(const Position& p,
                                                              Square played) const {
  if (options_.stored == nullptr || played == no_square) return std::nullopt;
  const auto found = (*options_.stored)(p);
  if (!found || found->depth < 1 || found->moves.empty()) return std::nullopt;
  EstimatedValues v;
  v.depth = found->depth;
  v.stored = true;
  bool has_played = false;
  v.value = found->moves.front().second;
  for (const auto& [sq, value] : found->moves) {
    v.value = std::max(v.value, value);
    if (sq == played) {
      v.played = value;
      has_played = true;
    }
  }
  if (!has_played) return std::nullopt;
  for (const auto& [sq, value] : found->moves)
    if (value == v.value) v.best.push_back(sq);
  std::sort(v.best.begin(), v.best.end());
  return v;
}

void GameAnnotator::estimate_rest() {
  for (std::size_t k = 0; k < zone_start_ && k < out_.moves.size(); ++k) {
    const auto stored = stored_estimate(positions_[k], out_.moves[k].square);
    out_.moves[k].estimate = stored ? *stored : estimate(positions_[k], out_.moves[k].square);
    if (stopped()) return;
  }
  const Position& final_position = positions_.back();
  if (!out_.end && !rules_.game_over(final_position) && !in_exact_zone(final_position)) {
    EndAnnotation end;
    end.empties = rules_.empties(final_position);
    end.legal = rules_.legal_moves(final_position);
    end.estimate = estimate(final_position, no_square);
    out_.end = std::move(end);
  }
}

// The move just above the exact zone: its exact value is minus the next position's, so one solve
// of the estimate's best move, when the move played is not among the estimate's best, can prove
// a loss outright. The window asks only whether that move is better by a mistake's worth: a move
// that is not costs a cutoff, not a proof of its value.
void GameAnnotator::prove_alternative() {
  if (zone_start_ == 0 || zone_start_ >= positions_.size()) return;
  const std::size_t k = zone_start_ - 1;
  MoveAnnotation& a = out_.moves[k];
  if (a.is_pass() || !a.estimate || !worth_proving(a.estimate->loss(), a.estimate->best, a.square))
    return;
  const std::vector<Square>& best = a.estimate->best;
  const Position& p = positions_[k];
  const int played = -for_dark(positions_[k + 1], *dark_values_[k + 1]);
  const Position child = rules_.play(p, best.front());
  const int gain_needed = played + mistake_discs;  // a smaller proven loss would call nothing
  const SolveResult r = exact_.run(out_.work.proof, child, -solve_infinity, -gain_needed + 1);
  if (stopped() || -r.value < gain_needed) return;
  a.estimate->proven = ProvenAlternative{best.front(), -r.value, played};
}

void count_call(SideSummary& s, const MoveAnnotation& a) {
  if (!a.judgement) return;
  if (a.judgement->call == Call::mistake) ++s.mistakes;
  if (a.judgement->call == Call::blunder) ++s.blunders;
}

// Exact losses are called as they are; estimated ones beyond the margin of their phase, for the
// evaluation the margins were measured on.
void GameAnnotator::judge_moves() {
  const std::optional<eval::WeightsGame> game = pattern_game(rules_);
  for (MoveAnnotation& a : out_.moves) {
    if (a.is_pass()) continue;
    if (a.exact) {
      a.judgement = judge_exact(a.exact->loss());
    } else if (a.estimate) {
      const std::optional<int> margin = game ? loss_margin(*game, a.empties) : std::nullopt;
      const auto& proven = a.estimate->proven;
      a.judgement = judge_estimate(a.estimate->loss(), margin,
                                   proven ? std::optional<int>(proven->loss()) : std::nullopt);
    }
  }
}

void GameAnnotator::summarise() {
  judge_moves();
  for (const auto& a : out_.moves) {
    if (a.is_pass()) continue;
    SideSummary& s = out_.sides[static_cast<std::size_t>(index(a.side))];
    if (a.exact) {
      ++s.exact_moves;
      s.exact_loss += a.exact->loss();
      if (a.exact->loss() > 0) ++s.exact_errors;
    } else if (a.estimate) {
      ++s.estimate_moves;
    }
    count_call(s, a);
  }
  if (zone_start_ >= positions_.size()) return;
  if (zone_start_ < out_.moves.size()) out_.exact_from = out_.moves[zone_start_].number;
  out_.exact_start = DarkValue{*dark_values_[zone_start_]};
  // The last change of outcome: scan from the end.
  for (std::size_t k = positions_.size() - 1; k-- > zone_start_;) {
    const DarkValue before{*dark_values_[k]};
    const DarkValue after{*dark_values_[k + 1]};
    if (before.outcome() == after.outcome()) continue;
    const MoveAnnotation& a = out_.moves[k];
    out_.turning_point = TurningPoint{a.number, a.side, a.square, before, after};
    break;
  }
}

void GameAnnotator::compare_theoretical() {
  if (!record_.meta.wthor || options_.theoretical == TheoreticalCheck::never) return;
  const auto& w = *record_.meta.wthor;
  TheoreticalComparison c;
  c.depth = w.depth;
  c.stored = w.theoretical_score;
  // Free when the position at that depth was solved under the same convention.
  const bool same_convention = rules_.scoring() == Scoring::winner_takes_empties && !rules_.anti();
  for (std::size_t k = 0; k < positions_.size(); ++k) {
    if (rules_.empties(positions_[k]) != w.depth) continue;
    c.reached = true;
    if (same_convention && dark_values_.size() > k && dark_values_[k]) {
      c.checked = true;
      c.solver = black_score(rules_, *dark_values_[k]);
      out_.theoretical = c;
      return;
    }
    break;
  }
  if (options_.theoretical == TheoreticalCheck::always || w.depth <= options_.exact_empties) {
    out_.theoretical = check_theoretical(record_, engines_.solver, options_);
    if (options_.stop != nullptr && options_.stop->load()) out_.complete = false;
    return;
  }
  out_.theoretical = c;
}

Annotation GameAnnotator::run() {
  replay_ = replay(rules_, record_.start, record_.moves, ReplayOptions{!record_.explicit_passes});
  positions_ = replay_.positions(rules_);
  const Position& final_position = positions_.back();
  out_.result.finished = rules_.game_over(final_position);
  out_.result.discs = rules_.tally(final_position);
  if (out_.result.finished) {
    const Tally& t = out_.result.discs;
    out_.result.dark_count = margin(t.dark, t.light, t.empty, rules_.anti(), Scoring::count);
    out_.result.dark_winner =
        margin(t.dark, t.light, t.empty, rules_.anti(), Scoring::winner_takes_empties);
  }
  describe_moves();
  name_openings();
  solve_exact_zone();
  if (!stopped()) estimate_rest();
  if (!stopped()) prove_alternative();
  if (!stopped()) summarise();
  if (!stopped()) compare_theoretical();
  out_.complete = out_.complete && !stopped();
  return std::move(out_);
}

}  // namespace

Annotation annotate(const GameRecord& record, AnnotateEngines& engines,
                    const AnnotateOptions& options) {
  return GameAnnotator(record, engines, options).run();
}

std::optional<TheoreticalComparison> check_theoretical(const GameRecord& record, Solver& solver,
                                                       const AnnotateOptions& options) {
  if (!record.meta.wthor) return std::nullopt;
  const auto& w = *record.meta.wthor;
  TheoreticalComparison c;
  c.depth = w.depth;
  c.stored = w.theoretical_score;
  // WTHOR scores give the empties to the winner, whatever the record's rules say.
  const Rules rules = record.rules.with_scoring(Scoring::winner_takes_empties);
  const Replay r =
      replay(rules, record.start, record.moves, ReplayOptions{!record.explicit_passes});
  const std::vector<Position> positions = r.positions(rules);
  const auto at_depth = std::find_if(positions.begin(), positions.end(), [&](const Position& q) {
    return rules.empties(q) == w.depth;
  });
  if (at_depth == positions.end()) {
    // The game never reached that depth: a finished game's own score is its theoretical one.
    const Position& last = positions.back();
    if (rules.game_over(last)) {
      c.checked = true;
      c.solver = black_score(rules, rules.value(last, Color::dark));
    }
    return c;
  }
  const Position& p = *at_depth;
  c.reached = true;
  ExactSolver exact(rules, solver, options);
  AnnotationWork::Part work;
  // The stored score as the mover's margin; a window around it proves agreement.
  const int expected = for_dark(p, 2 * w.theoretical_score - popcount(rules.playable()));
  const SolveResult first = exact.run(work, p, expected - 1, expected + 1);
  c.nodes = work.nodes;
  if (exact.stopped()) return c;
  int value = first.value;
  if (!first.exact()) {
    value = exact.value(work, p);
    c.nodes = work.nodes;
    if (exact.stopped()) return c;
  }
  c.checked = true;
  c.solver = black_score(rules, for_dark(p, value));
  return c;
}

}  // namespace reversi
