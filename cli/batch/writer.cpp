#include "cli/batch/writer.hpp"

#include "json/game_record.hpp"

namespace reversi::cli {

BatchWriter::BatchWriter(std::FILE* out, BatchFormat format, bool newline_after_text)
    : out_(out), format_(format), newline_after_text_(newline_after_text) {
  if (format_ == BatchFormat::json) std::fputs("{\"games\": [", out_);
}

void BatchWriter::game(const std::string& text) {
  if (format_ == BatchFormat::json) std::fputs(first_ ? "\n" : ",\n", out_);
  std::fwrite(text.data(), 1, text.size(), out_);
  if (format_ == BatchFormat::jsonl || (format_ == BatchFormat::text && newline_after_text_))
    std::fputc('\n', out_);
  first_ = false;
}

void BatchWriter::summary_text(const std::string& text) {
  std::fwrite(text.data(), 1, text.size(), out_);
}

void BatchWriter::summary_json(const nlohmann::json& summary) {
  const std::string text = json_record::dump_json(summary);
  if (format_ == BatchFormat::json) {
    std::fprintf(out_, "%s],\n\"summary\": %s}\n", first_ ? "" : "\n", text.c_str());
  } else {
    std::fprintf(out_, "{\"summary\": %s}\n", text.c_str());
  }
}

nlohmann::json unreadable_json(const UnreadableList& unreadable) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& [file, reason] : unreadable) out.push_back({{"file", file}, {"reason", reason}});
  return out;
}

}  // namespace reversi::cli
