// GGF -> JSON -> GGF: the toolkit's JSON record holds everything a GGF game says.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/records/ggf.hpp"
#include "core/records/reader.hpp"
#include "core/records/write.hpp"
#include "json/game_record.hpp"

using namespace reversi;
using namespace reversi::records;
namespace fs = std::filesystem;

namespace {

std::string slurp(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::vector<ParsedGame> ggf_games(const std::string& text, const std::string& file) {
  MemorySource source(text);
  GgfReader reader(source, file);
  std::vector<ParsedGame> out;
  while (auto g = reader.next()) out.push_back(std::move(*g));
  return out;
}

// The game through JSON and back to GGF, read again: moves, sides, notes, players, result,
// rules and start must be those of the original.
long check_round_trips(const std::string& text, const std::string& file) {
  long games = 0;
  for (const auto& g : ggf_games(text, file)) {
    INFO(file << " game " << g.record.source.game);
    REQUIRE_FALSE(g.error);
    const auto j = json_record::record_json(g.record);
    const auto from_json = json_record::game_from_json(
        nlohmann::json::parse(json_record::dump_json(j)), g.record.source);
    REQUIRE_FALSE(from_json.error);
    const auto ggf = write_ggf(from_json.record);
    REQUIRE(ggf.ok());
    const auto back = parse_ggf_game(ggf.text, g.record.source);
    REQUIRE_FALSE(back.error);
    CHECK(back.record.rules == g.record.rules);
    CHECK(back.record.start == g.record.start);
    REQUIRE(back.record.moves.size() == g.record.moves.size());
    for (std::size_t k = 0; k < g.record.moves.size(); ++k) {
      CHECK(back.record.moves[k].square == g.record.moves[k].square);
      CHECK(back.record.moves[k].side == g.record.moves[k].side);
    }
    CHECK(back.record.move_notes == g.record.move_notes);
    CHECK(back.record.meta == g.record.meta);
    ++games;
  }
  return games;
}

}  // namespace

TEST_CASE("The repository's GGF examples come back from JSON as the same games", "[json][write]") {
  const fs::path file = fs::path(REVERSI_SOURCE_DIR) / "data/examples/games.ggf";
  CHECK(check_round_trips(slurp(file), file.string()) == 5);
}

TEST_CASE("Every game of the shared GGF files comes back from JSON as the same game",
          "[json][.shared]") {
  const std::string root = REVERSI_SHARED_DATA;
  if (root.empty()) FAIL("a [shared] test needs the CMake cache variable REVERSI_SHARED_DATA");
  long games = 0;
  for (const auto& entry : fs::directory_iterator(fs::path(root) / "ggf"))
    if (entry.path().extension() == ".ggf")
      games += check_round_trips(slurp(entry.path()), entry.path().string());
  WARN("GGF -> JSON -> GGF: " << games << " games");
  CHECK(games >= 6);
}
