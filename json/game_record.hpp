// The toolkit's own JSON game record: what `validate --json` (and later `annotate`) emits for a
// game, and the reader that takes it back: the library reversi_json, between core and cli.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "core/records/record.hpp"
#include "core/records/source.hpp"
#include "core/records/validate.hpp"

namespace reversi::json_record {

// source, origin, rules, start, moves (with sides, notes, explicit_passes, position_only when
// they apply) and metadata: everything needed to read the game back.
nlohmann::json record_json(const records::GameRecord& record);

// record_json plus the verdict: status, replay (moves, final position, discs, margin) and error.
nlohmann::json game_json(const records::ParsedGame& game, const records::Validation& v);

// A record from a JSON game object (as written by game_json or record_json; unknown keys are
// ignored, so annotated games read too). `where` locates the object in the JSON input; the
// object's own "origin" or "source" becomes the record's origin.
records::ParsedGame game_from_json(const nlohmann::json& object,
                                   const records::SourceLocation& where);

// Game objects from a JSON input, streamed: JSON Lines (one object a line), a top-level array of
// games, a document {"games": [...], ...} as `validate --json` writes it, or a single game.
// Objects holding only a "summary" are skipped.
class JsonGameReader : public records::GameReader {
 public:
  JsonGameReader(records::ByteSource& source, std::string file);
  std::optional<records::ParsedGame> next() override;

 private:
  enum class State { top, top_array, object, games_array };
  records::ParsedGame parse_object(const std::string& text, int line);
  records::ParsedGame structure_error(int line, std::string reason);
  // Reads one complete JSON value's text; false (with `error`) when it is malformed or too big.
  bool read_value(std::string& text, std::string& error);
  bool read_string(std::string& text, std::string& error);
  void skip_space();
  void skip_line();

  records::ByteCursor in_;
  std::string file_;
  State state_ = State::top;
  int games_ = 0;
  std::string object_;  // the top-level object's members read so far, without "games"
  bool object_has_games_ = false;
  int object_line_ = 0;
};

// Dumps JSON with invalid UTF-8 replaced, so bytes from any record print safely.
std::string dump_json(const nlohmann::json& j, int indent = -1);

}  // namespace reversi::json_record
