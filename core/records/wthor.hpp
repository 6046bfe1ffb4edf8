// WTHOR, the French federation's binary game database: .wtb (8x8) and .wtd (10x10) game files,
// WTHOR.JOU player names and WTHOR.TRN tournament names. All little-endian.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/records/record.hpp"
#include "core/records/source.hpp"

namespace reversi::records {

inline constexpr std::size_t wthor_header_bytes = 16;
inline constexpr std::size_t wthor_record_bytes_8 = 68;    // 8 bytes of data, 60 moves
inline constexpr std::size_t wthor_record_bytes_10 = 104;  // 8 bytes of data, 96 moves
inline constexpr std::size_t wthor_player_bytes = 20;
inline constexpr std::size_t wthor_tournament_bytes = 26;

struct WthorHeader {
  int century = 0, year = 0, month = 0, day = 0;  // when the file was written
  std::uint32_t games = 0;
  std::uint16_t names = 0;      // records in a .JOU / .TRN file
  std::uint16_t game_year = 0;  // year the games were played
  int board_size = 8;           // 0 in the file also means 8
  int type = 0;                 // 1: a solitaire file
  int depth = 0;                // P3: empties of the theoretical score
  std::size_t record_bytes() const {
    return board_size == 10 ? wthor_record_bytes_10 : wthor_record_bytes_8;
  }
};

// Reads the 16 header bytes; an error names what is wrong (board size, type).
struct WthorHeaderParse {
  WthorHeader header;
  std::optional<RecordError> error;
};
WthorHeaderParse parse_wthor_header(std::string_view bytes);

// WTHOR names are ISO-8859-1, which maps byte for byte onto the first 256 code points.
std::string latin1_to_utf8(std::string_view text);

// WTHOR.JOU / WTHOR.TRN: NUL-terminated ISO-8859-1 names, returned as UTF-8. An error when the
// header does not match the length.
struct WthorNamesParse {
  std::vector<std::string> names;
  std::optional<std::string> error;
};
WthorNamesParse parse_wthor_names(std::string_view bytes, std::size_t record_bytes);

struct WthorNames {
  std::vector<std::string> players;
  std::vector<std::string> tournaments;
};

// One game record (68 or 104 bytes) into a record; moves stop at the first 0 byte.
ParsedGame parse_wthor_game(std::string_view bytes, const WthorHeader& header,
                            const WthorNames* names, const SourceLocation& where);
// The same with the rules for the header's size made once by the caller.
ParsedGame parse_wthor_game(std::string_view bytes, const WthorHeader& header, const Rules& rules,
                            const WthorNames* names, const SourceLocation& where);

struct WthorOptions {
  std::string file;
  // The size the file name promises (.wtb 8, .wtd 10); checked against the header.
  std::optional<int> expected_size;
  const WthorNames* names = nullptr;  // may be null; must outlive the reader
};

// Games record by record. Header problems end the file with one error; a count that does not
// match the file's length, or a record cut short, is reported as an error after the games read.
class WthorReader : public GameReader {
 public:
  WthorReader(ByteSource& source, WthorOptions options);
  std::optional<ParsedGame> next() override;

 private:
  ParsedGame file_error(int record, ErrorKind kind, std::string reason);
  std::size_t read_exactly(char* out, std::size_t n);

  ByteSource& source_;
  WthorOptions options_;
  bool header_read_ = false;
  bool done_ = false;
  WthorHeader header_;
  Rules rules_;
  std::uint32_t records_read_ = 0;
  int items_ = 0;
  std::string buffer_;
};

}  // namespace reversi::records
