// reversi bench: benchmarks by sub-mode.
//   signature  solve a fixed set of generated positions on one thread and print their node
//              counts: any change in search behaviour changes the signature (the default)
//   ffo        the FFO endgame suite: time and nodes per position, on one thread and on more
//   perft, records, puzzle, annotate: the other subsystems' benchmarks (one file each)
#include <filesystem>
#include <fstream>
#include <iostream>
#include <random>
#include <sstream>

#include "analysis/search.hpp"
#include "analysis/solve_suite.hpp"
#include "cli/common.hpp"
#include "cli/render.hpp"
#include "cli/solve_output.hpp"
#include "cli/suite_runner.hpp"
#include "core/notation.hpp"

namespace reversi::cli {

int run_bench_perft(const std::vector<std::string>& args);
int run_bench_records(const std::vector<std::string>& args);
int run_bench_puzzle(const std::vector<std::string>& args);
int run_bench_annotate(const std::vector<std::string>& args);

namespace {

constexpr std::size_t bench_hash_mb = 64;

// A signature position: rules, and how far into a seeded random game it is taken.
struct SignatureCase {
  const char* name;
  Rules rules;
  int empties;  // random play from the start until this many empties remain
  std::uint64_t seed;
};

std::vector<SignatureCase> signature_cases() {
  const Geometry g6(6);
  const Geometry g8(8);
  const Bits hole6 = bit<Bits>(g6.square(1, 1));
  const Bits hole8 = bit<Bits>(g8.square(0, 3)) | bit<Bits>(g8.square(6, 6));
  std::vector<SignatureCase> cases = {
      {"4x4 start", Rules(4), 12, 0},
      {"4x4 free start", Rules(4, Start::free), 16, 0},
      {"6x6 anti", Rules(6, Start::standard, true), 16, 1},
      {"6x6 hole b2", Rules(6, Start::standard, false, hole6), 18, 2},
      {"6x6 count", Rules(6, Start::standard, false, 0, Scoring::count), 20, 3},
      {"6x6 free", Rules(6, Start::free), 16, 4},
      {"8x8 anti", Rules(8, Start::standard, true), 15, 5},
      {"8x8 holes d1 g7", Rules(8, Start::standard, false, hole8), 18, 6},
      {"10x10", Rules(10), 14, 7},
  };
  for (std::uint64_t seed = 10; seed < 20; ++seed)
    cases.push_back({"8x8", Rules(8), 16 + static_cast<int>(seed % 3), seed});
  return cases;
}

// Random legal play from the start with a fixed generator: the same positions everywhere.
Position seeded_position(const Rules& rules, int empties, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  Position p = rules.initial();
  while (rules.empties(p) > empties) {
    Bits moves = rules.legal_moves(p);
    if (moves == 0) {
      if (rules.game_over(p)) break;
      p = rules.pass(p);
      continue;
    }
    auto pick = rng() % static_cast<std::uint64_t>(popcount(moves));
    while (pick-- > 0) moves &= moves - 1;
    p = rules.play(p, lowest_square(moves));
  }
  return p;
}

// FNV-1a over the per-position node counts and values.
std::uint64_t mix(std::uint64_t h, std::uint64_t v) {
  for (int i = 0; i < 8; ++i) {
    h ^= (v >> (8 * i)) & 0xFF;
    h *= 0x100000001B3ull;
  }
  return h;
}

int run_signature(const std::vector<std::string>& args) {
  po::options_description desc("Options");
  bool json = false;
  desc.add_options()("json", po::bool_switch(&json), "print JSON");
  po::variables_map vm;
  if (!parse_options("bench signature", "[--json]", desc, args, vm)) return exit_ok;
  std::uint64_t total = 0;
  std::uint64_t hash = 0xCBF29CE484222325ull;
  double seconds = 0;
  nlohmann::json rows = nlohmann::json::array();
  for (const auto& c : signature_cases()) {
    const Position p = seeded_position(c.rules, c.empties, c.seed);
    Solver solver(bench_hash_mb);
    SolveRequest req;
    req.rules = c.rules;
    req.root = p;
    req.threads = 1;
    const SolveResult r = solver.solve(req);
    total += r.nodes;
    seconds += r.seconds;
    hash = mix(mix(hash, r.nodes), static_cast<std::uint64_t>(r.value + 1000));
    if (json) {
      rows.push_back({{"name", c.name},
                      {"board", board_string(p, c.rules)},
                      {"value", r.value},
                      {"nodes", r.nodes},
                      {"seconds", r.seconds}});
    } else {
      char line[160];
      std::snprintf(line, sizeof line, "%-18s %3d empties  value %4s  %12s nodes  %7.3f s", c.name,
                    c.rules.empties(p), signed_value(r.value).c_str(), grouped(r.nodes).c_str(),
                    r.seconds);
      std::cout << line << "\n";
    }
  }
  char sig[32];
  std::snprintf(sig, sizeof sig, "%016llx", static_cast<unsigned long long>(hash));
  if (json) {
    std::cout << nlohmann::json{{"positions", rows},
                                {"nodes", total},
                                {"signature", sig},
                                {"seconds", seconds}}
                     .dump(2)
              << "\n";
  } else {
    std::cout << "nodes " << total << "  signature " << sig << "  (" << rate(total, seconds)
              << " nodes/s, " << seconds << " s)\n";
  }
  return exit_ok;
}

std::vector<int> parse_thread_list(const std::string& text) {
  std::vector<int> out;
  std::stringstream in(text);
  std::string item;
  while (std::getline(in, item, ',')) {
    try {
      const int t = std::stoi(item);
      if (t < 1) throw std::invalid_argument(item);
      out.push_back(t);
    } catch (const std::exception&) {
      throw UsageError("--threads wants a list like 1,2, not '" + text + "'");
    }
  }
  if (out.empty()) throw UsageError("--threads wants a list like 1,2");
  return out;
}

// Every FFO position from `first` to `last`, from the suite files in `dir`.
std::vector<ObfPosition> load_ffo(const std::string& dir, int first, int last, const Rules& rules) {
  std::vector<ObfPosition> out;
  if (!std::filesystem::is_directory(dir)) throw UsageError("no FFO suite folder at " + dir);
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::directory_iterator(dir))
    if (e.path().extension() == ".obf") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  for (const auto& f : files) {
    std::ifstream in(f);
    for (auto& p : read_obf(in, rules, obf_first_number(f.filename().string())))
      if (p.number >= first && p.number <= last) out.push_back(std::move(p));
  }
  std::sort(out.begin(), out.end(),
            [](const ObfPosition& a, const ObfPosition& b) { return a.number < b.number; });
  return out;
}

int run_ffo(const std::vector<std::string>& args) {
  po::options_description desc("Options");
  std::string dir = "../shared/data/obf";
  int first = 40;
  int last = 49;
  std::string threads_text = "1,2";
  std::size_t hash_mb = 256;
  bool json = false;
  bool wld = false;
  // clang-format off
  desc.add_options()
      ("dir", po::value(&dir)->default_value(dir), "folder of the FFO .obf files")
      ("first", po::value(&first)->default_value(first), "first position number")
      ("last", po::value(&last)->default_value(last), "last position number")
      ("threads", po::value(&threads_text)->default_value(threads_text),
       "thread counts to run, e.g. 1,2")
      ("hash-mb", po::value(&hash_mb)->default_value(hash_mb), "transposition table size")
      ("wld", po::bool_switch(&wld), "win/draw/loss only")
      ("json", po::bool_switch(&json), "print JSON");
  // clang-format on
  po::variables_map vm;
  if (!parse_options("bench ffo", "[--dir D] [--first N] [--last N] [--threads 1,2] [--wld]", desc,
                     args, vm))
    return exit_ok;
  const Rules rules(8);
  const auto thread_counts = parse_thread_list(threads_text);
  const auto suite = load_ffo(dir, first, last, rules);
  if (suite.empty())
    throw UsageError("no FFO position numbered " + std::to_string(first) + "-" +
                     std::to_string(last) + " in " + dir);
  InterruptGuard interrupt;
  Solver solver(hash_mb);
  int wrong = 0;
  nlohmann::json runs = nlohmann::json::array();
  for (int threads : thread_counts) {
    std::uint64_t nodes = 0;
    double seconds = 0;
    nlohmann::json rows = nlohmann::json::array();
    if (!json)
      std::cout << "FFO " << first << "-" << last << ", " << threads << " thread"
                << (threads > 1 ? "s" : "") << (wld ? ", win/draw/loss" : "") << "\n";
    SolveRequest base;
    base.rules = rules;
    base.threads = threads;
    base.wld = wld;
    base.want_pv = false;
    const bool finished =
        solve_suite(solver, suite, base, false, interrupt, [&](const SuiteResult& s) {
          if (interrupt.interrupted()) return;
          const SolveResult& r = s.result;
          if (!s.problem.empty()) ++wrong;
          nodes += r.nodes;
          seconds += r.seconds;
          const std::string best =
              r.best_moves.empty() ? std::string("-") : rules.geometry().name(r.best_moves.front());
          if (json) {
            rows.push_back({{"number", s.entry.number},
                            {"best", best},
                            {"value", r.value},
                            {"nodes", r.nodes},
                            {"seconds", r.seconds},
                            {"ok", s.problem.empty()}});
          } else {
            char line[160];
            std::snprintf(line, sizeof line, "#%-3d %-3s %4s %14s nodes %9.3f s %8s n/s  %s",
                          s.entry.number, best.c_str(), value_text(r, wld).c_str(),
                          grouped(r.nodes).c_str(), r.seconds, rate(r.nodes, r.seconds).c_str(),
                          s.problem.empty() ? "ok" : ("WRONG: " + s.problem).c_str());
            std::cout << line << std::endl;
          }
        });
    if (!finished) return exit_interrupted;
    if (json) {
      runs.push_back(
          {{"threads", threads}, {"positions", rows}, {"nodes", nodes}, {"seconds", seconds}});
    } else {
      std::cout << "total " << grouped(nodes) << " nodes, " << seconds << " s, "
                << rate(nodes, seconds) << " nodes/s\n";
    }
  }
  if (json) std::cout << nlohmann::json{{"runs", runs}, {"wrong", wrong}}.dump(2) << "\n";
  return wrong > 0 ? exit_bad_input : exit_ok;
}

void print_bench_help() {
  std::cout
      << "Usage: reversi bench [signature|ffo|perft|records|puzzle|annotate] [OPTIONS]\n\n"
         "  signature  node counts of a fixed set of solves on one thread (default)\n"
         "  ffo        the FFO endgame suite: time and nodes per position per thread count\n"
         "  perft      perft speed (see 'reversi bench perft --help')\n"
         "  records    record parsing speed (see 'reversi bench records --help')\n"
         "  puzzle     the 8x8 wipeout count within 11 moves on 1 and 2 threads\n"
         "  annotate   WTHOR theoretical scores at 24 empties; whole-database annotate speed\n";
}

}  // namespace

int run_bench(const std::vector<std::string>& args) {
  if (args.empty() || args.front().rfind("--", 0) == 0) {
    if (!args.empty() && (args.front() == "--help" || args.front() == "-h")) {
      print_bench_help();
      return exit_ok;
    }
    return run_signature(args);
  }
  const std::string& mode = args.front();
  const std::vector<std::string> rest(args.begin() + 1, args.end());
  if (mode == "signature") return run_signature(rest);
  if (mode == "ffo") return run_ffo(rest);
  if (mode == "perft") return run_bench_perft(rest);
  if (mode == "records") return run_bench_records(rest);
  if (mode == "puzzle") return run_bench_puzzle(rest);
  if (mode == "annotate") return run_bench_annotate(rest);
  if (mode == "help") {
    print_bench_help();
    return exit_ok;
  }
  throw UsageError("unknown bench mode '" + mode +
                   "' (signature, ffo, perft, records, puzzle, annotate)");
}

}  // namespace reversi::cli
