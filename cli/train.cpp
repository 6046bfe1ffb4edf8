// reversi train: learns the 8x8 pattern evaluation's weights from WTHOR game files.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>

#include "analysis/eval/training.hpp"
#include "cli/common.hpp"
#include "cli/record_input.hpp"
#include "core/game.hpp"

namespace reversi::cli {

namespace {

namespace fs = std::filesystem;

struct TrainOptions {
  std::string folder;
  std::string holdout = "WTH_2019.wtb";
  std::string output;
  eval::TrainRequest request;
};

struct LoadedSamples {
  std::vector<eval::Sample> train;
  std::vector<eval::Sample> valid;
  long games = 0;
  long skipped = 0;  // invalid or unfinished records
};

std::vector<std::string> wthor_files(const std::string& folder) {
  std::vector<std::string> out;
  for (const auto& entry : fs::directory_iterator(folder)) {
    const auto name = entry.path().filename().string();
    if (entry.is_regular_file() && name.size() > 4 && name.substr(name.size() - 4) == ".wtb")
      out.push_back(entry.path().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

void load_file(const std::string& path, std::vector<eval::Sample>& out, LoadedSamples& totals) {
  InputOptions in;
  in.format = records::Format::wthor;
  Input input = open_input(path, in);
  while (auto game = input.reader->next()) {
    if (game->error || !game->record.meta.wthor) {
      ++totals.skipped;
      continue;
    }
    const auto& rec = game->record;
    const Replay r = replay(rec.rules, rec.start, rec.moves);
    if (!r.ok() || !r.finished) {
      ++totals.skipped;
      continue;
    }
    eval::GameLabels labels;
    labels.final_margin = rec.rules.value(r.final_position, Color::dark);
    const auto& w = *rec.meta.wthor;
    if (w.depth > 0) {
      labels.theoretical_margin = 2 * w.theoretical_score - 64;
      labels.theoretical_empties = w.depth;
    }
    eval::add_game_samples(r, labels, out);
    ++totals.games;
  }
}

TrainOptions parse(const std::vector<std::string>& args, bool& help) {
  TrainOptions o;
  po::options_description desc("Options");
  desc.add_options()("wthor", po::value(&o.folder)->required(), "folder of WTHOR .wtb files")(
      "holdout", po::value(&o.holdout)->default_value(o.holdout),
      "file name kept out of training, for validation")(
      "output,o", po::value(&o.output)->required(), "weights file to write")(
      "iterations", po::value(&o.request.iterations)->default_value(o.request.iterations),
      "conjugate-gradient steps per phase")(
      "ridge", po::value(&o.request.ridge)->default_value(o.request.ridge),
      "penalty on the size of each weight");
  po::variables_map vm;
  help = !parse_options("train", "--wthor DIR -o FILE [OPTIONS]", desc, args, vm);
  return o;
}

}  // namespace

int run_train(const std::vector<std::string>& args) {
  bool help = false;
  const TrainOptions o = parse(args, help);
  if (help) return exit_ok;
  const auto start = std::chrono::steady_clock::now();
  LoadedSamples data;
  for (const auto& file : wthor_files(o.folder)) {
    const bool held_out = fs::path(file).filename() == o.holdout;
    load_file(file, held_out ? data.valid : data.train, data);
  }
  std::cerr << "train: " << data.games << " games (" << data.skipped << " skipped), "
            << data.train.size() << " training and " << data.valid.size()
            << " validation positions\n";
  const eval::TrainResult result = eval::train(data.train, data.valid, o.request);
  std::printf("phase  empties   train n  train MAE  train RMSE   valid n  valid MAE  valid RMSE\n");
  for (const auto& p : result.phases)
    std::printf("%5d  %2d-%-2d    %8zu  %9.2f  %10.2f  %8zu  %9.2f  %10.2f\n", p.phase,
                4 * p.phase + 1, 4 * p.phase + 4, p.train_count, p.train_mae, p.train_rmse,
                p.valid_count, p.valid_mae, p.valid_rmse);
  eval::write_weights_file(result.weights, o.output);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("wrote %s (%zu weights) in %.1f s\n", o.output.c_str(), result.weights.values.size(),
              seconds);
  return exit_ok;
}

}  // namespace reversi::cli
