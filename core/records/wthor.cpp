#include "core/records/wthor.hpp"

namespace reversi::records {

std::string latin1_to_utf8(std::string_view text) {
  std::string out;
  for (char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    if (c < 0x80) {
      out += static_cast<char>(c);
    } else {
      out += static_cast<char>(0xC0 | (c >> 6));
      out += static_cast<char>(0x80 | (c & 0x3F));
    }
  }
  return out;
}

namespace {

constexpr std::size_t record_data_bytes = 8;
constexpr int solitaire_type = 1;

int u8(std::string_view b, std::size_t at) {
  return static_cast<unsigned char>(b[at]);
}
int u16(std::string_view b, std::size_t at) {
  return u8(b, at) | (u8(b, at + 1) << 8);
}
std::uint32_t u32(std::string_view b, std::size_t at) {
  return static_cast<std::uint32_t>(u16(b, at)) |
         (static_cast<std::uint32_t>(u16(b, at + 2)) << 16);
}

// Move bytes: 10*row+col on 8x8 (a1 = 11), col+12*row on 10x10 (a1 = 13), both 1-based.
std::optional<Square> decode_square(int byte, const Geometry& g) {
  const int base = g.size() == 10 ? 12 : 10;
  const int row = byte / base - 1;
  const int col = byte % base - 1;
  if (!g.on_board(row, col)) return std::nullopt;
  return g.square(row, col);
}

// Square names without the general formatter: this runs for every move of every game.
std::string square_name(const Geometry& g, Square sq) {
  const int row = g.row(sq) + 1;
  char text[3] = {static_cast<char>('a' + g.col(sq)), static_cast<char>('0' + row % 10), '\0'};
  if (row < 10) return std::string(text, 2);
  return std::string{text[0], '1', '0'};
}

std::string games_text(std::uint32_t n) {
  return std::to_string(n) + (n == 1 ? " game" : " games");
}

std::string name_at(const std::vector<std::string>& names, int id) {
  return id >= 0 && static_cast<std::size_t>(id) < names.size()
             ? names[static_cast<std::size_t>(id)]
             : std::string();
}

}  // namespace

WthorHeaderParse parse_wthor_header(std::string_view bytes) {
  WthorHeaderParse out;
  if (bytes.size() < wthor_header_bytes) {
    out.error = RecordError{
        ErrorKind::truncated,
        "the file header is cut short: " + std::to_string(bytes.size()) + " of 16 bytes",
        0,
        {}};
    return out;
  }
  auto& h = out.header;
  h.century = u8(bytes, 0);
  h.year = u8(bytes, 1);
  h.month = u8(bytes, 2);
  h.day = u8(bytes, 3);
  h.games = u32(bytes, 4);
  h.names = static_cast<std::uint16_t>(u16(bytes, 8));
  h.game_year = static_cast<std::uint16_t>(u16(bytes, 10));
  const int size = u8(bytes, 12);
  h.type = u8(bytes, 13);
  h.depth = u8(bytes, 14);
  if (size != 0 && size != 8 && size != 10) {
    out.error = RecordError{ErrorKind::wrong_size,
                            "the header gives board size " + std::to_string(size) +
                                "; WTHOR files hold 8x8 (0 or 8) or 10x10 (10) games",
                            0,
                            {}};
    return out;
  }
  h.board_size = size == 10 ? 10 : 8;
  if (h.type == solitaire_type)
    out.error = RecordError{ErrorKind::bad_format, "a solitaire file holds no games", 0, {}};
  return out;
}

WthorNamesParse parse_wthor_names(std::string_view bytes, std::size_t record_bytes) {
  WthorNamesParse out;
  const auto header = parse_wthor_header(bytes);
  if (header.error && header.error->kind == ErrorKind::truncated) {
    out.error = header.error->reason;
    return out;
  }
  const std::size_t count = header.header.names;
  const std::size_t body = bytes.size() - wthor_header_bytes;
  if (body != count * record_bytes) {
    out.error = "the header says " + std::to_string(count) + " names of " +
                std::to_string(record_bytes) + " bytes but the file holds " + std::to_string(body) +
                " bytes after the header";
    return out;
  }
  out.names.reserve(count);
  for (std::size_t k = 0; k < count; ++k) {
    std::string_view name = bytes.substr(wthor_header_bytes + k * record_bytes, record_bytes);
    name = name.substr(0, name.find('\0'));
    out.names.push_back(latin1_to_utf8(name));
  }
  return out;
}

ParsedGame parse_wthor_game(std::string_view bytes, const WthorHeader& header,
                            const WthorNames* names, const SourceLocation& where) {
  return parse_wthor_game(bytes, header, Rules(header.board_size), names, where);
}

ParsedGame parse_wthor_game(std::string_view bytes, const WthorHeader& header, const Rules& rules,
                            const WthorNames* names, const SourceLocation& where) {
  ParsedGame out;
  auto& r = out.record;
  r.source = where;
  r.rules = rules;
  r.start = r.rules.initial();
  WthorInfo info;
  info.tournament_id = u16(bytes, 0);
  info.black_id = u16(bytes, 2);
  info.white_id = u16(bytes, 4);
  info.black_score = u8(bytes, 6);
  info.theoretical_score = u8(bytes, 7);
  info.depth = header.depth;
  r.meta.wthor = info;
  r.meta.date = std::to_string(header.game_year);
  if (names != nullptr) {
    r.meta.tournament = name_at(names->tournaments, info.tournament_id);
    r.meta.black = name_at(names->players, info.black_id);
    r.meta.white = name_at(names->players, info.white_id);
  }
  const auto& g = r.rules.geometry();
  const std::size_t slots = header.record_bytes() - record_data_bytes;
  r.moves.reserve(slots);
  std::size_t k = 0;
  for (; k < slots; ++k) {
    const int byte = u8(bytes, record_data_bytes + k);
    if (byte == 0) break;
    const int number = static_cast<int>(k) + 1;
    const auto sq = decode_square(byte, g);
    if (!sq) {
      out.error =
          RecordError{ErrorKind::off_board,
                      "byte " + std::to_string(byte) + " is not a square of the " +
                          std::to_string(g.size()) + "x" + std::to_string(g.size()) + " board",
                      number, "byte " + std::to_string(byte)};
      return out;
    }
    r.moves.push_back(WrittenMove{square_name(g, *sq), *sq, std::nullopt});
  }
  // After the first empty slot every slot must stay empty.
  for (std::size_t rest = k; rest < slots; ++rest) {
    const int byte = u8(bytes, record_data_bytes + rest);
    if (byte == 0) continue;
    out.error = RecordError{ErrorKind::bad_format,
                            "move byte " + std::to_string(byte) + " follows the end of the moves",
                            static_cast<int>(rest) + 1, "byte " + std::to_string(byte)};
    r.moves.resize(k);
    return out;
  }
  return out;
}

WthorReader::WthorReader(ByteSource& source, WthorOptions options)
    : source_(source), options_(std::move(options)) {}

std::size_t WthorReader::read_exactly(char* out, std::size_t n) {
  std::size_t got = 0;
  while (got < n) {
    const std::size_t k = source_.read(out + got, n - got);
    if (k == 0) break;
    got += k;
  }
  return got;
}

ParsedGame WthorReader::file_error(int record, ErrorKind kind, std::string reason) {
  ParsedGame out;
  out.record.source = SourceLocation{options_.file, Format::wthor, ++items_, 0, record};
  out.record.rules = rules_;
  out.record.start = out.record.rules.initial();
  out.error = RecordError{kind, std::move(reason), 0, {}};
  return out;
}

std::optional<ParsedGame> WthorReader::next() {
  if (done_) return std::nullopt;
  if (!header_read_) {
    header_read_ = true;
    buffer_.assign(wthor_header_bytes, '\0');
    buffer_.resize(read_exactly(buffer_.data(), wthor_header_bytes));
    const auto parsed = parse_wthor_header(buffer_);
    header_ = parsed.header;
    rules_ = Rules(header_.board_size);
    if (!parsed.error && options_.expected_size && *options_.expected_size != header_.board_size) {
      done_ = true;
      return file_error(0, ErrorKind::wrong_size,
                        "the file name promises " + std::to_string(*options_.expected_size) + "x" +
                            std::to_string(*options_.expected_size) +
                            " games but the header says " + std::to_string(header_.board_size) +
                            "x" + std::to_string(header_.board_size));
    }
    if (parsed.error) {
      done_ = true;
      return file_error(0, parsed.error->kind, parsed.error->reason);
    }
  }
  const std::size_t size = header_.record_bytes();
  const int number = static_cast<int>(records_read_) + 1;
  buffer_.assign(size, '\0');
  const std::size_t got = read_exactly(buffer_.data(), size);
  if (records_read_ == header_.games) {
    done_ = true;
    if (got == 0) return std::nullopt;
    return file_error(
        number, ErrorKind::bad_format,
        "the header says " + games_text(header_.games) + " but more bytes follow the last of them");
  }
  if (got < size) {
    done_ = true;
    if (got == 0)
      return file_error(number, ErrorKind::truncated,
                        "the header says " + games_text(header_.games) +
                            " but the file ends after " + std::to_string(records_read_));
    return file_error(number, ErrorKind::truncated,
                      "the record is cut short: " + std::to_string(got) + " of " +
                          std::to_string(size) + " bytes");
  }
  ++records_read_;
  ++items_;
  return parse_wthor_game(buffer_, header_, rules_, options_.names,
                          SourceLocation{options_.file, Format::wthor, items_, 0, number});
}

}  // namespace reversi::records
