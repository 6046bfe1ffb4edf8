// Exact training labels: the solver's values, the same with any number of threads, kept by the
// cache file across runs.
#include "analysis/training/exact_labels.hpp"

#include <atomic>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <random>

#include "reference.hpp"

using namespace reversi;
using namespace reversi::eval;

namespace {

// Games of random positions near the end, each a few positions long, unlabelled.
std::vector<std::vector<Sample>> random_games(int games, int plies_from, std::uint64_t seed) {
  const Rules rules(8);
  std::mt19937_64 rng(seed);
  std::vector<std::vector<Sample>> out;
  for (int g = 0; g < games; ++g) {
    std::vector<Sample> game;
    for (int k = 0; k < 3; ++k) {
      const Position p = reference::random_position(rules, rng, plies_from + k);
      if (rules.has_move(p))
        game.push_back({static_cast<Bits64>(p.player), static_cast<Bits64>(p.opponent), 99});
    }
    out.push_back(game);
  }
  return out;
}

ExactLabelRequest with_threads(int threads) {
  ExactLabelRequest r;
  r.threads = threads;
  return r;
}

}  // namespace

TEST_CASE("Exact labels are the values plain minimax finds", "[eval]") {
  const Rules rules(8);
  auto games = random_games(reference::scaled(20), 52, 11);
  LabelCache cache;
  label_exactly(games, cache, with_threads(2));
  for (const auto& game : games)
    for (const Sample& s : game) {
      const Position p{.player = s.player, .opponent = s.opponent};
      CHECK(int{s.target} == reference::minimax(rules, reference::from_position(rules, p)));
    }
}

TEST_CASE("Exact labels do not depend on the number of threads", "[eval]") {
  auto one = random_games(reference::scaled(30), 44, 12);
  auto two = one;
  LabelCache cache_one, cache_two;
  label_exactly(one, cache_one, with_threads(1));
  label_exactly(two, cache_two, with_threads(2));
  for (std::size_t g = 0; g < one.size(); ++g)
    for (std::size_t k = 0; k < one[g].size(); ++k) CHECK(one[g][k].target == two[g][k].target);
}

TEST_CASE("The label cache gives back what was solved, and solves nothing twice", "[eval]") {
  auto games = random_games(reference::scaled(20), 46, 13);
  LabelCache cache;
  const ExactLabelStats first = label_exactly(games, cache, ExactLabelRequest{});
  CHECK(first.solved > 0);
  const auto path = std::filesystem::temp_directory_path() / "reversi-label-cache-test.bin";
  cache.write(path.string());
  LabelCache read = LabelCache::read(path.string());
  CHECK(read.size() == cache.size());
  auto again = games;
  for (auto& game : again)
    for (Sample& s : game) s.target = 99;
  const ExactLabelStats second = label_exactly(again, read, ExactLabelRequest{});
  CHECK(second.solved == 0);
  CHECK(second.cached == first.solved + first.cached);
  for (std::size_t g = 0; g < games.size(); ++g)
    for (std::size_t k = 0; k < games[g].size(); ++k)
      CHECK(again[g][k].target == games[g][k].target);
  std::filesystem::remove(path);
}

TEST_CASE("A damaged label cache is refused with its name", "[eval]") {
  const auto path = std::filesystem::temp_directory_path() / "reversi-label-cache-bad.bin";
  std::ofstream(path) << "reversi-exact-labels 1\nxx";
  CHECK_THROWS_WITH(LabelCache::read(path.string()), Catch::Contains(path.string()));
  std::filesystem::remove(path);
}

TEST_CASE("A stopped labelling keeps the games it finished in the journal, and a run resumes",
          "[eval]") {
  const Rules rules(8);
  // A fixed count (not scaled down under the sanitizers): the stop must come before the end.
  auto games = random_games(12, 52, 14);
  const auto path = std::filesystem::temp_directory_path() / "reversi-label-journal-test.bin";
  std::filesystem::remove(path);
  std::atomic<bool> stop{false};
  ExactLabelStats first;
  {
    LabelJournal journal(path.string());
    LabelCache cache;
    ExactLabelRequest request = with_threads(1);
    request.stop = &stop;
    request.journal = &journal;
    request.progress_every = 1;
    request.on_progress = [&](std::size_t done, std::size_t) {
      if (done == 2) stop = true;
    };
    auto copy = games;
    first = label_exactly(copy, cache, request);
  }
  CHECK_FALSE(first.complete);
  CHECK(first.solved > 0);
  // The journal is a cache: every value in it is right, and it holds what the run solved.
  LabelCache kept = LabelCache::read(path.string());
  CHECK(kept.size() > 0);
  CHECK(kept.size() <= first.solved);
  for (const auto& game : games)
    for (const Sample& s : game)
      if (const std::int8_t* v = kept.find(s.player, s.opponent)) {
        const Position p{.player = s.player, .opponent = s.opponent};
        CHECK(int{*v} == reference::minimax(rules, reference::from_position(rules, p)));
      }
  // Resumed, the run solves only what the first left, and labels everything.
  std::size_t total = 0, known = 0;
  for (const auto& game : games)
    for (const Sample& s : game) {
      ++total;
      if (kept.find(s.player, s.opponent)) ++known;
    }
  LabelJournal journal(path.string());
  ExactLabelRequest request = with_threads(2);
  request.journal = &journal;
  const ExactLabelStats second = label_exactly(games, kept, request);
  CHECK(second.complete);
  CHECK(second.cached == known);
  CHECK(second.solved == total - known);
  for (const auto& game : games)
    for (const Sample& s : game) {
      const Position p{.player = s.player, .opponent = s.opponent};
      CHECK(int{s.target} == reference::minimax(rules, reference::from_position(rules, p)));
    }
  journal.flush();
  CHECK(LabelCache::read(path.string()).size() == kept.size());
  std::filesystem::remove(path);
}
