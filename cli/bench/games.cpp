#include "cli/bench/games.hpp"

#include <filesystem>
#include <iostream>

#include "cli/batch/record_input.hpp"
#include "cli/common.hpp"
#include "core/records/detect.hpp"
#include "core/records/validate.hpp"

namespace reversi::cli {

namespace {

namespace fs = std::filesystem;

// The names of a WTHOR names file beside `path`; none when it is missing.
std::vector<std::string> names_beside(const std::string& path, const char* file,
                                      std::size_t record_bytes) {
  const fs::path names_file = fs::path(path).parent_path() / file;
  if (!fs::exists(names_file)) return {};
  return records::parse_wthor_names(read_small_file(names_file.string()), record_bytes).names;
}

}  // namespace

std::vector<records::GameRecord> complete_games(const std::string& path, int wanted) {
  std::vector<records::GameRecord> out;
  for (const auto& file : expand_record_inputs({path})) {
    InputOptions options;
    Input in = open_input(file, options);
    while (static_cast<int>(out.size()) < wanted) {
      auto game = in.reader->next();
      if (!game) break;
      const records::Validation v = records::validate(*game);
      if (v.verdict == records::Verdict::valid && v.finished)
        out.push_back(std::move(game->record));
    }
    if (in.source->failed()) throw UnreadableInput("cannot read " + file + ": read error");
    if (static_cast<int>(out.size()) >= wanted) break;
  }
  return out;
}

std::vector<LoadedFile> load_files(const std::vector<std::string>& paths) {
  std::vector<LoadedFile> files;
  for (const auto& path : expand_record_inputs(paths)) {
    LoadedFile f{path, read_whole_input(path), records::Format::moves, {}};
    f.format =
        records::detect_format(f.bytes.substr(0, records::detect_bytes), path == "-" ? "" : path);
    if (f.format == records::Format::json)
      throw UsageError(path + ": the benchmark reads the core formats, not JSON");
    if (f.format == records::Format::wthor && path != "-") {
      f.names.players = names_beside(path, "WTHOR.JOU", records::wthor_player_bytes);
      f.names.tournaments = names_beside(path, "WTHOR.TRN", records::wthor_tournament_bytes);
    }
    files.push_back(std::move(f));
  }
  return files;
}

std::optional<std::vector<LoadedFile>> load_files_or_report(const std::string& bench,
                                                            const std::vector<std::string>& paths) {
  try {
    return load_files(paths);
  } catch (const UnreadableInput& e) {
    std::cerr << "reversi bench " << bench << ": " << e.what() << "\n";
    return std::nullopt;
  }
}

records::ReaderOptions reader_options(const LoadedFile& file, const Rules& rules) {
  records::ReaderOptions options;
  options.file = file.path;
  options.rules = rules;
  options.names = &file.names;
  options.wthor_size = records::wthor_size_from_extension(file.path);
  return options;
}

}  // namespace reversi::cli
