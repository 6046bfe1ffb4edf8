// reversi report: annotated games as one self-contained HTML file. Reads what `reversi annotate`
// writes (JSON Lines or its --json document, from files or standard input), or annotates game
// records itself through `reversi annotate`, so nothing is analysed twice.
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "analysis/annotate.hpp"
#include "cli/batch/output_file.hpp"
#include "cli/batch/record_input.hpp"
#include "cli/commands/annotate.hpp"
#include "cli/commands/report_input.hpp"
#include "cli/common.hpp"
#include "cli/options/numeric.hpp"
#include "cli/options/rules.hpp"
#include "cli/options/threads.hpp"
#include "cli/output/report_html.hpp"
#include "cli/subcommands.hpp"

namespace reversi::cli {

namespace {

namespace fs = std::filesystem;

struct ReportOptions {
  RulesOptions rules;
  ThreadOptions threads;
  int exact_empties = default_exact_empties;
  int depth = default_estimate_depth;
  std::string format;
  bool annotate = false;
  std::string output;
  std::string title = "Reversi game report";
  std::vector<std::string> files;
};

// Annotate output starts with a JSON object (or array); every record format starts otherwise,
// apart from the toolkit's own JSON game records, which --annotate marks.
bool looks_like_json(const std::string& text) {
  for (char ch : text) {
    if (ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n') continue;
    return ch == '{' || ch == '[';
  }
  return false;
}

// Runs `reversi annotate` over record files into a temporary file and reads that back.
int annotate_records(const cluster::Context& context, const ReportOptions& opt,
                     const po::variables_map& vm, const std::vector<std::string>& files,
                     ReportInput& c) {
  std::vector<std::string> args;
  if (vm.count("size") && !vm["size"].defaulted())
    args.insert(args.end(), {"--size", std::to_string(opt.rules.size)});
  if (vm.count("start") && !vm["start"].defaulted())
    args.insert(args.end(), {"--start", opt.rules.start});
  if (opt.rules.anti) args.emplace_back("--anti");
  for (const auto& h : opt.rules.holes) args.insert(args.end(), {"--hole", h});
  if (vm.count("scoring") && !vm["scoring"].defaulted())
    args.insert(args.end(), {"--scoring", opt.rules.scoring});
  if (opt.threads.threads != 0)
    args.insert(args.end(), {"--threads", std::to_string(opt.threads.threads)});
  args.insert(args.end(), {"--exact-empties", std::to_string(opt.exact_empties)});
  args.insert(args.end(), {"--depth", std::to_string(opt.depth)});
  if (!opt.format.empty()) args.insert(args.end(), {"--format", opt.format});
  char pattern[] = "/tmp/reversi-report-XXXXXX";
  const int fd = mkstemp(pattern);
  if (fd < 0) throw UsageError("cannot create a temporary file");
  ::close(fd);
  const std::string temp = pattern;
  args.insert(args.end(), {"--jsonl", "-o", temp});
  args.insert(args.end(), files.begin(), files.end());
  int status = exit_ok;
  try {
    status = run_annotate_with_figures(args, context, nullptr);
    if (status == exit_ok || status == exit_bad_input)
      read_annotate_output(read_whole_input(temp), "annotate output", c);
  } catch (...) {
    std::remove(temp.c_str());
    throw;
  }
  std::remove(temp.c_str());
  return status;
}

// Reads the options into `opt` and `vm`; false after --help.
bool parse_report(const std::vector<std::string>& args, ReportOptions& opt, po::variables_map& vm) {
  po::options_description desc("Options");
  opt.rules.add_to(desc);
  opt.threads.add_to(desc);
  // clang-format off
  desc.add_options()
      ("output,o", po::value(&opt.output), "write the HTML to FILE (default: standard output)")
      ("title", po::value(&opt.title), "the page title")
      ("annotate", po::bool_switch(&opt.annotate),
       "annotate JSON inputs too (they are the toolkit's game records, not annotate output)")
      ("exact-empties",
       numeric(&opt.exact_empties, Range<int>{0, max_exact_empties, "empty squares"})
           ->default_value(default_exact_empties),
       "when annotating: solve exactly with at most this many empties (as annotate)")
      ("depth", numeric(&opt.depth, Range<int>{1, max_estimate_depth, "plies"})
                    ->default_value(default_estimate_depth),
       "when annotating: the estimate depth (as annotate)")
      ("format", po::value(&opt.format), "when annotating: the record format (default: detected)")
      ("file", po::value(&opt.files)->composing(),
       "annotate output (JSON Lines or --json) or game records: files, folders, - for standard "
       "input");
  // clang-format on
  po::positional_options_description positional;
  positional.add("file", -1);
  if (!parse_options("report",
                     "[-o FILE.html] [--title T] [--annotate] [RULES] [--exact-empties N] "
                     "[--depth D] [--threads T] FILE... | -",
                     desc, args, vm, &positional))
    return false;
  if (opt.files.empty()) throw UsageError("no input: give files, or - for standard input");
  opt.rules.rules();  // checks the rules options now, before any work
  return true;
}

// WTHOR files are records; anything else is looked at.
bool is_wthor_file(const std::string& file) {
  const std::string ext = fs::path(file).extension().string();
  return ext == ".wtb" || ext == ".wtd" || ext == ".WTB" || ext == ".WTD";
}

// Record inputs waiting to be annotated in one run of annotate, in input order; standard input
// goes through a temporary copy (annotate reads files), removed once annotated.
class PendingRecords {
 public:
  explicit PendingRecords(const cluster::Context& context) : context_(context) {}
  ~PendingRecords() { remove_copies(); }
  PendingRecords(const PendingRecords&) = delete;
  PendingRecords& operator=(const PendingRecords&) = delete;

  void add(const std::string& file) { files_.push_back(file); }
  void add_copy(const std::string& text) {
    char pattern[] = "/tmp/reversi-report-in-XXXXXX";
    const int fd = mkstemp(pattern);
    if (fd < 0) throw UsageError("cannot create a temporary file");
    ::close(fd);
    copies_.emplace_back(pattern);
    std::ofstream(pattern, std::ios::binary) << text;
    files_.emplace_back(pattern);
  }
  // Annotates them into `c`: exit_ok, or annotate's status when it failed (unreadable input 2, an
  // interrupt 130), annotate having said why.
  int annotate_into(const ReportOptions& opt, const po::variables_map& vm, ReportInput& c) {
    if (files_.empty()) return exit_ok;
    const int s = annotate_records(context_, opt, vm, files_, c);
    files_.clear();
    remove_copies();
    return s != exit_ok && s != exit_bad_input ? s : exit_ok;
  }

 private:
  void remove_copies() {
    for (const auto& f : copies_) std::remove(f.c_str());
    copies_.clear();
  }
  cluster::Context context_;
  std::vector<std::string> files_;
  std::vector<std::string> copies_;
};

// Every input's games and problems, folders expanded as by every command that reads records;
// exit_ok, or the status to stop with (no page). Consecutive record files are annotated together.
int collect_all(const cluster::Context& context, const ReportOptions& opt,
                const po::variables_map& vm, ReportInput& c) {
  PendingRecords records(context);
  for (const auto& file : expand_record_inputs(opt.files)) {
    if (is_wthor_file(file)) {
      records.add(file);
      continue;
    }
    const std::string text = read_whole_input(file);
    if (opt.annotate || !looks_like_json(text)) {
      if (file == "-")
        records.add_copy(text);
      else
        records.add(file);
      continue;
    }
    if (const int status = records.annotate_into(opt, vm, c); status != exit_ok) return status;
    read_annotate_output(text, file == "-" ? "standard input" : file, c);
  }
  return records.annotate_into(opt, vm, c);
}

// The problems on standard error, and the page unless nothing was annotate output.
int print_report(const ReportOptions& opt, const ReportInput& c) {
  for (const auto& p : c.problems)
    std::cerr << "reversi report: " << p.where << ": " << p.reason << "\n";
  if (c.games.empty() && c.not_annotate > 0) {
    std::cerr << "reversi report: the input is not annotate output; no report written\n";
    return exit_bad_input;
  }
  const std::string html = report_html(c.games, c.problems, opt.title);
  if (opt.output.empty()) {
    std::cout << html;
    std::cout.flush();
  } else {
    write_file_atomically(opt.output, html);
  }
  if (c.games.empty() && c.problems.empty())
    std::cerr << "reversi report: the input held no games; the page says so\n";
  return c.problems.empty() ? exit_ok : exit_bad_input;
}

}  // namespace

int run_report(const std::vector<std::string>& args, const cluster::Context& context) {
  ReportOptions opt;
  po::variables_map vm;
  if (!parse_report(args, opt, vm)) return exit_ok;
  ReportInput c;
  const int status = collect_all(context, opt, vm, c);
  if (status != exit_ok) return status;
  return print_report(opt, c);
}

}  // namespace reversi::cli
