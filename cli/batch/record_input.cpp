#include "cli/batch/record_input.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>

#include "core/records/detect.hpp"
#include "json/game_record.hpp"

namespace reversi::cli {

namespace fs = std::filesystem;

FileSource::FileSource(std::FILE* file, bool owned, std::string head)
    : file_(file), owned_(owned), head_(std::move(head)) {}

FileSource::~FileSource() {
  if (owned_) std::fclose(file_);
}

std::size_t FileSource::read(char* out, std::size_t n) {
  if (head_at_ < head_.size()) {
    const std::size_t k = std::min(n, head_.size() - head_at_);
    std::memcpy(out, head_.data() + head_at_, k);
    head_at_ += k;
    bytes_read_ += k;
    return k;
  }
  const std::size_t k = std::fread(out, 1, n, file_);
  if (k == 0 && std::ferror(file_)) failed_ = true;
  bytes_read_ += k;
  return k;
}

namespace {

std::string describe_errno(const std::string& path) {
  return "cannot read " + path + ": " + std::strerror(errno);
}

bool is_record_file(const fs::path& p) {
  return records::format_from_extension(p.string()) || p.extension() == ".txt";
}

// The record files of a folder, by name; empty with `ec` set when it cannot be listed.
std::vector<std::string> record_files_in(const fs::path& folder, std::error_code& ec) {
  std::vector<std::string> found;
  fs::directory_iterator it(folder, ec);
  for (; !ec && it != fs::directory_iterator(); it.increment(ec)) {
    std::error_code type;  // a dangling link is no record file, not a reason to stop
    if (it->is_regular_file(type) && is_record_file(it->path()))
      found.push_back(it->path().string());
  }
  if (ec) found.clear();
  std::sort(found.begin(), found.end());
  return found;
}

std::string read_head(std::FILE* file, const std::string& path) {
  std::string head(records::detect_bytes, '\0');
  const std::size_t k = std::fread(head.data(), 1, head.size(), file);
  if (k == 0 && std::ferror(file)) throw UnreadableInput(describe_errno(path));
  head.resize(k);
  return head;
}

// A names file given by option must load; one found beside the games only adds names.
std::vector<std::string> load_names(const std::string& path, std::size_t record_bytes,
                                    bool required, std::string& warning) {
  if (path.empty()) return {};
  if (!required && !fs::exists(path)) return {};
  try {
    auto parsed = records::parse_wthor_names(read_small_file(path), record_bytes);
    if (parsed.error) throw UnreadableInput(path + ": " + *parsed.error);
    return std::move(parsed.names);
  } catch (const UnreadableInput& e) {
    if (required) throw;
    warning += std::string(warning.empty() ? "" : "; ") + "names not used: " + e.what();
    return {};
  }
}

std::string beside(const std::string& path, const std::string& name) {
  const fs::path dir = fs::path(path).parent_path();
  return (dir / name).string();
}

std::unique_ptr<records::WthorNames> wthor_names(const std::string& path,
                                                 const InputOptions& options,
                                                 std::string& warning) {
  const bool named = !options.players_file.empty() || !options.tournaments_file.empty();
  const bool is_stdin = path == "-";
  auto names = std::make_unique<records::WthorNames>();
  const std::string players = !options.players_file.empty()
                                  ? options.players_file
                                  : (is_stdin ? "" : beside(path, "WTHOR.JOU"));
  const std::string tournaments = !options.tournaments_file.empty()
                                      ? options.tournaments_file
                                      : (is_stdin ? "" : beside(path, "WTHOR.TRN"));
  names->players = load_names(players, records::wthor_player_bytes,
                              named && !options.players_file.empty(), warning);
  names->tournaments = load_names(tournaments, records::wthor_tournament_bytes,
                                  named && !options.tournaments_file.empty(), warning);
  return names;
}

}  // namespace

UnreadableInput unreadable_folder(const std::string& path) {
  std::error_code ec;
  record_files_in(path, ec);
  if (ec) return UnreadableInput("cannot read " + path + ": " + ec.message());
  return UnreadableInput("cannot read " + path +
                         ": a folder with no record files (.ggf, .wtb, .wtd, .obf, .json, .jsonl "
                         "or .txt)");
}

std::string read_small_file(const std::string& path) {
  std::error_code ec;
  if (fs::is_directory(path, ec)) throw UnreadableInput("cannot read " + path + ": a folder");
  std::FILE* file = std::fopen(path.c_str(), "rb");
  if (file == nullptr) throw UnreadableInput(describe_errno(path));
  std::string out;
  char buffer[1 << 14];
  std::size_t k;
  while ((k = std::fread(buffer, 1, sizeof buffer, file)) > 0) out.append(buffer, k);
  const bool failed = std::ferror(file) != 0;
  std::fclose(file);
  if (failed) throw UnreadableInput(describe_errno(path));
  return out;
}

Input open_input(const std::string& path, const InputOptions& options) {
  Input in;
  in.name = path;
  std::FILE* file = stdin;
  const bool is_stdin = path == "-";
  if (!is_stdin) {
    std::error_code ec;
    if (fs::is_directory(path, ec)) throw unreadable_folder(path);
    file = std::fopen(path.c_str(), "rb");
    if (file == nullptr) throw UnreadableInput(describe_errno(path));
  }
  std::string head;
  try {
    head = read_head(file, path);
  } catch (...) {
    if (!is_stdin) std::fclose(file);
    throw;
  }
  in.format = options.format ? *options.format : records::detect_format(head, is_stdin ? "" : path);
  in.source = std::make_unique<FileSource>(file, !is_stdin, std::move(head));
  if (in.format == records::Format::json) {
    in.reader = std::make_unique<json_record::JsonGameReader>(*in.source, path);
    return in;
  }
  records::ReaderOptions reader_options;
  reader_options.file = path;
  reader_options.rules = options.rules;
  if (in.format == records::Format::wthor) {
    in.names = wthor_names(path, options, in.warning);
    reader_options.names = in.names.get();
    if (!is_stdin) reader_options.wthor_size = records::wthor_size_from_extension(path);
  }
  in.reader = records::make_reader(in.format, *in.source, reader_options);
  return in;
}

std::string read_whole_input(const std::string& path) {
  if (path != "-") {
    std::error_code ec;
    if (fs::is_directory(path, ec)) throw unreadable_folder(path);
    return read_small_file(path);
  }
  std::string out;
  char buffer[1 << 14];
  std::size_t k;
  while ((k = std::fread(buffer, 1, sizeof buffer, stdin)) > 0) out.append(buffer, k);
  if (std::ferror(stdin)) throw UnreadableInput(describe_errno("standard input"));
  return out;
}

std::vector<std::string> expand_record_inputs(const std::vector<std::string>& paths) {
  std::vector<std::string> out;
  for (const auto& p : paths) {
    std::error_code ec;
    if (p == "-" || !fs::is_directory(p, ec)) {
      out.push_back(p);
      continue;
    }
    const std::vector<std::string> found = record_files_in(p, ec);
    if (found.empty()) out.push_back(p);
    out.insert(out.end(), found.begin(), found.end());
  }
  return out;
}

}  // namespace reversi::cli
