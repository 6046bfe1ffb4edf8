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

// One board with its top-left corner (coordinates included) at (x0, y0).
void board(Writer& w, const Rules& rules, const SvgBoard& b, int x0, int y0) {
  const Geometry& g = rules.geometry();
  const int n = g.size();
  const Position& p = b.position;
  const Bits dark = p.discs(Color::dark);
  const Bits light = p.discs(Color::light);
  const Bits legal = b.mark_legal && !rules.game_over(p) ? rules.legal_moves(p) : Bits{0};
  int y = y0;
  if (!b.caption.empty()) {
    text_line(w, x0 + margin + n * cell / 2.0, y + 17, "middle", 14, "caption", b.caption);
    y += caption_h;
  }
  const int bx = x0 + margin;
  const int by = y + margin;
  w << "<g class=\"board\" data-size=\"" << n << "\">\n";
  for (int c = 0; c < n; ++c)
    text_line(w, bx + c * cell + cell / 2.0, by - 8, "middle", 13, "coord",
              std::string(1, static_cast<char>('a' + c)));
  for (int r = 0; r < n; ++r)
    text_line(w, bx - 7, by + r * cell + cell / 2.0 + 5, "end", 13, "coord", std::to_string(r + 1));
  w << "<rect x=\"" << bx << "\" y=\"" << by << "\" width=\"" << n * cell << "\" height=\""
    << n * cell << "\" fill=\"" << board_fill << "\" stroke=\"" << line_colour
    << "\" stroke-width=\"2\"/>\n";
  for (int i = 1; i < n; ++i) {
    w << "<line x1=\"" << bx + i * cell << "\" y1=\"" << by << "\" x2=\"" << bx + i * cell
      << "\" y2=\"" << by + n * cell << "\" stroke=\"" << line_colour << "\"/>\n";
    w << "<line x1=\"" << bx << "\" y1=\"" << by + i * cell << "\" x2=\"" << bx + n * cell
      << "\" y2=\"" << by + i * cell << "\" stroke=\"" << line_colour << "\"/>\n";
  }
  // The four dots of the printed boards, where the board has them (6x6 and up).
  if (n >= 6) {
    const int k = n == 10 ? 3 : 2;
    for (int r : {k, n - k})
      for (int c : {k, n - k})
        w << "<circle cx=\"" << bx + c * cell << "\" cy=\"" << by + r * cell << "\" r=\"3\" fill=\""
          << line_colour << "\"/>\n";
  }
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      const Square sq = g.square(r, c);
      const Bits bit_sq = bit<Bits>(sq);
      const int x = bx + c * cell;
      const int yy = by + r * cell;
      const double cx = x + cell / 2.0;
      const double cy = yy + cell / 2.0;
      const std::string name = g.name(sq);
      if (rules.holes() & bit_sq) {
        w << "<rect class=\"hole\" data-square=\"" << name << "\" x=\"" << x + 1 << "\" y=\""
          << yy + 1 << "\" width=\"" << cell - 2 << "\" height=\"" << cell - 2
          << "\" fill=\"url(#hole)\" stroke=\"#000\"/>\n";
      } else if ((dark | light) & bit_sq) {
        const bool is_dark = (dark & bit_sq) != 0;
        w << "<circle class=\"disc " << (is_dark ? "dark" : "light") << "\" data-square=\"" << name
          << "\" cx=\"" << num(cx) << "\" cy=\"" << num(cy) << "\" r=\"" << disc_r << "\" fill=\""
          << (is_dark ? "#111" : "#fff") << "\" stroke=\"#000\" stroke-width=\""
          << (is_dark ? "1" : "1.5") << "\"/>\n";
        const char* ink = is_dark ? "#fff" : "#000";
        if (sq == b.last_move)
          w << "<rect class=\"last\" data-square=\"" << name << "\" x=\""
            << num(cx - last_side / 2.0) << "\" y=\"" << num(cy - last_side / 2.0) << "\" width=\""
            << last_side << "\" height=\"" << last_side << "\" fill=\"" << ink << "\"/>\n";
        if (auto it = b.labels.find(sq); it != b.labels.end() && sq != b.last_move)
          text_line(w, cx, cy + 5, "middle", 14, "label", it->second, ink);
        else if (it != b.labels.end())
          text_line(w, cx, cy - 7, "middle", 10, "label", it->second, ink);
      } else if (legal & bit_sq) {
        w << "<circle class=\"legal\" data-square=\"" << name << "\" cx=\"" << num(cx) << "\" cy=\""
          << num(cy) << "\" r=\"" << legal_r
          << "\" fill=\"none\" stroke=\"#000\" stroke-width=\"1.5\"/>\n";
      }
      if (b.numbers && !(rules.holes() & bit_sq))
        text_line(w, x + 3, yy + 10, "start", 9, "number", std::to_string(g.number(sq)),
                  (dark & bit_sq) ? "#fff" : "#000");
    }
  }
  // Counts and status: a small outlined disc of each colour with its number.
  const Tally t = rules.tally(p);
  const int fy = by + n * cell + 22;
  w << "<circle cx=\"" << bx + 8 << "\" cy=\"" << fy - 5 << "\" r=\"7\" fill=\"#111\" "
    << "stroke=\"#000\"/>\n";
  text_line(w, bx + 20, fy, "start", 14, "count dark", std::to_string(t.dark));
  w << "<circle cx=\"" << bx + 58 << "\" cy=\"" << fy - 5 << "\" r=\"7\" fill=\"#fff\" "
    << "stroke=\"#000\" stroke-width=\"1.5\"/>\n";
  text_line(w, bx + 70, fy, "start", 14, "count light", std::to_string(t.light));
  text_line(w, bx + n * cell, fy, "end", 13, "status", status_text(rules, p));
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
