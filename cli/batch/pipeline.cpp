#include "cli/batch/pipeline.hpp"

#include <iostream>

#include "cli/common.hpp"

namespace reversi::cli {

std::optional<records::Format> chosen_format(const std::string& name) {
  if (name == "auto") return std::nullopt;
  const auto f = records::parse_format_name(name);
  if (!f)
    throw UsageError("--format must be auto, moves, ggf, wthor, obf, board or json, not '" + name +
                     "'");
  return f;
}

void for_each_input(const std::string& command, const std::vector<std::string>& files,
                    const InputOptions& options, std::FILE* out, UnreadableList& unreadable,
                    const std::function<bool()>& stop, const std::function<void(Input&)>& each) {
  for (const auto& file : expand_record_inputs(files)) {
    if (stop && stop()) break;
    try {
      Input in = open_input(file, options);
      if (!in.warning.empty())
        std::cerr << "reversi " << command << ": " << file << ": " << in.warning << "\n";
      each(in);
      if (in.source->failed()) throw UnreadableInput("cannot read " + file + ": read error");
    } catch (const UnreadableInput& e) {
      std::fflush(out);
      std::cerr << "reversi " << command << ": " << e.what() << "\n";
      unreadable.emplace_back(file, e.what());
    }
  }
}

}  // namespace reversi::cli
