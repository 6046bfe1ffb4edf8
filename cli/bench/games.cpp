#include "cli/bench/games.hpp"

#include "cli/batch/record_input.hpp"
#include "core/records/validate.hpp"

namespace reversi::cli {

std::vector<records::GameRecord> complete_games(const std::string& path, int wanted) {
  InputOptions options;
  Input in = open_input(path, options);
  std::vector<records::GameRecord> out;
  while (static_cast<int>(out.size()) < wanted) {
    auto game = in.reader->next();
    if (!game) break;
    const records::Validation v = records::validate(*game);
    if (v.verdict == records::Verdict::valid && v.finished) out.push_back(std::move(game->record));
  }
  return out;
}

}  // namespace reversi::cli
