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
    return '~' + (v > 0 ? '+' : v < 0 ? '\u2212' : '\u00b1') + s;
  }
  function lossText(m) {
    if (m[6] === 0 || m[9] <= 0) return '';
    return m[6] === 1 ? String(m[9]) : '~' + m[9].toFixed(2);
  }
  // The call: 0 none, 1 mistake, 2 blunder (an estimated loss beyond the margin of its phase).
  function callOf(m) { return m[12] || 0; }
  function isMistake(m) { return callOf(m) > 0; }
  function markOf(m) { return ['', '?', '??'][callOf(m)]; }
  function callText(m) {
    var name = ['', 'mistake', 'blunder'][callOf(m)];
    if (m[14]) return name + ', ' + m[14];
    return m[6] === 1 || m[13] === null || m[13] === undefined ? name : name + ', beyond the margin of ' + m[13].toFixed(2);
  }

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

  // The chart's vertical scale: gridlines at a round step (2 to 4 a side) and the border at the
  // next quarter step that leaves 13 px (a mistake's triangle) beyond the largest |value| shown
  // (at least 4), so the scale fits the values and every marker stays inside the plot.
  function chartScale(most, half) {
    most = Math.max(most, 4);
    var steps = [1, 2, 5, 10, 20, 50, 100], step = steps[steps.length - 1];
    for (var i = 0; i < steps.length; i++) if (most / steps[i] <= 4) { step = steps[i]; break; }
    return { step: step, top: Math.ceil(most * half / (half - 13) / (step / 4)) * step / 4 };
  }
  // Where the exact analysis starts: the step before its first exact move, where the estimate
  // of that position meets its exact value (dark's view); null when there is no such step.
  function horizon(g, vals) {
    for (var k = 0; k < g.m.length; k++) {
      var m = g.m[k];
      if (m[6] !== 1) continue;
      if (k === 0 || !vals[k] || vals[k][1]) return null;
      return { step: k, move: m[11], exact: m[1] === 0 ? m[7] : -m[7] };
    }
    return null;
  }
  function svgText(attrs, text) {
    var s = '<text';
    for (var a in attrs) s += ' ' + a + '="' + attrs[a] + '"';
    return s + '>' + text + '</text>';
  }

  function chart(g, vals) {
    var W = 1000, H = 250, L = 48, R = 12, T = 24, B = 28, n = g.m.length;
    var hz = horizon(g, vals), most = hz ? Math.abs(hz.exact) : 0;
    vals.forEach(function (v) { if (v && Math.abs(v[0]) > most) most = Math.abs(v[0]); });
    var sc = chartScale(most, (H - T - B) / 2), top = sc.top;
    function x(k) { return L + (n ? k * (W - L - R) / n : 0); }
    function y(v) { return T + (H - T - B) / 2 - v * (H - T - B) / 2 / top; }
    function f(t) { return t.toFixed(1); }
    var s = '<svg xmlns="http://www.w3.org/2000/svg" id="chart" width="' + W + '" height="' + H +
      '" viewBox="0 0 ' + W + ' ' + H + '" font-size="11" role="img" aria-label="dark\'s value over the game, from dark\'s view"' +
      ' data-top="' + top + '" data-step="' + sc.step + '" data-plot="' + [L, T, W - L - R, H - T - B].join(' ') + '">';
    s += '<rect class="plot" x="' + L + '" y="' + T + '" width="' + (W - L - R) + '" height="' + (H - T - B) + '" fill="#fff" stroke="#888"/>';
    for (var v = -Math.floor(top / sc.step) * sc.step; v <= top; v += sc.step) {
      s += '<line x1="' + L + '" x2="' + (W - R) + '" y1="' + f(y(v)) + '" y2="' + f(y(v)) + '" stroke="' + (v === 0 ? '#000' : '#ddd') + '"/>';
      s += svgText({ 'class': 'fixed tick', x: L - 4, y: f(y(v) + 4), 'text-anchor': 'end' }, fmt(v, true));
    }
    var every = n > 40 ? 10 : n > 16 ? 5 : n > 8 ? 2 : 1;
    for (var k = every; k <= n; k += every)
      s += svgText({ 'class': 'fixed tick', x: f(x(k)), y: H - B + 14, 'text-anchor': 'middle' }, k);
    s += svgText({ 'class': 'fixed', x: L + 2, y: T - 8, fill: '#444' }, '\u25b2 dark ahead');
    s += svgText({ 'class': 'fixed', x: L + 2, y: H - B + 14, fill: '#444' }, '\u25bc light ahead');
    // Segments: solid between exact values, dashed where an estimate is involved; at the
    // horizon the estimate line ends and the exact line starts from that position's exact value.
    var exactPath = '', estPath = '';
    for (k = 1; k < vals.length; k++) {
      var a = hz && k === hz.step + 1 ? [hz.exact, true] : vals[k - 1], b = vals[k];
      if (!a || !b) continue;
      var seg = 'M' + f(x(k - 1)) + ' ' + f(y(a[0])) + 'L' + f(x(k)) + ' ' + f(y(b[0]));
      if (a[1] && b[1]) exactPath += seg; else estPath += seg;
    }
    s += '<path class="estimate" d="' + estPath + '" fill="none" stroke="#333" stroke-width="1.5" stroke-dasharray="4 3"/>';
    s += '<path class="exact" d="' + exactPath + '" fill="none" stroke="#000" stroke-width="2.5"/>';
    var spots = [];
    if (hz) {
      var ex = f(x(hz.step)), from = vals[hz.step][0];
      s += '<g class="horizon" data-step="' + hz.step + '"><title>the estimate of the position after move ' + (hz.step) +
        ' (' + fmt(from, false) + ') gives way to its exact value (' + fmt(hz.exact, true) + '): the solver\'s values start here</title>';
      s += '<line x1="' + ex + '" x2="' + ex + '" y1="' + (T - 4) + '" y2="' + (H - B) + '" stroke="#aaa" stroke-dasharray="1 3"/>';
      s += '<line class="horizon-step" x1="' + ex + '" x2="' + ex + '" y1="' + f(y(from)) + '" y2="' + f(y(hz.exact)) + '" stroke="#555" stroke-width="3" stroke-dasharray="2 2"/>';
      s += '<circle class="estimate-end" cx="' + ex + '" cy="' + f(y(from)) + '" r="3" fill="#fff" stroke="#333"/>';
      s += '<circle class="exact-start" cx="' + ex + '" cy="' + f(y(hz.exact)) + '" r="3.5" fill="#000"/></g>';
      s += svgText({ 'class': 'label horizon-label', x: ex, y: T - 8, 'data-rank': 1e6, 'data-area': 'band',
        'data-spots': JSON.stringify([[+ex + 5, T / 2, 1], [+ex - 5, T / 2, -1]]) }, 'exact from move ' + hz.move + ' \u25b8');
      s += svgText({ 'class': 'label', x: ex, y: T - 8, 'data-rank': 1e6 - 1, 'data-area': 'band', fill: '#444',
        'data-spots': JSON.stringify([[+ex - 5, T / 2, -1]]) }, '\u25c2 ~estimates');
    }
    // Mistakes: a triangle at the move, pointing the way the value went; the biggest losses get
    // a label, placed after drawing where it meets nothing else (placeLabels).
    g.m.forEach(function (m, i) {
      var v = vals[i + 1];
      if (!v || !isMistake(m)) return;
      var px = x(i + 1), py = y(v[0]), dir = m[1] === 0 ? 1 : -1;
      var pts = [px, py + 2 * dir, px - 5, py + 11 * dir, px + 5, py + 11 * dir].map(f);
      s += '<g class="mistake" data-move="' + (i + 1) + '"><title>move ' + m[11] + ', ' + sideName(m[1]) + ' ' + m[0] +
        ': ' + callText(m) + ', loss ' + lossText(m) + (m[6] === 1 ? ' discs' : ' estimated discs') + ', best ' + m[10] + '</title>';
      s += '<polygon points="' + pts[0] + ',' + pts[1] + ' ' + pts[2] + ',' + pts[3] + ' ' + pts[4] + ',' + pts[5] +
        '" fill="' + (m[6] === 1 ? '#000' : '#fff') + '" stroke="#000"/></g>';
      if (m[6] === 1 || callOf(m) === 2) {
        var near = [[0, 20], [0, 34], [1, 7], [-1, 7], [0, 48], [0, -13], [1, -6], [-1, -6], [0, -27], [1, 21], [-1, 21], [0, 62], [0, -41]];
        s += svgText({ 'class': 'label mistake-label', 'data-move': i + 1, x: f(px), y: f(py), 'text-anchor': 'middle',
          'paint-order': 'stroke', stroke: '#fff', 'stroke-width': 3, 'data-rank': (m[6] === 1 ? 1000 : 0) + callOf(m) * 100 + m[9], 'data-area': 'plot',
          'data-spots': JSON.stringify(near.map(function (o) { return [+f(px + o[0] * 8), +f(py + o[1] * dir), o[0]]; })) },
          '\u2212' + lossText(m).replace('~', ''));
      }
    });
    s += '<line id="cursor" x1="' + x(0) + '" x2="' + x(0) + '" y1="' + T + '" y2="' + (H - B) + '" stroke="#000" stroke-width="1"/>';
    s += '</svg>';
    return { html: s, x: x, L: L, R: R, W: W, band: { x: 0, y: 0, w: W, h: T }, plot: { x: L, y: T, w: W - L - R, h: H - T - B } };
  }

  // Places the chart's labels, most important first, each at the first of its spots (a centre,
  // and a side: -1 the box's right edge there, 1 its left edge) where its box stays in its area
  // and meets no text, marker or the horizon's step already there; a label with no free spot is
  // left out (its marker
  // keeps the tooltip). Boxes are measured once, so a game opens as fast as before.
  function placeLabels(svg, areas) {
    function box(e) { var b = e.getBBox(); return { x: b.x, y: b.y, w: b.width, h: b.height }; }
    function inside(b, a) { return b.x >= a.x + 1 && b.y >= a.y + 1 && b.x + b.w <= a.x + a.w - 1 && b.y + b.h <= a.y + a.h - 1; }
    function meet(p, q) { return p.x < q.x + q.w + 1 && q.x < p.x + p.w + 1 && p.y < q.y + q.h && q.y < p.y + p.h; }
    var taken = [];
    svg.querySelectorAll('text.fixed, polygon, .horizon-step, .horizon circle').forEach(function (e) {
      var b = box(e), pad = e.tagName === 'text' ? 0 : 2;
      taken.push({ x: b.x - pad, y: b.y - pad, w: b.w + 2 * pad, h: b.h + 2 * pad });
    });
    var labels = Array.prototype.slice.call(svg.querySelectorAll('text.label'));
    labels.sort(function (p, q) { return Number(q.dataset.rank) - Number(p.dataset.rank); });
    labels.forEach(function (t) {
      var b = box(t), x0 = Number(t.getAttribute('x')), y0 = Number(t.getAttribute('y'));
      var spots = JSON.parse(t.dataset.spots), area = areas[t.dataset.area];
      for (var i = 0; i < spots.length; i++) {
        var c = { x: spots[i][0] - b.w / 2 + spots[i][2] * b.w / 2, y: spots[i][1] - b.h / 2, w: b.w, h: b.h };
        if (!inside(c, area) || taken.some(function (o) { return meet(c, o); })) continue;
        t.setAttribute('x', (x0 + c.x - b.x).toFixed(1));
        t.setAttribute('y', (y0 + c.y - b.y).toFixed(1));
        taken.push(c);
        return;
      }
      t.parentNode.removeChild(t);
    });
  }

  function summary(g) {
    var sm = g.sum || {}, ul = el('ul');
    ['dark', 'light'].forEach(function (side) {
      var d = sm[side];
      if (!d) return;
      var li = el('li');
      li.textContent = side + ': exact loss ' + d.exact_loss + ' discs over ' + d.exact_moves + ' moves (' +
        d.exact_errors + (d.exact_errors === 1 ? ' error' : ' errors') + '), ' + d.estimate_moves + ' estimated; ' +
        (d.mistakes || 0) + (d.mistakes === 1 ? ' mistake, ' : ' mistakes, ') + (d.blunders || 0) + (d.blunders === 1 ? ' blunder' : ' blunders');
      ul.appendChild(li);
    });
    if (sm.opening) ul.appendChild(el('li', null, 'opening: ' + sm.opening.name + ' (move ' + sm.opening.move + ')'));
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
    section.appendChild(el('p', { 'class': 'view', id: 'view' }, 'Values are from dark\'s view, in the move list and the chart alike: ' +
      'the disc margin for dark with best play from there on (+ dark ahead, \u2212 light ahead). A loss is what the side that moved gave away.'));
    var layout = el('div', { 'class': 'layout' }), left = el('div');
    var n = g.size, vals = darkValues(g);
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
    table.innerHTML = '<thead><tr><th>#</th><th>side</th><th>move</th><th title="dark\'s value after the move: + dark ahead, \u2212 light ahead">for dark</th><th>loss</th><th>best</th></tr></thead>';
    var tbody = el('tbody'), rows = [];
    var r0 = el('tr', { 'data-step': 0 });
    r0.innerHTML = '<td></td><td colspan="5">start</td>';
    tbody.appendChild(r0);
    rows.push(r0);
    g.m.forEach(function (m, k) {
      var tr = el('tr', { 'data-step': k + 1 });
      if (isMistake(m)) tr.className = 'err';
      [m[11], sideName(m[1]), m[0], vals[k + 1] ? fmt(vals[k + 1][0], vals[k + 1][1]) : '', lossText(m) + markOf(m), m[10]].forEach(function (t, j) {
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
    var ch = chart(g, vals), chartBox = el('div', { 'class': 'chart' });
    chartBox.innerHTML = ch.html;
    chartBox.appendChild(el('div', { 'class': 'legend' }, 'dark\'s value after each move (dark\'s view): dashed ~estimated, solid exact; ' +
      'where the exact analysis starts, a dotted step joins the last estimate (\u25cb) to the exact value of the same position (\u25cf): the estimate\'s error, not a move; ' +
      'triangles mark mistakes (a loss of 2 discs or more) and blunders (6 or more; labelled with the discs lost): black an exact loss, white an estimated one, called only when it exceeds the error margin of its phase by that much (\u25b2 under the line: dark\'s, \u25bd over it: light\'s). Click to go to a move.'));
    section.appendChild(chartBox);
    var svg = chartBox.querySelector('svg');
    placeLabels(svg, { band: ch.band, plot: ch.plot });
    svg.addEventListener('click', function (e) {
      var rect = svg.getBoundingClientRect(), px = (e.clientX - rect.left) * ch.W / rect.width;
      go(Math.round((px - ch.L) / (ch.W - ch.L - ch.R) * g.m.length));
    });
    var sum = el('div', { 'class': 'summary', id: 'summary' });
    sum.appendChild(el('h3', null, 'Summary'));
    sum.appendChild(summary(g));
    section.appendChild(sum);
    cur = { i: i, g: g, boards: replay(g), cells: b.cells, rows: rows, step: 0, counts: counts, where: where,
      cursor: svg.querySelector('#cursor'), x: ch.x, vals: vals };
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
      var v = c.vals[step];
      if (v) text += ' \u2014 for dark ' + fmt(v[0], v[1]) + (lossText(m) ? ', loss ' + lossText(m) + ', best ' + m[10] : ', a best move');
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
