#include "reference.hpp"

#include <algorithm>
#include <cstdlib>
#include <stdexcept>
#include <string>

namespace reversi::reference {

namespace {
Cell other(Cell c) {
  return c == dark ? light : dark;
}
int count_placed(const Board& b) {
  return static_cast<int>(std::count_if(b.cells.begin(), b.cells.end(),
                                        [](Cell c) { return c == dark || c == light; }));
}
}  // namespace

Board from_position(const Rules& rules, const Position& p) {
  const auto& g = rules.geometry();
  Board b;
  b.size = g.size();
  b.cells.assign(static_cast<std::size_t>(g.cells()), empty);
  const Bits d = p.discs(Color::dark);
  const Bits l = p.discs(Color::light);
  for (int r = 0; r < g.size(); ++r)
    for (int c = 0; c < g.size(); ++c) {
      const Bits sq = bit<Bits>(g.square(r, c));
      b.at(r, c) = (d & sq) ? dark : (l & sq) ? light : (rules.holes() & sq) ? hole : empty;
    }
  b.to_move = p.to_move == Color::dark ? dark : light;
  b.supply[dark] = p.supply[0];
  b.supply[light] = p.supply[1];
  b.free_start = rules.start() == Start::free;
  return b;
}

Board initial(const Rules& rules) {
  Board b;
  b.size = rules.size();
  b.cells.assign(static_cast<std::size_t>(b.size * b.size), empty);
  for (int r = 0; r < b.size; ++r)
    for (int c = 0; c < b.size; ++c)
      if ((rules.holes() & bit<Bits>(rules.geometry().square(r, c))) != 0) b.at(r, c) = hole;
  b.to_move = dark;
  b.free_start = rules.start() == Start::free;
  if (b.free_start) {
    b.supply[dark] = b.supply[light] = b.size * b.size / 2;
    return b;
  }
  const int h = b.size / 2;
  b.at(h - 1, h - 1) = light;
  b.at(h, h) = light;
  b.at(h - 1, h) = dark;
  b.at(h, h - 1) = dark;
  return b;
}

Position to_position(const Rules& rules, const Board& b) {
  const auto& g = rules.geometry();
  Position p;
  Bits d = 0;
  Bits l = 0;
  for (int r = 0; r < b.size; ++r)
    for (int c = 0; c < b.size; ++c) {
      if (b.at(r, c) == dark) d |= bit<Bits>(g.square(r, c));
      if (b.at(r, c) == light) l |= bit<Bits>(g.square(r, c));
    }
  p.to_move = b.to_move == dark ? Color::dark : Color::light;
  p.player = b.to_move == dark ? d : l;
  p.opponent = b.to_move == dark ? l : d;
  p.supply = {static_cast<std::int16_t>(b.supply[dark]),
              static_cast<std::int16_t>(b.supply[light])};
  return p;
}

std::vector<std::pair<int, int>> flips(const Board& b, int r, int c) {
  std::vector<std::pair<int, int>> out;
  if (b.at(r, c) != empty) return out;
  const Cell me = b.to_move;
  for (int dr = -1; dr <= 1; ++dr)
    for (int dc = -1; dc <= 1; ++dc) {
      if (dr == 0 && dc == 0) continue;
      std::vector<std::pair<int, int>> run;
      int rr = r + dr;
      int cc = c + dc;
      while (rr >= 0 && rr < b.size && cc >= 0 && cc < b.size && b.at(rr, cc) == other(me)) {
        run.emplace_back(rr, cc);
        rr += dr;
        cc += dc;
      }
      if (!run.empty() && rr >= 0 && rr < b.size && cc >= 0 && cc < b.size && b.at(rr, cc) == me)
        out.insert(out.end(), run.begin(), run.end());
    }
  return out;
}

std::vector<std::pair<int, int>> legal_moves(const Board& b) {
  std::vector<std::pair<int, int>> out;
  if (b.supply[b.to_move] <= 0) return out;
  const int h = b.size / 2;
  const bool placing = b.free_start && count_placed(b) < 4;
  for (int r = 0; r < b.size; ++r)
    for (int c = 0; c < b.size; ++c) {
      if (placing) {
        if (b.at(r, c) == empty && (r == h - 1 || r == h) && (c == h - 1 || c == h))
          out.emplace_back(r, c);
      } else if (!flips(b, r, c).empty()) {
        out.emplace_back(r, c);
      }
    }
  return out;
}

Board play(const Board& b, int r, int c) {
  Board n = b;
  const bool placing = b.free_start && count_placed(b) < 4;
  if (!placing)
    for (auto [fr, fc] : flips(b, r, c)) n.at(fr, fc) = b.to_move;
  n.at(r, c) = b.to_move;
  if (n.supply[b.to_move] < 10000) --n.supply[b.to_move];
  n.to_move = other(b.to_move);
  return n;
}

Board pass(const Board& b) {
  Board n = b;
  n.to_move = other(b.to_move);
  return n;
}

bool game_over(const Board& b) {
  return legal_moves(b).empty() && legal_moves(pass(b)).empty();
}

int minimax(const Rules& rules, const Board& b) {
  const auto moves = legal_moves(b);
  if (moves.empty()) {
    const Board p = pass(b);
    if (legal_moves(p).empty()) {
      int own = 0;
      int opp = 0;
      int emp = 0;
      for (Cell c : b.cells) {
        if (c == b.to_move)
          ++own;
        else if (c == other(b.to_move))
          ++opp;
        else if (c == empty)
          ++emp;
      }
      return margin(own, opp, emp, rules.anti(), rules.scoring());
    }
    return -minimax(rules, p);
  }
  int best = -1000;
  for (auto [r, c] : moves) best = std::max(best, -minimax(rules, play(b, r, c)));
  return best;
}

Position random_position(const Rules& rules, std::mt19937_64& rng, int plies) {
  Position p = rules.initial();
  for (int i = 0; i < plies; ++i) {
    Bits moves = rules.legal_moves(p);
    if (moves == 0) {
      if (rules.game_over(p)) break;
      p = rules.pass(p);
      continue;
    }
    const int n = popcount(moves);
    int pick = static_cast<int>(rng() % static_cast<std::uint64_t>(n));
    while (pick-- > 0) moves &= moves - 1;
    p = rules.play(p, lowest_square(moves));
  }
  return p;
}

int test_scale() {
  const char* text = std::getenv("REVERSI_TEST_SCALE");
  if (text == nullptr) return 1;
  try {
    return std::max(1, std::stoi(text));
  } catch (const std::exception&) {
    return 1;
  }
}

}  // namespace reversi::reference
