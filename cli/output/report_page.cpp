// The report page's style sheet and script, embedded in every report (no external files).
// The script builds a game's page only when it is opened: its board (a grid of squares with
// data-sq and data-disc attributes), the move list, the value chart and the summary.
#include "cli/output/report_html.hpp"

namespace reversi::cli {

const char* report_css() {
  return R"css(
:root { --cell: 44px; --board: #7fb58b; --line: #1d3b26; font-family: "DejaVu Sans", Helvetica, Arial, sans-serif; }
body { margin: 0 auto; max-width: 1100px; padding: 0 16px 40px; color: #111; background: #fff; }
header h1 { font-size: 1.3em; margin: 14px 0 6px; }
header h1 a { color: inherit; text-decoration: none; }
.lead { color: #333; }
.est { font-style: italic; }
table#games { border-collapse: collapse; width: 100%; font-size: 0.92em; }
#games th, #games td { border-bottom: 1px solid #ccc; padding: 3px 6px; text-align: left; }
#games td.num { text-align: right; }
#games td.res { white-space: nowrap; }
#games td.src { color: #555; font-size: 0.9em; }
#games tbody tr:hover { background: #eef5ef; }
#games a { color: #0b4f25; }
.problems { border: 2px solid #000; padding: 4px 12px; margin: 10px 0; }
.problems h2 { font-size: 1em; margin: 6px 0; }
.empty { font-size: 1.2em; border: 2px dashed #888; padding: 16px; }
.nav { margin: 8px 0; display: flex; gap: 12px; align-items: baseline; flex-wrap: wrap; }
.nav a { color: #0b4f25; }
h2.players { font-size: 1.2em; margin: 8px 0 2px; }
.sub { color: #444; margin: 0 0 8px; font-size: 0.92em; }
.layout { display: flex; gap: 24px; flex-wrap: wrap; align-items: flex-start; }
.board { display: grid; grid-template-columns: 1.5em repeat(var(--n), var(--cell));
  grid-template-rows: 1.5em repeat(var(--n), var(--cell)); user-select: none; }
.board .lbl { display: flex; align-items: center; justify-content: center; font-size: 0.85em; color: #333; }
.sq { position: relative; background: var(--board); border: 1px solid var(--line); margin: 0 -1px -1px 0; cursor: default; }
.sq[data-disc="X"]::after, .sq[data-disc="O"]::after { content: ""; position: absolute; inset: 9%;
  border-radius: 50%; box-sizing: border-box; }
.sq[data-disc="X"]::after { background: #111; border: 1px solid #000; }
.sq[data-disc="O"]::after { background: #fff; border: 2px solid #000; }
.sq[data-disc="#"] { background: repeating-linear-gradient(45deg, #fff 0 3px, #000 3px 5px); }
.sq.legal::before { content: ""; position: absolute; left: 50%; top: 50%; width: 10px; height: 10px;
  margin: -6px 0 0 -6px; border: 1.5px solid #000; border-radius: 50%; }
.sq.last::before { content: ""; position: absolute; left: 50%; top: 50%; width: 10px; height: 10px;
  margin: -5px 0 0 -5px; z-index: 1; }
.sq.last[data-disc="X"]::before { background: #fff; }
.sq.last[data-disc="O"]::before { background: #000; }
.sq.flip::after { outline: 2px dotted #000; outline-offset: -6px; }
.controls { margin: 10px 0 4px 1.5em; display: flex; gap: 6px; }
.controls button { font-size: 1.1em; min-width: 2.4em; padding: 3px 6px; cursor: pointer; }
.where { margin: 4px 0 0 1.5em; font-size: 0.95em; min-height: 2.6em; }
.counts { margin: 4px 0 0 1.5em; font-size: 1.05em; }
.counts .dk, .counts .lt { display: inline-block; width: 0.9em; height: 0.9em; border-radius: 50%;
  border: 1.5px solid #000; vertical-align: -0.1em; margin-right: 4px; box-sizing: border-box; }
.counts .dk { background: #111; }
.counts .lt { background: #fff; margin-left: 14px; }
.movelist { max-height: calc(var(--cell) * var(--n) + 7em); overflow-y: auto; border: 1px solid #bbb; min-width: 330px; }
.movelist table { border-collapse: collapse; width: 100%; font-size: 0.88em; }
.movelist td, .movelist th { padding: 2px 6px; text-align: left; white-space: nowrap; }
.movelist th { position: sticky; top: 0; background: #f2f2f2; }
.movelist tr { cursor: pointer; }
.movelist tr:hover { background: #eef5ef; }
.movelist tr[aria-current="true"] { background: #111; color: #fff; }
.movelist td.r { text-align: right; }
.movelist .err { font-weight: bold; }
.chart { margin-top: 14px; }
.chart svg { max-width: 100%; height: auto; cursor: crosshair; }
.summary { margin-top: 10px; }
.summary li { margin: 3px 0; }
.summary a { color: #0b4f25; cursor: pointer; text-decoration: underline; }
.legend { font-size: 0.85em; color: #333; }
@media print { .controls, .nav { display: none; } .movelist { max-height: none; } }
)css";
}

const char* report_js() {
  return R"js(
(function () {
  'use strict';
  var total = Number(document.body.dataset.games);
  var index = document.getElementById('index');
  var section = document.getElementById('game');
  var cache = {};
  var cur = null;

  function data(i) {
    if (!cache[i]) {
      var el = document.getElementById('g' + i);
      if (!el) return null;
      cache[i] = JSON.parse(el.textContent);
    }
    return cache[i];
  }
  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    if (attrs) for (var k in attrs) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function sideName(s) { return s === 0 ? 'dark' : 'light'; }
  function sqIndex(n, sq) { return (parseInt(sq.slice(1), 10) - 1) * n + (sq.charCodeAt(0) - 97); }
  function fmt(v, exact) {
    if (exact) return v > 0 ? '+' + v : v < 0 ? '\u2212' + (-v) : '0';
    var s = Math.abs(v).toFixed(2);
    return '~\u2009' + (v > 0 ? '+' : v < 0 ? '\u2212' : '\u00b1') + s;
  }
  function lossText(m) {
    if (m[6] === 0 || m[9] <= 0) return '';
    return m[6] === 1 ? String(m[9]) : '~' + m[9].toFixed(2);
  }
  function isMistake(m) { return (m[6] === 1 && m[9] > 0) || (m[6] === 2 && m[9] >= 2); }

  // Boards after each move, replayed from the start with the flips the annotation lists.
  function replay(g) {
    var n = g.size, b = g.start.join('').split(''), out = [{ b: b.slice(), last: null, flips: [] }];
    for (var k = 0; k < g.m.length; k++) {
      var m = g.m[k], flips = [];
      if (m[0] !== 'pass') {
        var ch = m[1] === 0 ? 'X' : 'O';
        b[sqIndex(n, m[0])] = ch;
        if (m[2]) m[2].split(' ').forEach(function (f) { b[sqIndex(n, f)] = ch; flips.push(f); });
      }
      out.push({ b: b.slice(), last: m[0] === 'pass' ? null : m[0], flips: flips });
    }
    return out;
  }
  // Dark's value after each move (and before the first): [value, exact] or null.
  function darkValues(g) {
    var out = [];
    if (g.m.length && g.m[0][6]) out.push([g.m[0][1] === 0 ? g.m[0][7] : -g.m[0][7], g.m[0][6] === 1]);
    else out.push(null);
    g.m.forEach(function (m) {
      out.push(m[6] ? [m[1] === 0 ? m[8] : -m[8], m[6] === 1] : null);
    });
    return out;
  }

  function buildBoard(g) {
    var n = g.size, board = el('div', { id: 'board', 'class': 'board', role: 'grid', 'aria-label': 'board' });
    board.style.setProperty('--n', n);
    board.appendChild(el('div', { 'class': 'lbl' }));
    for (var c = 0; c < n; c++) board.appendChild(el('div', { 'class': 'lbl' }, String.fromCharCode(97 + c)));
    var cells = [];
    for (var r = 0; r < n; r++) {
      board.appendChild(el('div', { 'class': 'lbl' }, String(r + 1)));
      for (c = 0; c < n; c++) {
        var name = String.fromCharCode(97 + c) + (r + 1);
        var sq = el('div', { 'class': 'sq', 'data-sq': name, 'data-disc': '-', title: name });
        board.appendChild(sq);
        cells.push(sq);
      }
    }
    return { board: board, cells: cells };
  }

  function chart(g, vals) {
    var W = 1000, H = 240, L = 44, R = 12, T = 14, B = 26, n = g.m.length;
    var maxAbs = 8;
    vals.forEach(function (v) { if (v && Math.abs(v[0]) > maxAbs) maxAbs = Math.abs(v[0]); });
    maxAbs = Math.ceil(maxAbs / 4) * 4;
    function x(k) { return L + (n ? k * (W - L - R) / n : 0); }
    function y(v) { return T + (H - T - B) / 2 - v * (H - T - B) / 2 / maxAbs; }
    var s = '<svg xmlns="http://www.w3.org/2000/svg" id="chart" width="' + W + '" height="' + H +
      '" viewBox="0 0 ' + W + ' ' + H + '" font-size="11" role="img" aria-label="dark\'s value over the game">';
    s += '<rect x="' + L + '" y="' + T + '" width="' + (W - L - R) + '" height="' + (H - T - B) + '" fill="#fff" stroke="#888"/>';
    [maxAbs, maxAbs / 2, 0, -maxAbs / 2, -maxAbs].forEach(function (v) {
      s += '<line x1="' + L + '" x2="' + (W - R) + '" y1="' + y(v) + '" y2="' + y(v) + '" stroke="' + (v === 0 ? '#000' : '#ddd') + '"/>';
      s += '<text x="' + (L - 4) + '" y="' + (y(v) + 4) + '" text-anchor="end">' + fmt(v, true) + '</text>';
    });
    for (var k = 10; k <= n; k += 10) s += '<text x="' + x(k) + '" y="' + (H - 10) + '" text-anchor="middle">' + k + '</text>';
    s += '<text x="' + (L + 4) + '" y="' + (T + 11) + '" fill="#444">dark ahead</text>';
    s += '<text x="' + (L + 4) + '" y="' + (H - B - 4) + '" fill="#444">light ahead</text>';
    // Segments: solid between exact values, dashed where an estimate is involved.
    var exactPath = '', estPath = '';
    for (k = 1; k < vals.length; k++) {
      var a = vals[k - 1], b = vals[k];
      if (!a || !b) continue;
      var seg = 'M' + x(k - 1).toFixed(1) + ' ' + y(a[0]).toFixed(1) + 'L' + x(k).toFixed(1) + ' ' + y(b[0]).toFixed(1);
      if (a[1] && b[1]) exactPath += seg; else estPath += seg;
    }
    s += '<path class="estimate" d="' + estPath + '" fill="none" stroke="#333" stroke-width="1.5" stroke-dasharray="4 3"/>';
    s += '<path class="exact" d="' + exactPath + '" fill="none" stroke="#000" stroke-width="2.5"/>';
    if (g.sum && g.sum.exact_from_move) {
      var ex = x(g.sum.exact_from_move - 1);
      s += '<line x1="' + ex + '" x2="' + ex + '" y1="' + T + '" y2="' + (H - B) + '" stroke="#000" stroke-dasharray="1 3"/>';
      s += '<text x="' + (ex + 3) + '" y="' + (H - B - 16) + '" fill="#444">exact from move ' + g.sum.exact_from_move + '</text>';
    }
    // Mistakes: a triangle at the move, pointing the way the value went, with the loss.
    g.m.forEach(function (m, i) {
      var v = vals[i + 1];
      if (!v || !isMistake(m)) return;
      var px = x(i + 1), py = y(v[0]), dir = m[1] === 0 ? 1 : -1;
      var pts = [px, py + 2 * dir, px - 5, py + 11 * dir, px + 5, py + 11 * dir].map(function (t) { return t.toFixed(1); });
      s += '<g class="mistake" data-move="' + (i + 1) + '"><title>move ' + m[11] + ', ' + sideName(m[1]) + ' ' + m[0] +
        ': loss ' + lossText(m) + (m[6] === 1 ? ' discs' : ' estimated discs') + ', best ' + m[10] + '</title>';
      s += '<polygon points="' + pts[0] + ',' + pts[1] + ' ' + pts[2] + ',' + pts[3] + ' ' + pts[4] + ',' + pts[5] +
        '" fill="' + (m[6] === 1 ? '#000' : '#fff') + '" stroke="#000"/>';
      if (m[6] === 1 || m[9] >= 5)
        s += '<text x="' + px + '" y="' + (py + (dir > 0 ? 22 : -14)) + '" text-anchor="middle">\u2212' + lossText(m).replace('~', '') + '</text>';
      s += '</g>';
    });
    s += '<line id="cursor" x1="' + x(0) + '" x2="' + x(0) + '" y1="' + T + '" y2="' + (H - B) + '" stroke="#000" stroke-width="1"/>';
    s += '</svg>';
    return { html: s, x: x, L: L, R: R, W: W };
  }

  function summary(g) {
    var sm = g.sum || {}, ul = el('ul');
    ['dark', 'light'].forEach(function (side) {
      var d = sm[side];
      if (!d) return;
      var li = el('li');
      li.textContent = side + ': exact loss ' + d.exact_loss + ' discs over ' + d.exact_moves + ' moves (' +
        d.exact_errors + (d.exact_errors === 1 ? ' error' : ' errors') + '); estimated loss ~' +
        d.estimate_loss.toFixed(2) + ' over ' + d.estimate_moves + ' moves';
      ul.appendChild(li);
    });
    if (sm.exact_from_move) {
      ul.appendChild(el('li', null, 'perfect play from move ' + sm.exact_from_move + ': ' +
        sm.exact_start.outcome + ' (dark ' + fmt(sm.exact_start.dark_value, true) + ')'));
    } else {
      ul.appendChild(el('li', null, 'no exact values: the game never came within the solver\'s reach'));
    }
    var tp = sm.turning_point, li = el('li');
    if (tp) {
      li.appendChild(document.createTextNode('turning point: '));
      var a = el('a', { 'data-step': tp.move, id: 'turning' }, 'move ' + tp.move + ', ' + tp.side + ' ' + tp.square);
      a.addEventListener('click', function () { go(tp.move); });
      li.appendChild(a);
      li.appendChild(document.createTextNode(': ' + tp.before.outcome + ' (dark ' + fmt(tp.before.dark_value, true) +
        ') \u2192 ' + tp.after.outcome + ' (dark ' + fmt(tp.after.dark_value, true) + ')'));
    } else {
      li.textContent = 'turning point: none within the exact analysis (the outcome never changed there)';
    }
    ul.appendChild(li);
    if (sm.theoretical) {
      var t = sm.theoretical;
      ul.appendChild(el('li', null, 'theoretical score (dark\'s discs with perfect play from ' + t.depth +
        ' empties): stored ' + t.stored + (t.solver !== null ? ', solver ' + t.solver : ', not solved') +
        (t.differs ? ' \u2014 they differ' : '')));
    }
    var c = g.conv || {};
    ul.appendChild(el('li', { 'class': 'legend' }, 'values: disc margins for dark (' + (c.scoring || '') +
      ' scoring); exact with at most ' + c.exact_empties + ' empties, ~estimates at ' + g.estimates + ' before'));
    return ul;
  }

  function open(i, step) {
    var g = data(i);
    if (!g) { showIndex(); return; }
    index.hidden = true;
    section.hidden = false;
    section.textContent = '';
    var nav = el('div', { 'class': 'nav' });
    if (total > 1) nav.appendChild(el('a', { href: '#index' }, '\u2190 all games'));
    if (i > 1) nav.appendChild(el('a', { href: '#game-' + (i - 1), id: 'prev-game' }, 'previous game'));
    if (i < total) nav.appendChild(el('a', { href: '#game-' + (i + 1), id: 'next-game' }, 'next game'));
    section.appendChild(nav);
    var players = g.black || g.white ? (g.black || '?') + ' (dark) vs ' + (g.white || '?') + ' (light)' : 'Game ' + i;
    section.appendChild(el('h2', { 'class': 'players' }, players + ': ' + g.resultText));
    section.appendChild(el('p', { 'class': 'sub' }, [g.meta, g.rules, g.place].filter(Boolean).join(' \u00b7 ')));
    var layout = el('div', { 'class': 'layout' }), left = el('div');
    var n = g.size;
    section.style.setProperty('--n', n);
    document.documentElement.style.setProperty('--cell', (n <= 4 ? 64 : n <= 6 ? 54 : n <= 8 ? 44 : 36) + 'px');
    var b = buildBoard(g);
    left.appendChild(b.board);
    var controls = el('div', { 'class': 'controls' });
    [['first', '|\u25c0', 'start (Home)'], ['back', '\u25c0', 'back (\u2190)'], ['forward', '\u25b6', 'forward (\u2192)'], ['last', '\u25b6|', 'end (End)']].forEach(function (c) {
      var btn = el('button', { id: c[0], title: c[2], 'aria-label': c[2] }, c[1]);
      btn.addEventListener('click', function () { key(c[0]); });
      controls.appendChild(btn);
    });
    left.appendChild(controls);
    var counts = el('div', { 'class': 'counts', id: 'counts' });
    left.appendChild(counts);
    var where = el('div', { 'class': 'where', id: 'where', 'aria-live': 'polite' });
    left.appendChild(where);
    layout.appendChild(left);
    var list = el('div', { 'class': 'movelist' }), table = el('table', { id: 'moves' });
    table.innerHTML = '<thead><tr><th>#</th><th>side</th><th>move</th><th>played</th><th>loss</th><th>best</th></tr></thead>';
    var tbody = el('tbody'), rows = [];
    var r0 = el('tr', { 'data-step': 0 });
    r0.innerHTML = '<td></td><td colspan="5">start</td>';
    tbody.appendChild(r0);
    rows.push(r0);
    g.m.forEach(function (m, k) {
      var tr = el('tr', { 'data-step': k + 1 });
      if (isMistake(m)) tr.className = 'err';
      [m[11], sideName(m[1]), m[0], m[6] ? fmt(m[8], m[6] === 1) : '', lossText(m), m[10]].forEach(function (t, j) {
        tr.appendChild(el('td', j === 0 || j === 3 || j === 4 ? { 'class': 'r' } : null, String(t)));
      });
      tbody.appendChild(tr);
      rows.push(tr);
    });
    tbody.addEventListener('click', function (e) {
      var tr = e.target.closest('tr');
      if (tr) go(Number(tr.getAttribute('data-step')));
    });
    table.appendChild(tbody);
    list.appendChild(table);
    layout.appendChild(list);
    section.appendChild(layout);
    var vals = darkValues(g), ch = chart(g, vals), chartBox = el('div', { 'class': 'chart' });
    chartBox.innerHTML = ch.html;
    chartBox.appendChild(el('div', { 'class': 'legend' }, 'dark\'s value after each move: solid line exact, dashed ~estimated; ' +
      'triangles mark mistakes, labelled with the discs lost (black: an exact loss; white: an estimated loss of 2 or more; \u25b2 under the line: dark\'s, \u25bd over it: light\'s). Click to go to a move.'));
    section.appendChild(chartBox);
    var svg = chartBox.querySelector('svg');
    svg.addEventListener('click', function (e) {
      var rect = svg.getBoundingClientRect(), px = (e.clientX - rect.left) * ch.W / rect.width;
      go(Math.round((px - ch.L) / (ch.W - ch.L - ch.R) * g.m.length));
    });
    var sum = el('div', { 'class': 'summary', id: 'summary' });
    sum.appendChild(el('h3', null, 'Summary'));
    sum.appendChild(summary(g));
    section.appendChild(sum);
    cur = { i: i, g: g, boards: replay(g), cells: b.cells, rows: rows, step: 0, counts: counts, where: where,
      cursor: svg.querySelector('#cursor'), x: ch.x };
    render(step || 0);
    window.scrollTo(0, 0);
  }

  function render(step) {
    var c = cur, g = c.g, last = g.m.length;
    step = Math.max(0, Math.min(last, step));
    c.step = step;
    section.setAttribute('data-game', c.i);
    section.setAttribute('data-step', step);
    var pos = c.boards[step], legalText = step < last ? g.m[step][5] : (g.endLegal || '');
    var legal = {};
    legalText.split(' ').forEach(function (s) { if (s) legal[s] = true; });
    var flips = {};
    pos.flips.forEach(function (f) { flips[f] = true; });
    var dark = 0, light = 0;
    for (var k = 0; k < c.cells.length; k++) {
      var cell = c.cells[k], d = pos.b[k], name = cell.getAttribute('data-sq');
      if (d === 'X') dark++; else if (d === 'O') light++;
      if (cell.getAttribute('data-disc') !== d) cell.setAttribute('data-disc', d);
      cell.className = 'sq' + (d === '-' && legal[name] ? ' legal' : '') + (name === pos.last ? ' last' : '') + (flips[name] ? ' flip' : '');
    }
    c.counts.innerHTML = '<span class="dk"></span><b id="dark-count">' + dark + '</b><span class="lt"></span><b id="light-count">' + light + '</b>';
    var text;
    if (step === 0) {
      text = 'start';
    } else {
      var m = g.m[step - 1];
      text = 'move ' + m[11] + ': ' + sideName(m[1]) + ' ' + m[0];
      if (m[6]) text += ' \u2014 played ' + fmt(m[8], m[6] === 1) + (lossText(m) ? ', loss ' + lossText(m) + ', best ' + m[10] : ', a best move');
    }
    var next = step < last ? sideName(g.m[step][1]) + ' to move' : (g.result && g.result.finished ? 'game over: ' + g.resultText :
      (g.endTm !== undefined ? sideName(g.endTm) + ' to move, ' : '') + 'the record ends here');
    c.where.textContent = text + '; ' + next;
    c.rows.forEach(function (r, j) { if (j === step) r.setAttribute('aria-current', 'true'); else r.removeAttribute('aria-current'); });
    var row = c.rows[step], box = row.closest('.movelist');
    if (box) {
      var top = row.offsetTop - box.clientHeight / 2;
      box.scrollTop = Math.max(0, top);
    }
    if (c.cursor) { var cx = c.x(step); c.cursor.setAttribute('x1', cx); c.cursor.setAttribute('x2', cx); }
    if (history.replaceState) history.replaceState(null, '', '#game-' + c.i + (step ? '/' + step : ''));
  }
  function go(step) { if (cur) render(step); }
  function key(what) {
    if (!cur) return;
    if (what === 'first') go(0);
    else if (what === 'back') go(cur.step - 1);
    else if (what === 'forward') go(cur.step + 1);
    else if (what === 'last') go(cur.g.m.length);
  }

  function showIndex() {
    cur = null;
    section.hidden = true;
    section.textContent = '';
    section.removeAttribute('data-game');
    index.hidden = false;
  }
  function route() {
    var m = /^#game-(\d+)(?:\/(\d+))?$/.exec(location.hash);
    if (m && cur && cur.i === Number(m[1])) return;  // our own replaceState
    if (m) open(Number(m[1]), m[2] ? Number(m[2]) : 0);
    else if (total === 1 && location.hash !== '#index') open(1, 0);
    else showIndex();
  }
  document.addEventListener('keydown', function (e) {
    if (!cur || e.altKey || e.ctrlKey || e.metaKey) return;
    var map = { ArrowRight: 'forward', ArrowLeft: 'back', Home: 'first', End: 'last' };
    if (map[e.key]) { e.preventDefault(); key(map[e.key]); }
  });
  window.addEventListener('hashchange', route);
  route();
})();
)js";
}

}  // namespace reversi::cli
