// reversi bench signature: solve a fixed set of generated positions on one thread and print
// their node counts: any change in search behaviour changes the signature (the default mode).
#include <filesystem>
#include <fstream>
#include <iostream>
#include <random>
#include <sstream>

#include "analysis/solver/search.hpp"
#include "analysis/solver/solve_suite.hpp"
#include "cli/bench/modes.hpp"
#include "cli/common.hpp"
#include "cli/output/render.hpp"
#include "cli/output/solve.hpp"
#include "cli/suite_runner.hpp"
#include "core/notation.hpp"

namespace reversi::cli {

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

struct SignatureOptions {
  bool json = false;
};

// The running totals and, for --json, the rows.
struct SignatureTotals {
  std::uint64_t nodes = 0;
  std::uint64_t hash = 0xCBF29CE484222325ull;
  double seconds = 0;
  nlohmann::json rows = nlohmann::json::array();
};

// Reads the options into `opt`; false after --help.
bool parse_bench_signature(const std::vector<std::string>& args, SignatureOptions& opt) {
  po::options_description desc("Options");
  desc.add_options()("json", po::bool_switch(&opt.json), "print JSON");
  po::variables_map vm;
  return parse_options("bench signature", "[--json]", desc, args, vm);
}

// One position solved on one thread with a fresh table.
SolveResult solve_case(const Rules& rules, const Position& p) {
  Solver solver(bench_hash_mb);
  SolveRequest req;
  req.rules = rules;
  req.root = p;
  req.threads = 1;
  return solver.solve(req);
}

// One position's result: a JSON row, or a text line printed now.
void print_case(const SignatureCase& c, const Position& p, const SolveResult& r, bool json,
                nlohmann::json& rows) {
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

void print_signature(const SignatureTotals& t, bool json) {
  char sig[32];
  std::snprintf(sig, sizeof sig, "%016llx", static_cast<unsigned long long>(t.hash));
  if (json) {
    std::cout << nlohmann::json{{"positions", t.rows},
                                {"nodes", t.nodes},
                                {"signature", sig},
                                {"seconds", t.seconds}}
                     .dump(2)
              << "\n";
  } else {
    std::cout << "nodes " << t.nodes << "  signature " << sig << "  (" << rate(t.nodes, t.seconds)
              << " nodes/s, " << t.seconds << " s)\n";
  }
}

}  // namespace

int run_bench_signature(const std::vector<std::string>& args) {
  SignatureOptions opt;
  if (!parse_bench_signature(args, opt)) return exit_ok;
  SignatureTotals t;
  for (const auto& c : signature_cases()) {
    const Position p = seeded_position(c.rules, c.empties, c.seed);
    const SolveResult r = solve_case(c.rules, p);
    t.nodes += r.nodes;
    t.seconds += r.seconds;
    t.hash = mix(mix(t.hash, r.nodes), static_cast<std::uint64_t>(r.value) + 1000);
    print_case(c, p, r, opt.json, t.rows);
  }
  print_signature(t, opt.json);
  return exit_ok;
}

}  // namespace reversi::cli
