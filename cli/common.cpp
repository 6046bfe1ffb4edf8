#include "cli/common.hpp"

#include <iostream>
#include <thread>

namespace reversi::cli {

void RulesOptions::add_to(po::options_description& desc) {
  po::options_description group("Rules");
  // clang-format off
  group.add_options()
      ("size", po::value(&size)->default_value(8), "board side: 4, 6, 8 or 10")
      ("start", po::value(&start)->default_value("standard"),
       "standard (cross) or free (historic free centre, N*N/2 discs each)")
      ("anti", po::bool_switch(&anti), "anti-reversi: fewer discs wins")
      ("hole", po::value(&holes)->composing(), "a black-hole square, e.g. b2 (repeatable)")
      ("scoring", po::value(&scoring)->default_value("winner"),
       "count (empties to no one) or winner (winner takes empties)");
  // clang-format on
  desc.add(group);
}

Rules RulesOptions::rules() const {
  if (!Geometry::is_supported(size))
    throw UsageError("--size must be 4, 6, 8 or 10, not " + std::to_string(size));
  const auto s = parse_start(start);
  if (!s) throw UsageError("--start must be standard or free, not '" + start + "'");
  const auto sc = parse_scoring(scoring);
  if (!sc) throw UsageError("--scoring must be count or winner, not '" + scoring + "'");
  const Geometry g(size);
  Bits hole_set = 0;
  for (const auto& h : holes) {
    const auto sq = g.parse(h);
    if (!sq)
      throw UsageError("--hole " + h + " is not a square of the " + std::to_string(size) + "x" +
                       std::to_string(size) + " board");
    hole_set |= bit<Bits>(*sq);
  }
  try {
    return Rules(size, *s, anti, hole_set, *sc);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
}

void ThreadOptions::add_to(po::options_description& desc) {
  desc.add_options()("threads", po::value(&threads)->default_value(0),
                     "worker threads (0: every core); results do not depend on it");
}

int ThreadOptions::resolved() const {
  if (threads < 0) throw UsageError("--threads must be 0 or more");
  if (threads > 0) return threads;
  return static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

bool parse_options(const std::string& command, const std::string& synopsis,
                   po::options_description& desc, const std::vector<std::string>& args,
                   po::variables_map& vm, const po::positional_options_description* positional) {
  desc.add_options()("help,h", "show this help");
  try {
    auto parser = po::command_line_parser(args).options(desc);
    if (positional != nullptr) parser.positional(*positional);
    po::store(parser.run(), vm);
    if (vm.count("help") != 0) {
      std::cout << "Usage: reversi " << command << " " << synopsis << "\n\n" << desc << "\n";
      return false;
    }
    po::notify(vm);
  } catch (const po::error& e) {
    throw UsageError(std::string(e.what()) + " (see 'reversi " + command + " --help')");
  }
  return true;
}

std::string version() {
  return REVERSI_VERSION;
}

}  // namespace reversi::cli
