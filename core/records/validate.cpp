#include "core/records/validate.hpp"

#include <cmath>
#include <sstream>

#include "core/records/ggf.hpp"

namespace reversi::records {

namespace {

std::string number_text(double v, int decimals) {
  std::ostringstream s;
  s.setf(std::ios::fixed);
  s.precision(decimals);
  s << v;
  return s.str();
}

std::string signed_text(int v) {
  std::string out = v > 0 ? "+" : "";
  out += std::to_string(v);
  return out;
}

void fail(Validation& out, RecordError error, std::optional<Position> at, const Rules& rules) {
  out.verdict = Verdict::invalid;
  out.error = std::move(error);
  out.before = at;
  out.legal = at ? rules.legal_moves(*at) : 0;
}

// GGF RE: dark's margin (winner takes empties) less the komi, to the decimals written.
std::optional<RecordError> check_stated_result(const GameRecord& r, int dark_margin) {
  const auto stated = parse_ggf_result(r.meta.result);
  if (!stated) {
    return RecordError{
        ErrorKind::bad_format, "result '" + r.meta.result + "' is not a margin", 0, {}};
  }
  // A game that ended by resignation or time was not played out: nothing to compare.
  if (!stated->suffix.empty()) return std::nullopt;
  const double komi = r.meta.komi.value_or(0.0);
  const double expected = dark_margin - komi;
  const double tolerance = 0.5 * std::pow(10.0, -stated->decimals) + 1e-9;
  if (std::abs(stated->margin - expected) <= tolerance) return std::nullopt;
  std::string replayed = "dark " + signed_text(dark_margin);
  if (komi != 0)
    replayed += " less komi " + number_text(komi, 3) + " = " + number_text(expected, 3);
  return RecordError{ErrorKind::result_mismatch,
                     "the record states " + r.meta.result + " but the replay gives " + replayed,
                     0,
                     {}};
}

std::optional<RecordError> check_wthor_score(const GameRecord& r, const Tally& t) {
  const int replayed = wthor_black_score(t);
  if (r.meta.wthor->black_score == replayed) return std::nullopt;
  return RecordError{ErrorKind::result_mismatch,
                     "the record stores " + std::to_string(r.meta.wthor->black_score) +
                         " discs for black but the replay gives " + std::to_string(replayed),
                     0,
                     {}};
}

// Every scored move of a position line must be legal there.
std::optional<RecordError> check_scored_moves(const GameRecord& r) {
  const auto& g = r.rules.geometry();
  const Bits legal = r.rules.legal_moves(r.start);
  int number = 0;
  for (const auto& s : r.meta.move_scores) {
    ++number;
    const auto sq = g.parse(s.move);
    if (!sq) {
      if (legal == 0) continue;  // a scored pass is right when there is no move
      return RecordError{ErrorKind::pass_with_moves, "a pass is scored but there are legal moves",
                         number, s.move};
    }
    if ((legal & bit<Bits>(*sq)) != 0) continue;
    const bool taken = (r.start.occupied() & bit<Bits>(*sq)) != 0;
    return RecordError{taken ? ErrorKind::occupied : ErrorKind::flips_nothing,
                       g.name(*sq) + (taken ? " is already occupied" : " flips nothing") +
                           ", so it cannot be scored",
                       number, s.move};
  }
  return std::nullopt;
}

}  // namespace

std::string verdict_name(Verdict v) {
  switch (v) {
    case Verdict::valid:
      return "valid";
    case Verdict::unfinished:
      return "unfinished";
    case Verdict::invalid:
      return "invalid";
  }
  return "invalid";
}

int wthor_black_score(const Tally& t) {
  if (t.dark > t.light) return t.dark + t.empty;
  if (t.dark == t.light) return t.dark + t.empty / 2;
  return t.dark;
}

Validation validate(const ParsedGame& game, const ValidateOptions& options) {
  Replay replayed;
  return validate(game, options, replayed);
}

Validation validate(const ParsedGame& game, const ValidateOptions& options, Replay& replayed) {
  Validation out;
  const GameRecord& r = game.record;
  const Rules& rules = r.rules;
  const bool moves_readable = !game.error || game.error->move_number > 0;
  if (!moves_readable || !rules.is_valid(r.start)) {
    out.final_position = r.start;
    fail(out,
         game.error ? *game.error
                    : RecordError{ErrorKind::bad_board, "the start position is not valid", 0, {}},
         std::nullopt, rules);
    return out;
  }
  replayed = replay(rules, r.start, r.moves, ReplayOptions{!r.explicit_passes});
  for (const auto& m : replayed.moves) {
    if (!m.is_pass()) {
      ++out.moves_replayed;
      continue;
    }
    ++out.passes;
    if (m.inferred) ++out.inferred_passes;
  }
  out.final_position = replayed.final_position;
  out.finished = replayed.finished;
  if (replayed.error) {
    fail(out, replayed.error->error, replayed.error->before, rules);
    return out;
  }
  // A token the parser could not read comes after every move replayed above.
  if (game.error) {
    fail(out, *game.error, replayed.final_position, rules);
    return out;
  }
  if (r.position_only) {
    if (auto e = check_scored_moves(r)) fail(out, *e, r.start, rules);
    if (out.finished) out.dark_margin = rules.value(out.final_position, Color::dark);
    return out;
  }
  if (!out.finished) {
    if (options.require_complete) {
      fail(out,
           RecordError{ErrorKind::unfinished,
                       "the record stops before the game is over (--require-complete)",
                       0,
                       {}},
           out.final_position, rules);
    } else {
      out.verdict = Verdict::unfinished;
    }
    return out;
  }
  const Tally t = rules.tally(out.final_position);
  out.dark_margin = rules.value(t, Color::dark);
  std::optional<RecordError> problem;
  if (!r.meta.result.empty()) problem = check_stated_result(r, *out.dark_margin);
  if (!problem && r.meta.wthor) problem = check_wthor_score(r, t);
  if (problem) fail(out, *problem, out.final_position, rules);
  return out;
}

}  // namespace reversi::records
