// The move generator (core/kernel.hpp), directly and through the rules layer, against the
// array-based reference on random positions.
#include "core/kernel.hpp"

#include <catch2/catch.hpp>
#include <random>

#include "core/board.hpp"
#include "core/notation.hpp"
#include "core/rules.hpp"
#include "reference.hpp"

using namespace reversi;

namespace {

constexpr int positions_per_variant = 100000;

struct Variant {
  const char* name;
  Rules rules;
};

std::vector<Variant> variants_for(int size) {
  const Geometry g(size);
  const Bits two_holes = bit<Bits>(g.square(0, 1)) | bit<Bits>(g.square(size - 1, size - 2));
  return {
      {"standard", Rules(size)},
      {"anti, count scoring", Rules(size, Start::standard, true, 0, Scoring::count)},
      {"black holes", Rules(size, Start::standard, false, two_holes)},
      {"free centre", Rules(size, Start::free)},
  };
}

// Half the positions come from random play, half from random fills that need not be reachable.
Position random_test_position(const Rules& rules, std::mt19937_64& rng, int i) {
  if (i % 2 == 0) {
    const int plies =
        static_cast<int>(rng() % static_cast<std::uint64_t>(rules.geometry().cells()));
    return reference::random_position(rules, rng, plies);
  }
  Position p;
  p.supply = rules.initial().supply;
  const auto& g = rules.geometry();
  const auto density = rng() % 4;
  for_each_square(rules.playable(), [&](Square sq) {
    const auto roll = rng() % 8;
    if (roll < density + 1)
      p.player |= bit<Bits>(sq);
    else if (roll < 2 * density + 2)
      p.opponent |= bit<Bits>(sq);
  });
  if (rules.start() == Start::free) {
    // Keep the placement phase in play: some fills leave fewer than four discs.
    if (rng() % 4 == 0) {
      p.player &= g.centre();
      p.opponent &= g.centre();
    }
    p.supply = {static_cast<std::int16_t>(rng() % 6), static_cast<std::int16_t>(rng() % 6 + 10)};
  }
  p.to_move = (rng() & 1) ? Color::dark : Color::light;
  return p;
}

void check_against_reference(const Rules& rules, const Position& p) {
  const auto ref = reference::from_position(rules, p);
  const auto& g = rules.geometry();
  Bits expected_moves = 0;
  for (auto [r, c] : reference::legal_moves(ref)) expected_moves |= bit<Bits>(g.square(r, c));
  const Bits moves = rules.legal_moves(p);
  REQUIRE(g.list(moves) == g.list(expected_moves));
  for_each_square(moves, [&](Square sq) {
    Bits expected_flips = 0;
    if (!rules.placing(p))
      for (auto [r, c] : reference::flips(ref, g.row(sq), g.col(sq)))
        expected_flips |= bit<Bits>(g.square(r, c));
    REQUIRE(g.list(rules.flips(p, sq)) == g.list(expected_flips));
    REQUIRE(rules.play(p, sq) ==
            reference::to_position(rules, reference::play(ref, g.row(sq), g.col(sq))));
  });
  REQUIRE(rules.game_over(p) == reference::game_over(ref));
  if (moves == 0) {
    REQUIRE(rules.pass(p) == reference::to_position(rules, reference::pass(ref)));
  }
  REQUIRE(rules.is_valid(p));
  const Tally t = rules.tally(p);
  int dark = 0;
  int light = 0;
  int empty = 0;
  for (auto c : ref.cells) {
    dark += c == reference::dark;
    light += c == reference::light;
    empty += c == reference::empty;
  }
  REQUIRE(t.dark == dark);
  REQUIRE(t.light == light);
  REQUIRE(t.empty == empty);
}

// The move generator's own view: discs that flip, nothing else. Placements and an exhausted
// supply are the board's business, so the reference plays here without either.
template <class K>
void check_kernel_against_reference(const Rules& rules, const Position& p) {
  using B = BitsOf<K>;
  auto ref = reference::from_position(rules, p);
  ref.free_start = false;
  ref.supply[reference::dark] = ref.supply[reference::light] = Position::unlimited;
  const auto& g = rules.geometry();
  const auto player = static_cast<B>(p.player);
  const auto opponent = static_cast<B>(p.opponent);
  const auto empty = static_cast<B>(rules.playable() & ~p.occupied());
  B expected_moves = 0;
  for (auto [r, c] : reference::legal_moves(ref)) expected_moves |= bit<B>(g.square(r, c));
  REQUIRE(K::scalar_legal_moves(player, opponent, empty) == expected_moves);
  if constexpr (K::vectorised)
    REQUIRE(K::vector_legal_moves(player, opponent, empty) == expected_moves);
  // Every legal move, and one empty square that is not, which must flip nothing.
  const B illegal = empty & ~expected_moves;
  const B tried = expected_moves | (illegal & (~illegal + 1));
  for_each_square(tried, [&](Square sq) {
    B expected_flips = 0;
    for (auto [r, c] : reference::flips(ref, g.row(sq), g.col(sq)))
      expected_flips |= bit<B>(g.square(r, c));
    INFO("square " << g.name(sq));
    REQUIRE(K::scalar_flips(player, opponent, sq) == expected_flips);
    if constexpr (K::vectorised) REQUIRE(K::vector_flips(player, opponent, sq) == expected_flips);
  });
}

template <class F>
void for_random_positions(F&& check) {
  for (int size : Geometry::supported_sizes) {
    for (const auto& v : variants_for(size)) {
      INFO(size << "x" << size << " " << v.name);
      std::mt19937_64 rng(static_cast<std::uint64_t>(size) * 7919 +
                          std::hash<std::string>{}(v.name));
      for (int i = 0; i < reference::scaled(positions_per_variant); ++i) {
        const Position p = random_test_position(v.rules, rng, i);
        INFO("position " << i);
        check(v.rules, p);
      }
    }
  }
}

}  // namespace

