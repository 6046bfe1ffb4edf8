#include "core/records/detect.hpp"

#include <algorithm>

#include "core/records/text.hpp"
#include "core/records/wthor.hpp"

namespace reversi::records {

namespace {

std::string extension_of(std::string_view path) {
  const std::size_t slash = path.find_last_of('/');
  const std::string_view name = slash == std::string_view::npos ? path : path.substr(slash + 1);
  const std::size_t dot = name.find_last_of('.');
  if (dot == std::string_view::npos) return {};
  return lower(name.substr(dot + 1));
}

// A plausible WTHOR header: binary, with a board size byte WTHOR uses.
bool looks_like_wthor(std::string_view head) {
  if (head.size() < wthor_header_bytes) return false;
  const auto size = static_cast<unsigned char>(head[12]);
  if (size != 0 && size != 8 && size != 10) return false;
  for (std::size_t i = 0; i < wthor_header_bytes; ++i)
    if (head[i] == '\0') return true;
  return false;
}

std::string_view first_content_line(std::string_view head) {
  while (!head.empty()) {
    const std::size_t end = head.find('\n');
    const std::string_view line = trim(head.substr(0, end));
    if (!line.empty() && line[0] != '#' && line[0] != '%') return line;
    if (end == std::string_view::npos) break;
    head.remove_prefix(end + 1);
  }
  return {};
}

bool is_board_cell(char c) {
  switch (c) {
    case 'X':
    case 'x':
    case 'O':
    case 'o':
    case '*':
    case '-':
    case '.':
    case '_':
      return true;
    default:
      return false;
  }
}

bool looks_like_board(std::string_view text) {
  std::size_t cells = 0;
  for (char c : text) {
    if (is_space(c)) continue;
    if (!is_board_cell(c)) return false;
    ++cells;
  }
  return std::ranges::any_of(Geometry::supported_sizes, [cells](int size) {
    return cells == static_cast<std::size_t>(size) * static_cast<std::size_t>(size) + 1;
  });
}

bool looks_like_ggf(std::string_view line) {
  std::size_t i = 0;
  while (i < line.size() && is_digit(line[i])) ++i;
  if (i > 0) line = trim(line.substr(i));
  return line.starts_with("(;");
}

}  // namespace

std::optional<Format> format_from_extension(std::string_view path) {
  const std::string ext = extension_of(path);
  if (ext == "ggf") return Format::ggf;
  if (ext == "wtb" || ext == "wtd") return Format::wthor;
  if (ext == "obf") return Format::obf;
  if (ext == "json" || ext == "jsonl") return Format::json;
  return std::nullopt;
}

std::optional<int> wthor_size_from_extension(std::string_view path) {
  const std::string ext = extension_of(path);
  if (ext == "wtb") return 8;
  if (ext == "wtd") return 10;
  return std::nullopt;
}

Format detect_format(std::string_view head, std::string_view path) {
  if (const auto by_name = format_from_extension(path)) return *by_name;
  if (looks_like_wthor(head)) return Format::wthor;
  const std::string_view line = first_content_line(head);
  if (line.starts_with('{') || line.starts_with('[')) return Format::json;
  if (looks_like_ggf(line)) return Format::ggf;
  const std::size_t semicolon = line.find(';');
  if (looks_like_board(line.substr(0, semicolon)))
    return semicolon == std::string_view::npos ? Format::board : Format::obf;
  return Format::moves;
}

}  // namespace reversi::records
