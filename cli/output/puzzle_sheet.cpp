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
std::string inline_svg(const Rules& rules, const Position& p, int number) {
  SvgBoard board;
  board.position = p;
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

std::string line_text(const Geometry& g, const std::vector<Square>& moves) {
  std::string line;
  for (const Square sq : moves)
    line += (line.empty() ? "" : " ") + (sq == no_square ? std::string("pass") : g.name(sq));
  return line;
}

// One puzzle as the sheet shows it: the diagram's caption and the answer's list item.
struct SheetPuzzle {
  Position position;
  std::string task;
  std::string answer;
};

std::string answer_line(const Rules& rules, const UniquePuzzle& p, int number) {
  const Geometry& g = rules.geometry();
  const std::string line = line_text(g, p.pv);
  std::string next = "next best ";
  if (p.scores.size() > 1) next += g.name(p.scores[1].move) + " " + signed_value(p.scores[1].value);
  return "<li><b>" + std::to_string(number) + ". " + g.name(p.answer) + "</b> (" +
         signed_value(p.value) + "; " + next + "; rating " + std::to_string(p.rating) + ")<br>" +
         xml_escape(line) + "</li>\n";
}

std::string sheet_html(const Rules& rules, const std::vector<SheetPuzzle>& puzzles,
                       const std::string& title, const std::string& footnote) {
  std::string out = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>" +
                    xml_escape(title) + "</title>\n<style>" + sheet_style +
                    "</style></head><body>\n<h1>" + xml_escape(title) +
                    "</h1>\n<div class=\"grid\">\n";
  int number = 0;
  for (const auto& p : puzzles) {
    ++number;
    out += "<div class=\"puzzle\" id=\"puzzle-" + std::to_string(number) + "\">" +
           inline_svg(rules, p.position, number) + "<p>" + side(p.position) + " " + p.task +
           "</p></div>\n";
    if (number % puzzles_per_page == 0 && number < static_cast<int>(puzzles.size()))
      out += "<div class=\"page-break\"></div>\n";
  }
  out +=
      "</div>\n<section class=\"answers\"><h1>Answers</h1>\n<ol style=\"list-style: none; "
      "padding: 0\">\n";
  for (const auto& p : puzzles) out += p.answer;
  out += "</ol>\n<p>" + footnote + "</p></section>\n</body></html>\n";
  return out;
}

}  // namespace

std::string puzzle_sheet_html(const Rules& rules, const std::vector<UniquePuzzle>& puzzles,
                              const std::string& title) {
  std::vector<SheetPuzzle> sheet;
  sheet.reserve(puzzles.size());
  int number = 0;
  for (const auto& p : puzzles)
    sheet.push_back({p.from.position,
                     "to move and keep the best result; rating " + std::to_string(p.rating),
                     answer_line(rules, p, ++number)});
  return sheet_html(rules, sheet, title,
                    "Every value is the exact final disc margin for the side to move with "
                    "perfect play; the line is the answer's principal variation.");
}

std::string puzzle_sheet_html(const Rules& rules, const std::vector<Tactic>& puzzles,
                              const std::string& title) {
  const Geometry& g = rules.geometry();
  std::vector<SheetPuzzle> sheet;
  sheet.reserve(puzzles.size());
  int number = 0;
  for (const auto& p : puzzles) {
    const std::string goal =
        p.kind == TacticKind::wipeout ? "wipe out the other side" : "take a corner";
    sheet.push_back(
        {p.from.position,
         "to move: " + goal + " within " + std::to_string(p.moves) + " moves, whatever the replies",
         "<li><b>" + std::to_string(++number) + ". " + g.name(p.answer) + "</b> (" +
             tactic_name(p.kind) + " in " + std::to_string(p.moves) + ")<br>" +
             xml_escape(line_text(g, p.line)) + "</li>\n"});
  }
  return sheet_html(rules, sheet, title,
                    "Each answer is the only first move that forces the goal that fast; the line "
                    "answers every move with the reply that holds out longest.");
}

}  // namespace reversi::cli
