// Record writers: a game record back into a format, or the reason the format cannot hold it.
//
// Every writer replays the record (inferring the passes formats such as WTHOR leave out), so it
// can name the side of each move and write the passes a format needs. A refusal is one sentence
// without the location; the caller names the game. Pure: no I/O, no JSON (json/ writes that).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.hpp"
#include "core/records/record.hpp"
#include "core/records/wthor.hpp"

namespace reversi::records {

// A game in a target format, or why the target cannot hold it.
struct WriteResult {
  std::string text;
  std::optional<std::string> refusal;
  bool ok() const { return !refusal.has_value(); }
};

// The record's replay, passes inferred unless the format writes every pass (GGF); the error of a
// record that does not replay is in `error`.
Replay replay_record(const GameRecord& record);

// ---------------------------------------------------------------- move lists

struct MoveListStyle {
  std::string separator;  // between moves: "" (f5d6c3), " ", "-", ...
  bool upper = false;     // F5D6C3
  bool passes = false;    // write forced passes ("pa"), inferred ones included
};
// One line without its line end: the moves, then the record's name after a gap of two spaces.
// Refused: holes and start positions other than the rules' initial one (a move list states
// neither).
WriteResult write_move_list(const GameRecord& record, const MoveListStyle& style);
// Each writer also takes the record's replay when the caller has it (validate keeps it).
WriteResult write_move_list(const GameRecord& record, const Replay& replay,
                            const MoveListStyle& style);

// ---------------------------------------------------------------- positions

// The positions a record reaches: its start for a position-only record (OBF, board strings),
// else the position after its last move; with `every_move`, the position before each move played
// (passes skipped) instead.
std::vector<Position> record_positions(const GameRecord& record, const Replay& replay,
                                       bool every_move);
// "XO-...- X" (board) or "XO-...- X;" with the record's "; MOVE:+score" entries when the position
// is the record's start (OBF). Refused: holes (a cell cannot show one).
WriteResult write_board_lines(const GameRecord& record, bool every_move);
WriteResult write_obf_lines(const GameRecord& record, bool every_move);
WriteResult write_board_lines(const GameRecord& record, const Replay& replay, bool every_move);
WriteResult write_obf_lines(const GameRecord& record, const Replay& replay, bool every_move);

// ---------------------------------------------------------------- GGF

// One game "(;GM[Othello]...;)": players, ratings, date, place, clocks, TY (size, a, k, r<n>),
// KM, RE (as written, else the replay's dark margin when the game is over), BO, every move with
// its side, passes and notes; the tournament as EV and WTHOR's stored numbers as WT, so a WTHOR
// game comes back unchanged. Refused: holes, the free-centre start and count scoring, which GGF
// cannot state.
WriteResult write_ggf(const GameRecord& record);
WriteResult write_ggf(const GameRecord& record, const Replay& replay);
// "2 (;...;)(;...;)": an archive line of games already written.
std::string ggf_archive_line(const std::vector<std::string>& games);
// WT[tournament black white score theoretical depth] back into numbers.
std::optional<WthorInfo> parse_ggf_wthor(std::string_view text);

// ---------------------------------------------------------------- WTHOR

// Names to ids for a WTHOR.JOU or WTHOR.TRN being written: starts from the names already in the
// file (UTF-8, as read) and adds what the games need.
class WthorNameTable {
 public:
  WthorNameTable(std::vector<std::string> names, std::size_t record_bytes);
  // The id for `name`: `preferred` when that slot holds the name or is free, else the first
  // slot holding it, else a new slot at the end. An empty name keeps `preferred` (or takes 0)
  // and adds nothing.
  int id_for(const std::string& name, std::optional<int> preferred);
  const std::vector<std::string>& names() const { return names_; }
  bool changed() const { return changed_; }

 private:
  std::vector<std::string> names_;
  std::size_t record_bytes_;
  bool changed_ = false;
};

// A name as a WTHOR name record can hold it: ISO-8859-1 ('?' for other characters), cut to leave
// room for the final NUL, and read back as UTF-8.
std::string wthor_fit_name(std::string_view utf8, std::size_t record_bytes);

// The 16 header bytes.
std::string encode_wthor_header(const WthorHeader& header);
// A whole WTHOR.JOU / WTHOR.TRN: header (with `date`'s century, year, month and day) and names.
std::string wthor_names_file(const std::vector<std::string>& names, std::size_t record_bytes,
                             const WthorHeader& date);

struct WthorIds {
  WthorNameTable* players = nullptr;      // may be null: the stored numbers are kept
  WthorNameTable* tournaments = nullptr;  // may be null
};
// One 68-byte game record: the stored numbers and scores when the record has them (a WTHOR game
// comes back byte for byte), else the names looked up in the tables and the replay's score
// (the final score standing in for the theoretical one). Refused: boards other than 8x8, a start
// other than the standard one, holes, anti-reversi and count scoring.
WriteResult write_wthor_game(const GameRecord& record, const WthorIds& ids);
WriteResult write_wthor_game(const GameRecord& record, const Replay& replay, const WthorIds& ids);
// The year a record was played, from its date ("1977", "2003.12.15_12:33", "2000-4-16 ..."):
// four leading digits.
std::optional<int> record_year(const GameRecord& record);

}  // namespace reversi::records
