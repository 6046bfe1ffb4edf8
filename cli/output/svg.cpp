#include "cli/output/svg.hpp"

#include <algorithm>
#include <cstdio>

namespace reversi::cli {

namespace {

constexpr int cell = 40;       // side of a square, px
constexpr int margin = 24;     // room for the coordinates left of and above the board
constexpr int caption_h = 26;  // the caption line above a board
constexpr int footer_h = 34;   // the counts line below a board
constexpr int gap = 28;        // between two boards
constexpr int disc_r = 17;     // disc radius
constexpr int legal_r = 5;     // the ring on a legal move
constexpr int last_side = 10;  // the square marker of the last move

// Black and white first: a mid-light board prints as light grey, dark discs black, light discs
// white, both outlined in black.
constexpr const char* board_fill = "#7fb58b";
constexpr const char* line_colour = "#1d3b26";

std::string num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

struct Writer {
  std::string out;
  Writer& operator<<(const std::string& s) {
    out += s;
    return *this;
  }
  Writer& operator<<(int v) {
    out += std::to_string(v);
    return *this;
  }
};

void text_line(Writer& w, double x, double y, const std::string& anchor, int size,
               const std::string& cls, const std::string& text, const char* fill = "#000") {
  w << "<text class=\"" << cls << "\" x=\"" << num(x) << "\" y=\"" << num(y) << "\" text-anchor=\""
    << anchor << "\" font-size=\"" << size << "\" fill=\"" << fill << "\">" << xml_escape(text)
    << "</text>\n";
}

std::string status_text(const Rules& rules, const Position& p) {
  if (rules.game_over(p)) {
    const int v = rules.value(rules.tally(p), Color::dark);
    return v > 0 ? "game over: dark wins" : v < 0 ? "game over: light wins" : "game over: draw";
  }
  if (rules.legal_moves(p) == 0) return color_name(p.to_move) + " to move: must pass";
  return color_name(p.to_move) + " to move";
}

// Where a board's squares start: its top-left corner, inside the coordinates.
struct Origin {
  int x = 0;
  int y = 0;
};

// The letters above the board and the numbers left of it.
void coordinates(Writer& w, int n, Origin o) {
  for (int c = 0; c < n; ++c)
    text_line(w, o.x + c * cell + cell / 2.0, o.y - 8, "middle", 13, "coord",
              std::string(1, static_cast<char>('a' + c)));
  for (int r = 0; r < n; ++r)
    text_line(w, o.x - 7, o.y + r * cell + cell / 2.0 + 5, "end", 13, "coord",
              std::to_string(r + 1));
}

// The green field, its grid lines, and the four dots of the printed boards where the board has
// them (6x6 and up).
void field(Writer& w, int n, Origin o) {
  w << "<rect x=\"" << o.x << "\" y=\"" << o.y << "\" width=\"" << n * cell << "\" height=\""
    << n * cell << "\" fill=\"" << board_fill << "\" stroke=\"" << line_colour
    << "\" stroke-width=\"2\"/>\n";
  for (int i = 1; i < n; ++i) {
    w << "<line x1=\"" << o.x + i * cell << "\" y1=\"" << o.y << "\" x2=\"" << o.x + i * cell
      << "\" y2=\"" << o.y + n * cell << "\" stroke=\"" << line_colour << "\"/>\n";
    w << "<line x1=\"" << o.x << "\" y1=\"" << o.y + i * cell << "\" x2=\"" << o.x + n * cell
      << "\" y2=\"" << o.y + i * cell << "\" stroke=\"" << line_colour << "\"/>\n";
  }
  if (n < 6) return;
  const int k = n == 10 ? 3 : 2;
  for (int r : {k, n - k})
    for (int c : {k, n - k})
      w << "<circle cx=\"" << o.x + c * cell << "\" cy=\"" << o.y + r * cell << "\" r=\"3\" fill=\""
        << line_colour << "\"/>\n";
}

// One square of the board: its name, its top-left corner and its centre.
struct Cell {
  Square sq = no_square;
  std::string name;
  int x = 0;
  int y = 0;
  double cx() const { return x + cell / 2.0; }
  double cy() const { return y + cell / 2.0; }
};

void hole(Writer& w, const Cell& c) {
  w << "<rect class=\"hole\" data-square=\"" << c.name << "\" x=\"" << c.x + 1 << "\" y=\""
    << c.y + 1 << "\" width=\"" << cell - 2 << "\" height=\"" << cell - 2
    << "\" fill=\"url(#hole)\" stroke=\"#000\"/>\n";
}

// A disc, with the last-move marker and its label (moved up to leave the marker room).
void disc(Writer& w, const SvgBoard& b, const Cell& c, bool is_dark) {
  w << "<circle class=\"disc " << (is_dark ? "dark" : "light") << "\" data-square=\"" << c.name
    << "\" cx=\"" << num(c.cx()) << "\" cy=\"" << num(c.cy()) << "\" r=\"" << disc_r << "\" fill=\""
    << (is_dark ? "#111" : "#fff") << "\" stroke=\"#000\" stroke-width=\""
    << (is_dark ? "1" : "1.5") << "\"/>\n";
  const char* ink = is_dark ? "#fff" : "#000";
  const bool last = c.sq == b.last_move;
  if (last)
    w << "<rect class=\"last\" data-square=\"" << c.name << "\" x=\""
      << num(c.cx() - last_side / 2.0) << "\" y=\"" << num(c.cy() - last_side / 2.0)
      << "\" width=\"" << last_side << "\" height=\"" << last_side << "\" fill=\"" << ink
      << "\"/>\n";
  const auto label = b.labels.find(c.sq);
  if (label == b.labels.end()) return;
  if (last)
    text_line(w, c.cx(), c.cy() - 7, "middle", 10, "label", label->second, ink);
  else
    text_line(w, c.cx(), c.cy() + 5, "middle", 14, "label", label->second, ink);
}

void legal_ring(Writer& w, const Cell& c) {
  w << "<circle class=\"legal\" data-square=\"" << c.name << "\" cx=\"" << num(c.cx()) << "\" cy=\""
    << num(c.cy()) << "\" r=\"" << legal_r
    << "\" fill=\"none\" stroke=\"#000\" stroke-width=\"1.5\"/>\n";
}

// Every square's content: a hole, a disc, or a legal move's ring; then its number if asked.
void squares(Writer& w, const Rules& rules, const SvgBoard& b, Origin o) {
  const Geometry& g = rules.geometry();
  const Position& p = b.position;
  const Bits dark = p.discs(Color::dark);
  const Bits light = p.discs(Color::light);
  const Bits legal = b.mark_legal && !rules.game_over(p) ? rules.legal_moves(p) : Bits{0};
  const int n = g.size();
  for (int r = 0; r < n; ++r) {
    for (int col = 0; col < n; ++col) {
      const Square sq = g.square(r, col);
      const Bits bit_sq = bit<Bits>(sq);
      const Cell c{sq, g.name(sq), o.x + col * cell, o.y + r * cell};
      if (rules.holes() & bit_sq)
        hole(w, c);
      else if ((dark | light) & bit_sq)
        disc(w, b, c, (dark & bit_sq) != 0);
      else if (legal & bit_sq)
        legal_ring(w, c);
      if (b.numbers && !(rules.holes() & bit_sq))
        text_line(w, c.x + 3, c.y + 10, "start", 9, "number", std::to_string(g.number(sq)),
                  (dark & bit_sq) ? "#fff" : "#000");
    }
  }
}

// Counts and status below the board: a small outlined disc of each colour with its number.
void footer(Writer& w, const Rules& rules, const Position& p, Origin o) {
  const int n = rules.size();
  const Tally t = rules.tally(p);
  const int fy = o.y + n * cell + 22;
  w << "<circle cx=\"" << o.x + 8 << "\" cy=\"" << fy - 5 << "\" r=\"7\" fill=\"#111\" "
    << "stroke=\"#000\"/>\n";
  text_line(w, o.x + 20, fy, "start", 14, "count dark", std::to_string(t.dark));
  w << "<circle cx=\"" << o.x + 58 << "\" cy=\"" << fy - 5 << "\" r=\"7\" fill=\"#fff\" "
    << "stroke=\"#000\" stroke-width=\"1.5\"/>\n";
  text_line(w, o.x + 70, fy, "start", 14, "count light", std::to_string(t.light));
  text_line(w, o.x + n * cell, fy, "end", 13, "status", status_text(rules, p));
}

// One board with its top-left corner (coordinates included) at (x0, y0).
void board(Writer& w, const Rules& rules, const SvgBoard& b, int x0, int y0) {
  const int n = rules.size();
  int y = y0;
  if (!b.caption.empty()) {
    text_line(w, x0 + margin + n * cell / 2.0, y + 17, "middle", 14, "caption", b.caption);
    y += caption_h;
  }
  const Origin o{x0 + margin, y + margin};
  w << "<g class=\"board\" data-size=\"" << n << "\">\n";
  coordinates(w, n, o);
  field(w, n, o);
  squares(w, rules, b, o);
  footer(w, rules, b.position, o);
  w << "</g>\n";
}

}  // namespace

std::string xml_escape(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (char ch : text) {
    switch (ch) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      default:
        out += ch;
    }
  }
  return out;
}

