#include "core/game.hpp"

namespace reversi {

std::vector<Position> Replay::positions(const Rules& rules) const {
  std::vector<Position> out;
  out.reserve(moves.size() + 1);
  Position p = start;
  out.push_back(p);
  for (const auto& m : moves) {
    p = m.is_pass() ? rules.pass(p) : rules.play(p, m.square);
    out.push_back(p);
  }
  return out;
}

namespace {

std::string side_word(Color c) {
  return c == Color::dark ? "dark" : "light";
}

}  // namespace

Replay replay(const Rules& rules, const Position& start, const std::vector<WrittenMove>& moves,
              ReplayOptions options) {
  Replay out;
  out.start = start;
  out.moves.reserve(moves.size() + 4);
  Position p = start;
  const auto& g = rules.geometry();
  int index = 0;
  for (const auto& w : moves) {
    ++index;
    const auto fail = [&](ErrorKind kind, std::string reason) {
      out.error =
          ReplayError{RecordError{kind, std::move(reason), index, w.text}, p, rules.legal_moves(p)};
    };
    Bits legal = rules.legal_moves(p);
    if (legal == 0 && !w.is_pass()) {
      const Position other = rules.pass(p);
      if (!rules.has_move(other)) {
        fail(ErrorKind::after_game_end, "the game was already over");
        break;
      }
      if (!options.infer_passes || (w.side && *w.side == p.to_move)) {
        fail(ErrorKind::missing_pass,
             side_word(p.to_move) + " had no legal move but the record does not pass");
        break;
      }
      out.moves.push_back(PlayedMove{no_square, p.to_move, 0, true, 0});
      p = other;
      legal = rules.legal_moves(p);
    }
    if (w.side && *w.side != p.to_move) {
      fail(ErrorKind::wrong_side, "the record has " + side_word(*w.side) + " move but " +
                                      side_word(p.to_move) + " is to move");
      break;
    }
    if (w.is_pass()) {
      if (legal != 0) {
        fail(ErrorKind::pass_with_moves, side_word(p.to_move) + " passes but has a legal move");
        break;
      }
      if (!rules.has_move(rules.pass(p))) {
        fail(ErrorKind::after_game_end, "the game was already over");
        break;
      }
      out.moves.push_back(PlayedMove{no_square, p.to_move, 0, false, index});
      p = rules.pass(p);
      continue;
    }
    const Bits b = bit<Bits>(w.square);
    if ((legal & b) == 0) {
      if ((b & rules.holes()) != 0) {
        fail(ErrorKind::occupied, g.name(w.square) + " is a hole");
      } else if ((p.occupied() & b) != 0) {
        fail(ErrorKind::occupied, g.name(w.square) + " is already occupied");
      } else if (p.supply_of_mover() <= 0) {
        fail(ErrorKind::flips_nothing, side_word(p.to_move) + " has no discs left to place");
      } else if (rules.placing(p)) {
        fail(ErrorKind::flips_nothing, g.name(w.square) + " is not a centre square");
      } else {
        fail(ErrorKind::flips_nothing, g.name(w.square) + " flips nothing");
      }
      break;
    }
    const Bits flipped = rules.flips(p, w.square);
    out.moves.push_back(PlayedMove{w.square, p.to_move, flipped, false, index});
    p = rules.play(p, w.square);
  }
  out.final_position = p;
  out.finished = rules.game_over(p);
  return out;
}

}  // namespace reversi
