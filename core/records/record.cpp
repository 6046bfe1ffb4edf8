#include "core/records/record.hpp"

#include <array>

namespace reversi::records {

namespace {

constexpr std::array<std::pair<Format, std::string_view>, 6> format_names{{
    {Format::moves, "moves"},
    {Format::ggf, "ggf"},
    {Format::wthor, "wthor"},
    {Format::obf, "obf"},
    {Format::board, "board"},
    {Format::json, "json"},
}};

}  // namespace

std::string format_name(Format f) {
  for (const auto& [format, name] : format_names)
    if (format == f) return std::string(name);
  return "unknown";
}

std::optional<Format> parse_format_name(std::string_view name) {
  for (const auto& [format, known] : format_names)
    if (known == name) return format;
  return std::nullopt;
}

std::string describe_place(const SourceLocation& where) {
  if (where.record > 0) return "record " + std::to_string(where.record);
  if (where.line > 0) return "line " + std::to_string(where.line);
  if (where.format == Format::wthor) return "header";
  return {};
}

std::string printable(std::string_view bytes) {
  static constexpr char hex[] = "0123456789ABCDEF";
  std::string out;
  out.reserve(bytes.size());
  for (char c : bytes) {
    const auto u = static_cast<unsigned char>(c);
    if (u >= 0x20 && u < 0x7f) {
      out += c;
    } else {
      out += "\\x";
      out += hex[u >> 4];
      out += hex[u & 15];
    }
  }
  return out;
}

}  // namespace reversi::records
