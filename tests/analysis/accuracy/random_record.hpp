// A whole game of uniformly random legal moves as a record, for the tests of the benches that
// read games.
#pragma once

#include <cstdint>
#include <random>
#include <vector>

#include "core/records/record.hpp"
#include "core/rules.hpp"

namespace reversi::testing {

inline records::GameRecord random_record(const Rules& rules, std::mt19937_64& rng) {
  records::GameRecord r;
  r.rules = rules;
  r.start = rules.initial();
  Position p = rules.initial();
  while (!rules.game_over(p)) {
    Bits legal = rules.legal_moves(p);
    if (legal == 0) {
      p = rules.pass(p);
      continue;
    }
    int pick = static_cast<int>(rng() % static_cast<std::uint64_t>(popcount(legal)));
    while (pick-- > 0) legal &= legal - 1;
    const Square sq = lowest_square(legal);
    r.moves.push_back(WrittenMove{rules.geometry().name(sq), sq, std::nullopt});
    p = rules.play(p, sq);
  }
  return r;
}

// `count` such games from one seed.
inline std::vector<records::GameRecord> random_records(const Rules& rules, std::uint64_t seed,
                                                       int count) {
  std::mt19937_64 rng(seed);
  std::vector<records::GameRecord> out;
  for (int i = 0; i < count; ++i) out.push_back(random_record(rules, rng));
  return out;
}

}  // namespace reversi::testing
