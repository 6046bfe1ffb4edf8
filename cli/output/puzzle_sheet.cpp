#include "cli/output/puzzle_sheet.hpp"

#include "cli/output/svg.hpp"

namespace reversi::cli {

namespace {

// Black on white only: the sheet is meant for a printer; discs are told apart by outline.
constexpr const char* sheet_style = R"(
@page { size: A4; margin: 12mm; }
body { font-family: "DejaVu Sans", Helvetica, Arial, sans-serif; color: #000; background: #fff;
       margin: 0 auto; max-width: 190mm; }
h1 { font-size: 16pt; margin: 4mm 0; }
.grid { display: grid; grid-template-columns: 1fr 1fr; gap: 6mm 10mm; }
.puzzle { break-inside: avoid; text-align: center; }
.puzzle svg { width: 100%; height: auto; }
.puzzle p { margin: 1mm 0 0; font-size: 10pt; }
.page-break { break-after: page; grid-column: 1 / -1; height: 0; }
.answers { break-before: page; }
.answers li { margin: 1.5mm 0; font-size: 10pt; }
.answers b { font-size: 11pt; }
)";
constexpr int puzzles_per_page = 6;

// The diagram alone, without the XML declaration that only a standalone file needs.
std::string inline_svg(const Rules& rules, const UniquePuzzle& p, int number) {
  SvgBoard board;
  board.position = p.from.position;
  board.mark_legal = false;  // finding the moves is part of the puzzle
  board.caption = "Puzzle " + std::to_string(number);
  std::string svg = svg_document(rules, {board}, "Puzzle " + std::to_string(number));
  if (const auto start = svg.find("<svg"); start != std::string::npos) svg.erase(0, start);
  return svg;
}

std::string side(const Position& p) {
  return p.to_move == Color::dark ? "Dark (X, black)" : "Light (O, white)";
}

std::string signed_value(int v) {
  return (v > 0 ? "+" : "") + std::to_string(v);
}

std::string answer_line(const Rules& rules, const UniquePuzzle& p, int number) {
  const Geometry& g = rules.geometry();
  std::string line;
  for (const Square sq : p.pv)
    line += (line.empty() ? "" : " ") + (sq == no_square ? std::string("pass") : g.name(sq));
  std::string next = "next best ";
  if (p.scores.size() > 1) next += g.name(p.scores[1].move) + " " + signed_value(p.scores[1].value);
  return "<li><b>" + std::to_string(number) + ". " + g.name(p.answer) + "</b> (" +
         signed_value(p.value) + "; " + next + "; rating " + std::to_string(p.rating) + ")<br>" +
         xml_escape(line) + "</li>\n";
}

}  // namespace

std::string puzzle_sheet_html(const Rules& rules, const std::vector<UniquePuzzle>& puzzles,
                              const std::string& title) {
  std::string out = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>" +
                    xml_escape(title) + "</title>\n<style>" + sheet_style +
                    "</style></head><body>\n<h1>" + xml_escape(title) +
                    "</h1>\n<div class=\"grid\">\n";
  int number = 0;
  for (const auto& p : puzzles) {
    ++number;
    out += "<div class=\"puzzle\" id=\"puzzle-" + std::to_string(number) + "\">" +
           inline_svg(rules, p, number) + "<p>" + side(p.from.position) +
           " to move and keep the best result; rating " + std::to_string(p.rating) + "</p></div>\n";
    if (number % puzzles_per_page == 0 && number < static_cast<int>(puzzles.size()))
      out += "<div class=\"page-break\"></div>\n";
  }
  out +=
      "</div>\n<section class=\"answers\"><h1>Answers</h1>\n<ol style=\"list-style: none; "
      "padding: 0\">\n";
  number = 0;
  for (const auto& p : puzzles) out += answer_line(rules, p, ++number);
  out +=
      "</ol>\n<p>Every value is the exact final disc margin for the side to move with perfect "
      "play; the line is the answer's principal variation.</p></section>\n</body></html>\n";
  return out;
}

}  // namespace reversi::cli
