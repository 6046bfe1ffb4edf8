// The streaming writer of a batch command: each game's text as it comes, and the summary. The
// JSON document ({"games": [...], "summary": {...}}) is opened and closed around the games.
#pragma once

#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>

#include "cli/batch/pipeline.hpp"

namespace reversi::cli {

enum class BatchFormat { text, json, jsonl };

class BatchWriter {
 public:
  // `newline_after_text`: whether a text-mode game needs a line end after it (annotate's do,
  // validate's end in one already).
  BatchWriter(std::FILE* out, BatchFormat format, bool newline_after_text);
  void game(const std::string& text);
  // Text mode: the summary line(s) as given.
  void summary_text(const std::string& text);
  // JSON modes: the summary object (the document's last member, or a line of its own).
  void summary_json(const nlohmann::json& summary);
  BatchFormat format() const { return format_; }

 private:
  std::FILE* out_;
  BatchFormat format_;
  bool newline_after_text_;
  bool first_ = true;
};

// [{"file": ..., "reason": ...}, ...] for a summary.
nlohmann::json unreadable_json(const UnreadableList& unreadable);

}  // namespace reversi::cli
