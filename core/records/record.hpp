// The common in-memory game record every format parser produces, and the reader interface.
//
// A record is what a file says about one game: its rules, start position, moves as written,
// metadata and where it came from. Whether the moves are legal is decided later by validate().
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/notation.hpp"
#include "core/rules.hpp"

namespace reversi::records {

// Every record format the toolkit reads. `json` records are parsed by the command line (core
// knows nothing of JSON) but share the record type and the reader interface.
enum class Format { moves, ggf, wthor, obf, board, json };
std::string format_name(Format f);  // "moves", "ggf", "wthor", "obf", "board", "json"
std::optional<Format> parse_format_name(std::string_view name);

// Where a game sits in its input. `line` is set for text formats, `record` for binary ones.
struct SourceLocation {
  std::string file;  // as the caller named it ("-" for standard input)
  Format format = Format::moves;
  int game = 0;    // 1-based index of the game in its file
  int line = 0;    // 1-based line where the game starts; 0 when not a text format
  int record = 0;  // 1-based record number in a binary file; 0 otherwise
  friend bool operator==(const SourceLocation&, const SourceLocation&) = default;
};

// "line 12", "record 7" or "header" (a WTHOR file's): the human form of the position inside the
// file.
std::string describe_place(const SourceLocation& where);

// What WTHOR stores beside the moves.
struct WthorInfo {
  int black_score = 0;        // black's final discs, winner takes empties
  int theoretical_score = 0;  // black's discs with perfect play from `depth` empties
  int depth = 0;              // P3 of the file header
  int tournament_id = 0;
  int black_id = 0;
  int white_id = 0;
  friend bool operator==(const WthorInfo&, const WthorInfo&) = default;
};

// An OBF move score: exact final disc difference for the side to move.
struct MoveScore {
  std::string move;
  int score = 0;
  friend bool operator==(const MoveScore&, const MoveScore&) = default;
};

// Everything a record says besides the rules and the moves. Empty strings mean "not given".
struct Metadata {
  std::string black;  // dark's player
  std::string white;  // light's player
  std::string black_rating;
  std::string white_rating;
  std::string date;
  std::string place;
  std::string tournament;
  std::string time_control;  // GGF TI: the clocks
  std::string game_type;     // GGF TY as written
  std::string name;          // a move list's trailing label, e.g. an opening's name
  std::string result;        // GGF RE as written: dark's margin, perhaps with ":r" and the like
  std::optional<double> komi;
  std::optional<WthorInfo> wthor;
  std::vector<MoveScore> move_scores;  // OBF
  // Properties no field above holds (GGF KB, KW, ...), kept so a record round-trips.
  std::map<std::string, std::string> properties;
  friend bool operator==(const Metadata&, const Metadata&) = default;
};

struct GameRecord {
  SourceLocation source;
  // Where a re-read record (the toolkit's own JSON) first came from; empty file otherwise.
  SourceLocation origin;
  Rules rules;
  Position start;
  // OBF lines and board strings describe a position, not a game: never "unfinished".
  bool position_only = false;
  // The format writes every pass (GGF): a side without a move that the record does not pass is
  // an error rather than a pass to infer.
  bool explicit_passes = false;
  std::vector<WrittenMove> moves;
  // Per written move, what the record adds after the square (GGF "eval/time"); empty or the
  // same length as `moves`.
  std::vector<std::string> move_notes;
  Metadata meta;
};

// A parser's answer for one game: the record read so far, and the first problem in it. When the
// problem is about a move (move_number > 0) `record.moves` holds the moves before it, so the
// position before the bad move can be shown.
struct ParsedGame {
  GameRecord record;
  std::optional<RecordError> error;
};

// Pulls games one at a time from an input, in constant memory.
class GameReader {
 public:
  virtual ~GameReader() = default;
  // The next game (possibly with an error), or nullopt at the end of the input.
  virtual std::optional<ParsedGame> next() = 0;
};

// Sanity bounds that keep memory constant whatever the input.
inline constexpr std::size_t max_line_bytes = 1 << 20;
inline constexpr std::size_t max_game_bytes = 1 << 20;

// A readable rendering of raw bytes for messages: printable ASCII kept, others as \xNN.
std::string printable(std::string_view bytes);

}  // namespace reversi::records