std::string svg_document(const Rules& rules, const std::vector<SvgBoard>& boards,
                         const std::string& title) {
  const int n = rules.size();
  const bool captions = std::any_of(boards.begin(), boards.end(),
                                    [](const SvgBoard& b) { return !b.caption.empty(); });
  const int one_w = margin + n * cell + 8;
  const int count = std::max<int>(1, static_cast<int>(boards.size()));
  const int width = count * one_w + (count - 1) * gap;
  const int height = (captions ? caption_h : 0) + margin + n * cell + footer_h;
  Writer w;
  w << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    << "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"" << width
    << "\" height=\"" << height << "\" viewBox=\"0 0 " << width << " " << height
    << "\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n"
    << "<title>" << xml_escape(title) << "</title>\n"
    << "<defs><pattern id=\"hole\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" "
       "patternTransform=\"rotate(45)\"><rect width=\"6\" height=\"6\" fill=\"#fff\"/>"
       "<line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#000\" stroke-width=\"2.5\"/>"
       "</pattern></defs>\n"
    << "<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n";
  for (std::size_t i = 0; i < boards.size(); ++i)
    board(w, rules, boards[i], static_cast<int>(i) * (one_w + gap), 0);
  w << "</svg>\n";
  return w.out;
}

std::string line_svg(const Rules& rules, const std::vector<Square>& moves,
                     const std::string& title) {
  const SvgBoard start{rules.initial(), true, false, no_square, {}, "start"};
  Position p = rules.initial();
  SvgBoard final_board{p, false, false, no_square, {}, {}};
  int number = 0;
  for (Square sq : moves) {
    if (sq == no_square) {
      p = rules.pass(p);
      continue;
    }
    p = rules.play(p, sq);
    final_board.labels[sq] = std::to_string(++number);
    final_board.last_move = sq;
  }
  final_board.position = p;
  final_board.caption = "after " + std::to_string(number) + (number == 1 ? " move" : " moves");
  return svg_document(rules, {start, final_board}, title);
}

}  // namespace reversi::cli
