// reversi atlas: every small variant solved from its start, written as a JSON and Markdown table.
#include "analysis/atlas.hpp"

#include <chrono>
#include <ctime>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>
#include <thread>

#include "cli/batch/output_file.hpp"
#include "cli/commands/atlas_check.hpp"
#include "cli/common.hpp"
#include "cli/options/numeric.hpp"
#include "cli/options/threads.hpp"
#include "cli/output/atlas.hpp"
#include "cli/output/solve.hpp"
#include "cli/signals.hpp"
#include "cli/subcommands.hpp"

namespace reversi::cli {

namespace {

constexpr std::size_t default_hash_mb = 64;
// The sizes listed when none is given: 4x4 and 6x6 solved, 8x8 cited.
constexpr std::array<int, 3> default_sizes{4, 6, 8};

struct AtlasOptions {
  ThreadOptions threads;
  std::vector<int> sizes;
  std::vector<std::string> variants;
  std::vector<std::string> skip;
  std::string json;
  std::string markdown;
  std::string resume;
  std::string check;
  std::string commit = "unknown";
  std::size_t hash_mb = default_hash_mb;
  double row_seconds = 0;
  bool resolve = false;
  bool quiet = false;
};

// A table file that cannot be used: named, with the reason, on one line (exit status 2).
struct BadTable : std::runtime_error {
  using std::runtime_error::runtime_error;
};

std::string utc_now() {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return text;
}

std::string seconds_words(double s) {
  std::ostringstream out;
  out << s;
  return out.str();
}

std::string command_line(const std::vector<std::string>& args) {
  std::string out = "reversi atlas";
  for (const auto& a : args) out += " " + a;
  return out;
}

AtlasTable read_table(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw BadTable(path + ": cannot read the file");
  try {
    return read_atlas(nlohmann::json::parse(in));
  } catch (const std::exception& e) {
    std::string why = e.what();
    if (const auto nl = why.find('\n'); nl != std::string::npos) why.resize(nl);
    throw BadTable(path + ": not an atlas table: " + why);
  }
}

// The variants named by --variant.
std::vector<Rules> named_variants(const AtlasOptions& opt) {
  std::vector<Rules> out;
  for (const auto& id : opt.variants) {
    const ParsedVariant parsed = parse_atlas_id(id);
    if (!parsed.rules) throw UsageError(parsed.error);
    out.push_back(*parsed.rules);
  }
  return out;
}

// The variants listed for these sizes.
std::vector<Rules> listed_variants(const std::vector<int>& sizes) {
  std::vector<Rules> out;
  for (int size : sizes) {
    if (!atlas_listed_size(size))
      throw UsageError(
          "the atlas takes --size 4 or 6 (8: the rows known from the literature), not " +
          std::to_string(size));
    for (const Rules& r : atlas_variants(size)) out.push_back(r);
  }
  return out;
}

// The rows of the table a run writes: the sizes' lists (every listed size by default, none on
// --resume), the named variants, and the rows of the resumed file, so that a table keeps
// everything it had.
std::vector<Rules> table_list(const AtlasOptions& opt, const AtlasTable* previous) {
  std::vector<Rules> in_file;
  if (previous != nullptr) {
    for (const auto& row : previous->rows) in_file.push_back(row.rules);
    for (const auto& r : previous->pending) in_file.push_back(r);
  }
  std::vector<int> sizes = opt.sizes;
  if (sizes.empty() && previous == nullptr && opt.variants.empty())
    sizes.assign(default_sizes.begin(), default_sizes.end());
  std::vector<Rules> list = listed_variants(sizes);
  for (const Rules& r : named_variants(opt)) in_file.push_back(r);
  for (const Rules& r : in_file)
    if (std::find(list.begin(), list.end(), r) == list.end()) list.push_back(r);
  // In the order of the listed variants; others after them.
  std::vector<Rules> order;
  for (int size : default_sizes)
    for (const Rules& r : atlas_variants(size)) order.push_back(r);
  const auto rank = [&](const Rules& r) {
    return std::find(order.begin(), order.end(), r) - order.begin();
  };
  std::stable_sort(list.begin(), list.end(),
                   [&](const Rules& a, const Rules& b) { return rank(a) < rank(b); });
  return list;
}

// The rows a run solves, in this order: the named variants, else the sizes' lists, else the
// whole table; less --skip.
std::vector<Rules> solve_list(const AtlasOptions& opt, const std::vector<Rules>& table) {
  std::vector<Rules> skipped;
  for (const auto& id : opt.skip) {
    const ParsedVariant parsed = parse_atlas_id(id);
    if (!parsed.rules) throw UsageError(parsed.error);
    skipped.push_back(*parsed.rules);
  }
  const std::vector<Rules> base = !opt.variants.empty() ? named_variants(opt)
                                  : !opt.sizes.empty()  ? listed_variants(opt.sizes)
                                                        : table;
  std::vector<Rules> out;
  for (const Rules& r : base)
    if (std::find(skipped.begin(), skipped.end(), r) == skipped.end()) out.push_back(r);
  return out;
}

bool parse_atlas(const std::vector<std::string>& args, AtlasOptions& opt, po::variables_map& vm) {
  po::options_description desc("Options");
  opt.threads.add_to(desc);
  desc.add_options()(
      "size", po::value(&opt.sizes)->multitoken(),
      "the listed variants of these sizes: 4, 6, 8 (8: cited rows only); default all")(
      "variant", po::value(&opt.variants)->multitoken(),
      "solve only these variants, e.g. 6x6-free-anti-b2-winner "
      "(SIZE-START[-anti][-HOLE...]-SCORING)")(
      "skip", po::value(&opt.skip)->multitoken(),
      "list these variants in the table but leave them for a later --resume")(
      "json", po::value(&opt.json),
      "write the table as JSON to FILE (atomically, after every row)")(
      "markdown", po::value(&opt.markdown),
      "write the table as Markdown to FILE (default: the "
      "JSON file's name with .md)")(
      "resume", po::value(&opt.resume),
      "keep the rows FILE has finished and solve the rest; writes back to FILE unless --json")(
      "check", po::value(&opt.check),
      "check the rows of FILE: every line replays to its value; the quick rows (4x4, cited, "
      "under 2 CPU s stored) are re-solved and compared; exit 1 on a difference")(
      "resolve", po::bool_switch(&opt.resolve),
      "with --check: re-solve every row (hours for the whole 6x6 table: the cost is printed "
      "first)")("row-seconds",
                numeric(&opt.row_seconds, Range<double>{0, 1e9, "CPU seconds"})->default_value(0),
                "leave a row unsolved (pending) once it has used this much CPU time; 0: no limit")(
      "commit", po::value(&opt.commit), "the source commit, recorded in the table's header")(
      "quiet", po::bool_switch(&opt.quiet), "no progress lines on stderr");
  add_hash_mb_option(desc, &opt.hash_mb, default_hash_mb,
                     "transposition table megabytes for each row being solved");
  if (!parse_options("atlas",
                     "[--size N...] [--variant ID...] [--json FILE] [--markdown FILE] "
                     "[--resume FILE | --check FILE [--resolve]] [--threads T] [--row-seconds S]",
                     desc, args, vm))
    return false;
  if (!opt.resume.empty() && !opt.check.empty())
    throw UsageError("give --resume or --check, not both");
  if (opt.resolve && opt.check.empty()) throw UsageError("--resolve goes with --check FILE");
  return true;
}

std::string markdown_path(const AtlasOptions& opt, const std::string& json_path) {
  if (!opt.markdown.empty()) return opt.markdown;
  if (json_path.empty()) return "";
  const std::string ext = ".json";
  if (json_path.size() > ext.size() && json_path.ends_with(ext))
    return json_path.substr(0, json_path.size() - ext.size()) + ".md";
  return json_path + ".md";
}

std::string row_line(std::size_t done, std::size_t total, const AtlasRow& row) {
  std::ostringstream out;
  out << "atlas: " << done << "/" << total << " " << atlas_id(row.rules) << ": ";
  if (row.complete)
    out << row_summary(row) << ", " << grouped(row.nodes) << " nodes, " << row.seconds << " s";
  else
    out << (row.timed_out ? "left for later (row time limit)" : "stopped");
  return out.str();
}

// --check FILE: the rows named by --variant and --size, else every row.
int run_check(const AtlasOptions& opt, int threads) {
  const AtlasTable table = read_table(opt.check);
  AtlasCheckRequest req;
  req.file = opt.check;
  req.only = named_variants(opt);
  for (const Rules& r : listed_variants(opt.sizes)) req.only.push_back(r);
  req.threads = threads;
  req.hash_mb = opt.hash_mb;
  req.resolve = opt.resolve;
  req.quiet = opt.quiet;
  return check_atlas_table(table, req);
}

int run_table(const AtlasOptions& opt, const std::vector<std::string>& args, int threads) {
  std::optional<AtlasTable> previous;
  if (!opt.resume.empty()) previous = read_table(opt.resume);
  const std::vector<Rules> list = table_list(opt, previous ? &*previous : nullptr);
  const std::string json_path = !opt.json.empty() ? opt.json : opt.resume;
  const std::string md_path = markdown_path(opt, json_path);

  std::map<std::string, AtlasRow> done;
  if (previous)
    for (const AtlasRow& row : previous->rows) done[atlas_id(row.rules)] = row;
  std::map<std::string, std::string> left;  // why a row is unfinished
  if (previous)
    for (std::size_t i = 0; i < previous->pending.size(); ++i)
      left[atlas_id(previous->pending[i])] = previous->pending_reasons[i];
  std::vector<Rules> todo;
  for (const Rules& r : solve_list(opt, list))
    if (!done.contains(atlas_id(r))) todo.push_back(r);
  for (const auto& id : opt.skip)
    left[atlas_id(*parse_atlas_id(id).rules)] = "skipped: left for a later --resume";

  AtlasTable table;
  if (previous) table.runs = previous->runs;
  // A run with nothing to solve only rewrites the files (say, the Markdown of a merged table).
  if (!todo.empty())
    table.runs.push_back(AtlasRun{command_line(args), opt.commit, utc_now(),
                                  static_cast<int>(std::thread::hardware_concurrency()), threads});
  const auto assemble = [&] {
    table.rows.clear();
    table.pending.clear();
    table.pending_reasons.clear();
    for (const Rules& r : list) {
      const std::string id = atlas_id(r);
      if (const auto it = done.find(id); it != done.end()) {
        table.rows.push_back(it->second);
      } else {
        table.pending.push_back(r);
        const auto why = left.find(id);
        table.pending_reasons.push_back(why != left.end() ? why->second : "not run yet");
      }
    }
  };
  const auto write = [&] {
    assemble();
    if (!json_path.empty()) write_file_atomically(json_path, atlas_json(table).dump(1) + "\n");
    if (!md_path.empty()) write_file_atomically(md_path, atlas_markdown(table));
  };

  InterruptGuard interrupt;
  AtlasRunRequest req;
  req.variants = todo;
  req.threads = threads;
  req.hash_mb = opt.hash_mb;
  req.row_seconds = opt.row_seconds;
  req.stop = interrupt.flag();
  std::size_t finished = 0;
  const auto run_start = std::chrono::steady_clock::now();
  req.on_row = [&](std::size_t, const AtlasRow& row) {
    ++finished;
    // The header keeps how long the run has taken up to its last finished row.
    table.runs.back().seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - run_start).count();
    const std::string id = atlas_id(row.rules);
    if (row.complete)
      done[id] = row;
    else
      left[id] = row.timed_out ? "stopped by the row limit of " + seconds_words(opt.row_seconds) +
                                     " CPU seconds"
                               : "interrupted";
    if (!opt.quiet) std::cerr << row_line(finished, todo.size(), row) << std::endl;
    write();
  };
  if (!opt.quiet)
    std::cerr << "atlas: " << todo.size() << " rows to solve (of " << list.size()
              << " in the table), " << threads << " at once" << std::endl;
  solve_atlas(req);
  write();
  if (json_path.empty() && md_path.empty()) std::cout << atlas_markdown(table);
  if (!opt.quiet && !table.pending.empty())
    std::cerr << "atlas: " << table.pending.size() << " rows left pending; --resume solves them"
              << std::endl;
  return interrupt.interrupted() ? exit_interrupted : exit_ok;
}

}  // namespace

int run_atlas(const std::vector<std::string>& args, const cluster::Context& /*context*/) {
  AtlasOptions opt;
  po::variables_map vm;
  if (!parse_atlas(args, opt, vm)) return exit_ok;
  const int threads = opt.threads.resolved();
  try {
    if (!opt.check.empty()) return run_check(opt, threads);
    return run_table(opt, args, threads);
  } catch (const BadTable& e) {
    std::cerr << "reversi atlas: " << e.what() << "\n";
    return exit_usage;
  }
}

}  // namespace reversi::cli
