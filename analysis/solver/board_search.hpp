// The solver's bridge from positions of the rules layer to the bitboard engine of the board's
// width: a window's value, and what the engine's table knows of a position.
#pragma once

#include <memory>
#include <optional>

#include "analysis/endgame/engine.hpp"
#include "analysis/estimate/estimate.hpp"
#include "analysis/eval/weights.hpp"
#include "analysis/solver/search.hpp"

namespace reversi::endgame {

// A position's window searched by the bitboard engine of its board's width, and what the
// engine's table knows of it, for positions past any free-centre placement.
class BoardSearch {
 public:
  // `narrow` and `wide`: the solver's tables for boards of 64 squares or fewer and for larger
  // ones (only the one the rules' board needs is read).
  BoardSearch(const SolveRequest& request, Tables<Bits64>* narrow, Tables<Bits128>* wide)
      : rules_(request.rules),
        narrow_(rules_.geometry().narrow()),
        layout8_(narrow_ ? std::make_unique<Layout<Kernel8>>(rules_) : nullptr),
        layout10_(narrow_ ? nullptr : std::make_unique<Layout<Kernel10>>(rules_)),
        table8_(narrow),
        table10_(wide),
        patterns_(ordering_patterns_for(rules_, request.patterns)) {}

  // The engine's pattern evaluation (nullptr for its built-in heuristic).
  const eval::PatternEvaluator* patterns() const { return patterns_; }

  // The value of the position: exact inside (alpha, beta), a fail-soft bound outside it.
  // `level`: 0, or a selective search's confidence (cuts_selectively()).
  int value(const Position& pos, int alpha, int beta, Context& c, int level = 0) const {
    if (narrow_) return engine_value<Kernel8>(*layout8_, *table8_, pos, alpha, beta, c, level);
    return engine_value<Kernel10>(*layout10_, *table10_, pos, alpha, beta, c, level);
  }

  // Whether the engine's ProbCut margins hold for these rules: measured for the 8x8 weights.
  bool cuts_selectively() const {
    return patterns_ != nullptr && pattern_game(rules_) == eval::WeightsGame::standard_8x8;
  }

  // The best move the table remembers for a position, or no_square.
  Square table_move(const Position& pos) const {
    const std::optional<TableData> d = table_entry(pos);
    return d && d->move != 0xFF ? Square{d->move} : no_square;
  }

  // Files what the root search proved, so that the next request for the same position (a
  // second window, or all moves) starts from its best move and bounds.
  void remember(const Position& pos, int lower, int upper, Square move) {
    if (rules_.placing(pos)) return;
    const int s = table_supply(pos, pos.supply_of_mover());
    const int n = rules_.empties(pos);
    const int worker = current_worker();
    if (narrow_)
      table8_->store({static_cast<Bits64>(pos.player), static_cast<Bits64>(pos.opponent)}, s, n,
                     lower, upper, move, worker);
    else
      table10_->store({pos.player, pos.opponent}, s, n, lower, upper, move, worker);
  }

  // What the table knows of a position, if anything.
  std::optional<TableData> table_entry(const Position& pos) const {
    if (rules_.placing(pos)) return std::nullopt;
    TableData d;
    const int s = pos.supply_of_mover();
    const int n = rules_.empties(pos);
    const int worker = current_worker();
    const bool found =
        narrow_ ? table8_->probe(
                      n, {static_cast<Bits64>(pos.player), static_cast<Bits64>(pos.opponent)},
                      table_supply(pos, s), d, worker)
                : table10_->probe(n, {pos.player, pos.opponent}, table_supply(pos, s), d, worker);
    return found ? std::optional<TableData>(d) : std::nullopt;
  }

 private:
  // Calls f.template operator()<Anti, WinnerTakesEmpties, Limited>() for the run-time flags.
  template <class F>
  static int with_flags(bool anti, Scoring scoring, bool limited, F&& f) {
    return with_scoring_flags(anti, scoring, [&]<bool A, bool W>() {
      return limited ? f.template operator()<A, W, true>() : f.template operator()<A, W, false>();
    });
  }

  // The supply the engine files a position under (-1 when supplies cannot run out).
  int table_supply(const Position& pos, int s) const {
    return Supply::of(pos, rules_.empties(pos)).limited ? s : -1;
  }

  template <class K, class T>
  int engine_value(const Layout<K>& layout, T& table, const Position& pos, int alpha, int beta,
                   Context& c, int level) const {
    using B = BitsOf<K>;
    const B p = static_cast<B>(pos.player);
    const B o = static_cast<B>(pos.opponent);
    const int n = popcount(layout.playable & ~(p | o));
    const int s = pos.supply_of_mover();
    const Supply supply = Supply::of(pos, n);
    return with_flags(
        rules_.anti(), rules_.scoring(), supply.limited, [&]<bool A, bool W, bool L>() {
          const Engine<K, A, W, L> engine(layout, table, supply.offset, tuning_, patterns_, level);
          return engine.search(p, o, alpha, beta, n, s, c);
        });
  }

  const Rules& rules_;
  bool narrow_;
  std::unique_ptr<Layout<Kernel8>> layout8_;
  std::unique_ptr<Layout<Kernel10>> layout10_;
  Tables<Bits64>* table8_;
  Tables<Bits128>* table10_;
  const eval::PatternEvaluator* patterns_;
  Tuning tuning_;
};

}  // namespace reversi::endgame
