// The JSON game record library (json/): what it writes reads back the same, and the rule names
// it reads are the ones the rest of the toolkit reads.
#include "json/game_record.hpp"

#include <catch2/catch.hpp>

#include "core/records/validate.hpp"

using namespace reversi;

namespace {

std::vector<records::ParsedGame> read_all(const std::string& text) {
  records::MemorySource source(text);
  json_record::JsonGameReader reader(source, "test.jsonl");
  std::vector<records::ParsedGame> out;
  while (auto game = reader.next()) out.push_back(std::move(*game));
  return out;
}

}  // namespace

TEST_CASE("A JSON game record reads back as written", "[json]") {
  const auto games = read_all(
      R"({"moves":["f5","d6","c3"],"rules":{"size":8,"start":"standard","scoring":"count"}})"
      "\n");
  REQUIRE(games.size() == 1);
  const auto& game = games.front();
  REQUIRE_FALSE(game.error);
  CHECK(game.record.moves.size() == 3);
  CHECK(game.record.rules.scoring() == Scoring::count);

  const auto written = json_record::game_json(game, records::validate(game));
  const auto again = json_record::game_from_json(written, game.record.source);
  REQUIRE_FALSE(again.error);
  CHECK(again.record.moves.size() == game.record.moves.size());
  CHECK(again.record.rules == game.record.rules);
  CHECK(again.record.start == game.record.start);
}

TEST_CASE("Rule names: one parser for the options and the records", "[json][rules]") {
  CHECK(parse_start("standard") == Start::standard);
  CHECK(parse_start("cross") == Start::standard);
  CHECK(parse_start("free") == Start::free);
  CHECK_FALSE(parse_start("random"));
  CHECK(parse_scoring("count") == Scoring::count);
  CHECK(parse_scoring("winner") == Scoring::winner_takes_empties);
  CHECK(parse_scoring("winner-takes-empties") == Scoring::winner_takes_empties);
  CHECK_FALSE(parse_scoring("komi"));
  for (Start s : {Start::standard, Start::free}) CHECK(parse_start(start_name(s)) == s);
  for (Scoring s : {Scoring::count, Scoring::winner_takes_empties})
    CHECK(parse_scoring(scoring_name(s)) == s);

  const auto bad = read_all(R"({"moves":[],"rules":{"start":"random"}})"
                            "\n");
  REQUIRE(bad.size() == 1);
  REQUIRE(bad.front().error);
  CHECK(bad.front().error->reason == "rules.start must be standard or free");
}