TEST_CASE(
    "Both paths of the move generator find the reference's moves and flips on every size "
    "and variant",
    "[kernel]") {
  CHECK(Kernel8::vectorised == (REVERSI_KERNEL_AVX2 != 0));
  for_random_positions([](const Rules& rules, const Position& p) {
    if (rules.geometry().narrow())
      check_kernel_against_reference<Kernel8>(rules, p);
    else
      check_kernel_against_reference<Kernel10>(rules, p);
  });
}

TEST_CASE("The rules layer agrees with the reference on random positions of every size and variant",
          "[kernel]") {
  for_random_positions(check_against_reference);
}

TEST_CASE(
    "The bitboard rules play random games exactly as the rules layer does, supply and "
    "final margin included",
    "[kernel]") {
  std::mt19937_64 rng(11);
  for (int size : Geometry::supported_sizes) {
    for (const auto& v : variants_for(size)) {
      INFO(size << "x" << size << " " << v.name);
      const auto check_games = [&]<class K>() {
        using B = BitsOf<K>;
        const Board<K> board(v.rules, v.rules.initial());
        for (int game = 0; game < reference::scaled(50); ++game) {
          Position p = v.rules.initial();
          auto s = board.state_of(p);
          while (!v.rules.game_over(p)) {
            REQUIRE(s.player == static_cast<B>(p.player));
            REQUIRE(s.opponent == static_cast<B>(p.opponent));
            REQUIRE(s.supply == p.supply_of_mover());
            if (v.rules.start() == Start::free)
              REQUIRE(board.other_supply(s) ==
                      p.supply[static_cast<std::size_t>(index(opposite(p.to_move)))]);
            REQUIRE(!board.game_over(s));
            const Bits legal = v.rules.legal_moves(p);
            REQUIRE(static_cast<Bits>(board.legal(s)) == legal);
            if (legal == 0) {
              p = v.rules.pass(p);
              s = board.pass(s);
              continue;
            }
            Bits pick = legal;
            for (auto n = rng() % static_cast<std::uint64_t>(popcount(legal)); n > 0; --n)
              pick &= pick - 1;
            p = v.rules.play(p, lowest_square(pick));
            s = board.play(s, lowest_square(pick));
          }
          REQUIRE(board.game_over(s));
          REQUIRE(board.final_margin(s.player, s.opponent) == v.rules.value(p, p.to_move));
        }
      };
      if (v.rules.geometry().narrow())
        check_games.operator()<Kernel8>();
      else
        check_games.operator()<Kernel10>();
    }
  }
}
