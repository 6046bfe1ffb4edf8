// End-to-end: the SVG diagrams of `show --svg` and `puzzle --svg` are well-formed XML (a strict
// check here, and xmllint when it is installed), and the discs, holes and legal moves they draw
// are those of `show --json` for the same position.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/output/xml_check.hpp"
#include "cli/run_binary.hpp"

using nlohmann::json;
using reversi::testing::run_reversi;
using reversi::testing::XmlChecker;
using reversi::testing::XmlElement;
namespace fs = std::filesystem;

namespace {

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

int column(const std::string& square) {
  return square[0] - 'a';
}
int row(const std::string& square) {
  return std::stoi(square.substr(1)) - 1;
}

struct Drawn {
  std::vector<std::vector<std::string>> boards;  // rows per board: X, O, #, -
  std::vector<std::vector<std::string>> legal;   // squares with a legal-move ring per board
  std::vector<std::vector<std::string>> last;    // squares with the last-move marker
  std::vector<std::vector<std::string>> numbers;
};

// The boards an SVG draws, in document order, read from its elements.
Drawn read_svg(const std::vector<XmlElement>& elements) {
  Drawn d;
  for (const auto& e : elements) {
    auto cls = e.attributes.find("class");
    const std::string c = cls == e.attributes.end() ? "" : cls->second;
    if (e.name == "g" && c == "board") {
      const int n = std::stoi(e.attributes.at("data-size"));
      d.boards.emplace_back(static_cast<std::size_t>(n),
                            std::string(static_cast<std::size_t>(n), '-'));
      d.legal.emplace_back();
      d.last.emplace_back();
      d.numbers.emplace_back();
      continue;
    }
    if (d.boards.empty()) continue;
    auto& b = d.boards.back();
    auto sq = e.attributes.find("data-square");
    if (c == "number") d.numbers.back().push_back(e.text);
    if (sq == e.attributes.end()) continue;
    const auto r = static_cast<std::size_t>(row(sq->second));
    const auto col = static_cast<std::size_t>(column(sq->second));
    if (c == "disc dark") b[r][col] = 'X';
    if (c == "disc light") b[r][col] = 'O';
    if (c == "hole") b[r][col] = '#';
    if (c == "legal") d.legal.back().push_back(sq->second);
    if (c == "last") d.last.back().push_back(sq->second);
  }
  return d;
}

std::vector<std::string> rows_of(const json& j) {
  return j["rows"].get<std::vector<std::string>>();
}

void xmllint_if_installed(const std::string& svg) {
  if (std::system("command -v xmllint >/dev/null 2>&1") != 0) return;
  static int count = 0;
  const fs::path f = fs::temp_directory_path() / ("reversi-svg-test-" + std::to_string(::getpid()) +
                                                  "-" + std::to_string(++count) + ".svg");
  std::ofstream(f) << svg;
  CHECK(std::system(("xmllint --noout '" + f.string() + "'").c_str()) == 0);
  fs::remove(f);
}

}  // namespace

TEST_CASE("show --svg draws the discs, holes and legal moves of show --json on every size",
          "[cli][svg]") {
  for (const std::string& position : {
           std::string(""),
           std::string("--moves f5d6c3d3c4"),
           std::string("--moves 'e6f4e3f6g5d6e7f5c5'"),  // a wipeout: game over, no legal moves
           std::string("--size 4 --moves b1a1"),
           std::string("--size 6 --hole b2 --hole e5 --moves c2b4"),
           std::string("--size 10 --moves e4d4"),
           std::string("--size 8 --start free --moves d4e5"),
       }) {
    INFO(position);
    const auto svg = run_reversi("show --svg " + position);
    REQUIRE(svg.status == 0);
    std::vector<XmlElement> elements;
    REQUIRE_NOTHROW(elements = XmlChecker::parse(svg.out));
    REQUIRE(elements.front().name == "svg");
    CHECK(elements.front().attributes.at("xmlns") == "http://www.w3.org/2000/svg");
    xmllint_if_installed(svg.out);
    const auto shown = run_reversi("show --json " + position);
    REQUIRE(shown.status == 0);
    const json j = json::parse(shown.out);
    const Drawn d = read_svg(elements);
    REQUIRE(d.boards.size() == 1);
    CHECK(d.boards[0] == rows_of(j));
    CHECK(json(d.legal[0]) == j["legal"]);
    CHECK(d.numbers[0].empty());
    if (position.find("--moves") != std::string::npos) CHECK(d.last[0].size() == 1);
  }
}

