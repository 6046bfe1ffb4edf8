#include "core/records/movelist.hpp"

#include "core/records/text.hpp"

namespace reversi::records {

namespace {

// A label starts at the first word after a wide gap that does not read as moves, so that
// "f5d6  c3" stays three moves while "F5d6  Perpendicular" is two moves and a name.
std::size_t label_start(std::string_view line, const Geometry& g) {
  std::size_t i = 0;
  while (i < line.size()) {
    if (!is_space(line[i])) {
      ++i;
      continue;
    }
    std::size_t j = i;
    while (j < line.size() && is_space(line[j])) ++j;
    const bool wide = j - i >= 2 || line.substr(i, j - i).find('\t') != std::string_view::npos;
    if (wide && i > 0 && j < line.size()) {
      std::size_t k = j;
      while (k < line.size() && !is_space(line[k])) ++k;
      if (parse_move_list(line.substr(j, k - j), g).error) return j;
    }
    i = j;
  }
  return std::string_view::npos;
}

}  // namespace

std::optional<ParsedGame> parse_move_list_line(std::string_view line, const Rules& rules,
                                               const SourceLocation& where) {
  const std::size_t hash = line.find('#');
  std::string_view text = trim(line.substr(0, hash));
  if (text.empty()) return std::nullopt;
  ParsedGame out;
  out.record.source = where;
  out.record.rules = rules;
  out.record.start = rules.initial();
  const std::size_t label = label_start(text, rules.geometry());
  if (label != std::string_view::npos) {
    out.record.meta.name = std::string(trim(text.substr(label)));
    text = trim(text.substr(0, label));
  }
  auto parsed = parse_move_list(text, rules.geometry());
  out.record.moves = std::move(parsed.moves);
  out.error = std::move(parsed.error);
  return out;
}

MoveListReader::MoveListReader(ByteSource& source, Rules rules, std::string file)
    : lines_(source, max_line_bytes), rules_(std::move(rules)), file_(std::move(file)) {}

std::optional<ParsedGame> MoveListReader::next() {
  while (lines_.next(line_)) {
    SourceLocation where{file_, Format::moves, games_ + 1, lines_.number(), 0};
    if (lines_.too_long()) {
      ++games_;
      ParsedGame out;
      out.record.source = where;
      out.record.rules = rules_;
      out.record.start = rules_.initial();
      out.error = RecordError{ErrorKind::bad_format, "the line is longer than 1 MiB", 0, {}};
      return out;
    }
    auto game = parse_move_list_line(line_, rules_, where);
    if (!game) continue;
    ++games_;
    return game;
  }
  return std::nullopt;
}

}  // namespace reversi::records
