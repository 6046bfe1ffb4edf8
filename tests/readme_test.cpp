// The README's examples are real: every "$ reversi ..." command in its code blocks is run with the
// binary built here, and its output must be the one shown, times and speeds masked. Commands over
// the large shared data (../shared) take tens of minutes and are listed as not run.
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

struct Example {
  std::string command;   // after "$ "
  std::string expected;  // the lines shown below it
};

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The examples of one Markdown file, block by block.
std::vector<std::vector<Example>> examples_of(const std::string& markdown) {
  std::vector<std::vector<Example>> blocks;
  std::istringstream in(markdown);
  bool inside = false;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("```", 0) == 0) {
      inside = !inside;
      if (inside) blocks.emplace_back();
      continue;
    }
    if (!inside) continue;
    if (line.rfind("$ ", 0) == 0) {
      blocks.back().push_back({line.substr(2), ""});
    } else if (!blocks.back().empty()) {
      blocks.back().back().expected += line + "\n";
    }
  }
  std::erase_if(blocks, [](const auto& b) { return b.empty(); });
  return blocks;
}

// Times, speeds and the machine's thread count vary; everything else must match.
std::string masked(std::string text) {
  static const std::regex time(R"(\d+(\.\d+)?(e[-+]?\d+)? s\b)");
  static const std::regex speed(R"(\d+(\.\d+)? M (n/s|nodes/s|leaves/s))");
  static const std::regex spaces(R"([ \t]+)");
  text = std::regex_replace(text, speed, "<speed>");
  text = std::regex_replace(text, time, "<time> s");
  text = std::regex_replace(text, spaces, " ");
  return text;
}

// Runs a block's commands in one shell, in a scratch folder that sees the repository's data/,
// with the built binary first on the PATH; returns each command's standard output.
std::vector<std::string> run_block(const std::vector<Example>& block) {
  char pattern[] = "/tmp/reversi-readme-XXXXXX";
  const fs::path dir = mkdtemp(pattern);
  fs::create_directory_symlink(fs::path(REVERSI_SOURCE_DIR) / "data", dir / "data");
  std::string script = "cd '" + dir.string() + "'\nPATH='" +
                       fs::path(REVERSI_BINARY).parent_path().string() + "':$PATH\n";
  // `status` carries each command's exit status past the marker line, for "$ echo $?".
  script += "status=0\n";
  for (std::size_t i = 0; i < block.size(); ++i)
    script += "echo '@@ " + std::to_string(i) + "'\n(exit $status)\n" + block[i].command +
              " 2>/dev/null\nstatus=$?\n";
  std::ofstream(dir / "script.sh") << script;
  const std::string run =
      "sh '" + (dir / "script.sh").string() + "' >'" + (dir / "out").string() + "' 2>&1";
  [[maybe_unused]] const int status = std::system(run.c_str());
  const std::string out = slurp(dir / "out");
  fs::remove_all(dir);
  std::vector<std::string> outputs(block.size());
  std::istringstream in(out);
  int current = -1;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("@@ ", 0) == 0) {
      current = std::stoi(line.substr(3));
    } else if (current >= 0) {
      outputs[static_cast<std::size_t>(current)] += line + "\n";
    }
  }
  return outputs;
}

bool runs_here(const std::vector<Example>& block) {
  for (const auto& e : block)
    if (e.command.find("../shared") != std::string::npos) return false;
  return true;
}

}  // namespace

TEST_CASE("Every example in the README prints what the README shows", "[cli][docs]") {
  const auto blocks = examples_of(slurp(fs::path(REVERSI_SOURCE_DIR) / "README.md"));
  std::size_t checked = 0;
  for (const auto& block : blocks) {
    if (!runs_here(block)) continue;
    const auto outputs = run_block(block);
    for (std::size_t i = 0; i < block.size(); ++i) {
      INFO("$ " << block[i].command);
      CHECK(masked(outputs[i]) == masked(block[i].expected));
      ++checked;
    }
  }
  // show, perft, validate, solve, bench, puzzle, annotate, report at least.
  CHECK(checked >= 10);
}

TEST_CASE("The README test masks times and speeds but nothing else", "[cli][docs]") {
  CHECK(masked("nodes 441, time 0.0018 s, 0.2 M nodes/s") ==
        masked("nodes 441, time 1.5 s, 12.0 M nodes/s"));
  CHECK(masked("nodes 441, time 0.0018 s") != masked("nodes 442, time 0.0018 s"));
  CHECK(masked("value: -10") != masked("value: +10"));
}