TEST_CASE("show --svg --numbers writes the square numbers 1..N*N", "[cli][svg]") {
  const auto r = run_reversi("show --svg --numbers --size 6");
  REQUIRE(r.status == 0);
  const Drawn d = read_svg(XmlChecker::parse(r.out));
  REQUIRE(d.numbers[0].size() == 36);
  CHECK(d.numbers[0].front() == "1");
  CHECK(d.numbers[0].back() == "36");
}

TEST_CASE("show -o FILE.svg writes the file whole, and a bad move list writes nothing",
          "[cli][svg]") {
  const fs::path dir =
      fs::temp_directory_path() / ("reversi-svg-out-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  const fs::path file = dir / "start.svg";
  const auto ok = run_reversi("show -o '" + file.string() + "' --moves f5");
  REQUIRE(ok.status == 0);
  CHECK(ok.out.empty());
  CHECK_NOTHROW(XmlChecker::parse(slurp(file)));
  const fs::path bad = dir / "bad.svg";
  const auto r = run_reversi("show -o '" + bad.string() + "' --moves 'f5 a1'");
  CHECK(r.status == 1);
  CHECK(r.err.find("move 2 (a1)") != std::string::npos);
  CHECK_FALSE(fs::exists(bad));
  int files = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir)) ++files;
  CHECK(files == 1);  // no temporary file left behind
  fs::remove_all(dir);
}

TEST_CASE("The strict XML check rejects what is not well-formed", "[cli][svg]") {
  for (const char* bad :
       {"<svg>", "<svg></g>", "<svg a=\"1\" a=\"2\"/>", "<svg a=1/>", "<svg>&nbsp;</svg>",
        "<svg>a < b</svg>", "<svg/><svg/>", "<svg a=\"<\"/>", "<a><b></a></b>"}) {
    INFO(bad);
    CHECK_THROWS(XmlChecker::parse(bad));
  }
  CHECK_NOTHROW(
      XmlChecker::parse("<?xml version=\"1.0\"?>\n<svg a='&amp;'><!-- c --><g/>x&#65;</svg>\n"));
}

TEST_CASE("puzzle --svg draws the witness line's start and final position", "[cli][svg]") {
  const auto r = run_reversi("puzzle wipeout --by 9 --svg --quiet");
  REQUIRE(r.status == 0);
  std::vector<XmlElement> elements;
  REQUIRE_NOTHROW(elements = XmlChecker::parse(r.out));
  xmllint_if_installed(r.out);
  const Drawn d = read_svg(elements);
  REQUIRE(d.boards.size() == 2);
  CHECK(d.boards[0] == rows_of(json::parse(run_reversi("show --json").out)));
  const json puzzle = json::parse(run_reversi("puzzle wipeout --by 9 --json --quiet").out);
  std::string witness;
  for (const auto& m : puzzle["readings"][0]["witness"]) witness += m.get<std::string>() + " ";
  const json final_position = json::parse(run_reversi("show --json --moves '" + witness + "'").out);
  CHECK(d.boards[1] == rows_of(final_position));
  CHECK(d.last[1].size() == 1);
  const auto forced = run_reversi("puzzle wipeout --by 9 --mode forced --svg");
  CHECK(forced.status == 2);
}
