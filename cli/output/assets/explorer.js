(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('tree').textContent);
  var nodes = data.nodes, main = document.getElementById('explorer');
  var cur = 0, sel = 0;

  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    if (attrs) Object.keys(attrs).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (text !== undefined && text !== null) e.textContent = text;
    return e;
  }
  function signed(v, digits) {
    if (v === null || v === undefined) return '';
    return (v > 0 ? '+' : v < 0 ? '\u2212' : '') + Math.abs(v).toFixed(digits);
  }
  function pct(a, n) { return n ? Math.round(100 * a / n) + '%' : ''; }
  function sqIndex(name) { return (parseInt(name.slice(1), 10) - 1) * 8 + (name.charCodeAt(0) - 97); }
  function engineText(n, m) {
    if (m[7] === null) return '';
    return (n.x === 0 ? '' : '~') + signed(m[7], n.x === 0 ? 0 : 2) + (m[8] ? ' best' : '');
  }

  var about = document.getElementById('about');
  about.textContent = data.database + ': the games from ' + data.root + (data.filters ? ' (' + data.filters + ')' : '') +
    ', moves followed to ' + data.depth + ' plies when at least ' + data.min_games + (data.min_games === 1 ? ' game' : ' games') +
    ' chose them; ' + (data.engine_depth ? 'engine values from the book where it holds the position, else estimated at depth ' + data.engine_depth + ' (exact near the end)' : 'no engine values') +
    (data.complete ? '.' : '; the tree was stopped before its end.');

  var path = el('nav', { 'class': 'path', id: 'path', 'aria-label': 'path' });
  var opening = el('div', { 'class': 'opening', id: 'opening' });
  var layout = el('div', { 'class': 'layout' });
  var left = el('div'), right = el('div');
  var board = el('div', { id: 'board', 'class': 'board', role: 'grid', 'aria-label': 'board' });
  board.style.setProperty('--n', 8);
  board.appendChild(el('div', { 'class': 'lbl' }));
  for (var c = 0; c < 8; c++) board.appendChild(el('div', { 'class': 'lbl' }, String.fromCharCode(97 + c)));
  var cells = [];
  for (var r = 0; r < 8; r++) {
    board.appendChild(el('div', { 'class': 'lbl' }, String(r + 1)));
    for (c = 0; c < 8; c++) {
      var name = String.fromCharCode(97 + c) + (r + 1);
      var sq = el('div', { 'class': 'sq', 'data-sq': name, 'data-disc': '-', title: name });
      board.appendChild(sq);
      cells.push(sq);
    }
  }
  var controls = el('div', { 'class': 'controls' });
  var backButton = el('button', { id: 'back', title: 'back (\u2190 or Backspace)' }, '\u25c0 back');
  var rootButton = el('button', { id: 'root', title: 'the root (Home)' }, '|\u25c0 root');
  controls.appendChild(rootButton);
  controls.appendChild(backButton);
  var where = el('div', { 'class': 'where', id: 'where' });
  left.appendChild(board);
  left.appendChild(controls);
  left.appendChild(where);
  var table = el('table', { id: 'moves' });
  var head = el('tr');
  ['move', 'games', 'share', 'win', 'draw', 'loss', 'avg diff', 'avg theor', 'engine', 'opening'].forEach(function (t) { head.appendChild(el('th', null, t)); });
  table.appendChild(el('thead')).appendChild(head);
  var tbody = table.appendChild(el('tbody'));
  right.appendChild(table);
  right.appendChild(el('p', { 'class': 'note' }, 'Per move: the games that chose it, its share of the games here, ' +
    'how they ended for the side to move (win, draw, loss), the average final disc difference and the average ' +
    'theoretical score where recorded, both for the side to move, and the engine\u2019s value of the move ' +
    '(~ an estimate). A move in bold leads further: click it, or its square.'));
  layout.appendChild(left);
  layout.appendChild(right);
  main.appendChild(path);
  main.appendChild(opening);
  main.appendChild(layout);

  function lineage(i) {
    var out = [];
    for (; i >= 0; i = nodes[i].p) out.unshift(i);
    return out;
  }
  function renderPath(n) {
    path.textContent = '';
    lineage(cur).forEach(function (i) {
      var b = el('button', { 'data-node': i }, i === 0 ? data.root : nodes[i].v);
      if (i === cur) b.setAttribute('aria-current', 'true');
      path.appendChild(b);
    });
    // The deepest name on the way here, as annotate names a game's opening.
    var named = lineage(cur).filter(function (i) { return nodes[i].o; }).pop();
    opening.textContent = named === undefined ? '' : nodes[named].o + (named === cur ? '' : ' (on the way here)');
  }
  function renderBoard(n) {
    var moveOf = {};
    n.m.forEach(function (m) { if (m[0] !== 'pass' && m[1] > 0) moveOf[m[0]] = m; });
    var dark = 0, light = 0;
    cells.forEach(function (cell, k) {
      var d = n.b[k], m = moveOf[cell.getAttribute('data-sq')];
      if (d === 'X') dark++; else if (d === 'O') light++;
      cell.setAttribute('data-disc', d);
      cell.className = 'sq' + (m ? ' legal' : '') + (m && m[9] >= 0 ? ' cand' : '');
      cell.textContent = '';
      if (m) cell.appendChild(el('span', { 'class': 'games' }, String(m[1])));
      if (m && m[9] >= 0) cell.setAttribute('data-child', m[9]); else cell.removeAttribute('data-child');
    });
    var side = n.b.charAt(65) === 'X' ? 'dark' : 'light';
    where.textContent = n.g + (n.g === 1 ? ' game reaches' : ' games reach') + ' this position' +
      (n.e ? ' (' + n.e + ' end here)' : '') + '; ' + side + ' to move. Discs: dark ' + dark + ', light ' + light + '.' +
      (n.x === null ? '' : ' Engine: ' + (n.s === 'book' ? 'the book, ' : '') + (n.x === 0 ? 'exact.' : 'depth ' + n.x + '.'));
  }
  function renderTable(n) {
    tbody.textContent = '';
    n.m.forEach(function (m, k) {
      var tr = el('tr', { 'data-move': m[0] });
      if (m[9] >= 0) { tr.className = 'go'; tr.setAttribute('data-child', m[9]); }
      if (k === sel) tr.setAttribute('aria-selected', 'true');
      var results = m[2] + m[3] + m[4];
      var cellsText = [m[0], String(m[1]), pct(m[1], n.g), pct(m[2], results), pct(m[3], results), pct(m[4], results),
        signed(m[5], 2), signed(m[6], 2), engineText(n, m), m[10] || ''];
      cellsText.forEach(function (t, j) {
        var td = el('td', j === 9 ? { 'class': 'name' } : null, t);
        if (j === 0 && m[9] >= 0) { td.textContent = ''; td.appendChild(el('b', null, t)); }
        tr.appendChild(td);
      });
      tbody.appendChild(tr);
    });
  }
  function render() {
    var n = nodes[cur];
    sel = Math.max(0, Math.min(sel, n.m.length - 1));
    document.body.setAttribute('data-node', cur);
    renderPath(n);
    renderBoard(n);
    renderTable(n);
    backButton.disabled = n.p < 0;
    if (history.replaceState) history.replaceState(null, '', '#node-' + cur);
  }
  function go(i) {
    if (i >= 0 && i < nodes.length) { cur = i; sel = 0; render(); }
  }
  function back() {
    var n = nodes[cur];
    if (n.p < 0) return;
    var from = cur;
    cur = n.p;
    sel = nodes[cur].m.findIndex(function (m) { return m[9] === from; });
    render();
  }
  function childOf(e) {
    var t = e.target.closest('[data-child]');
    return t ? Number(t.getAttribute('data-child')) : -1;
  }
  tbody.addEventListener('click', function (e) { go(childOf(e)); });
  board.addEventListener('click', function (e) { go(childOf(e)); });
  path.addEventListener('click', function (e) {
    var b = e.target.closest('[data-node]');
    if (b) go(Number(b.getAttribute('data-node')));
  });
  backButton.addEventListener('click', back);
  rootButton.addEventListener('click', function () { go(0); });
  document.addEventListener('keydown', function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    var n = nodes[cur], m = n.m[sel];
    if (e.key === 'ArrowLeft' || e.key === 'Backspace') back();
    else if ((e.key === 'ArrowRight' || e.key === 'Enter') && m && m[9] >= 0) go(m[9]);
    else if (e.key === 'ArrowDown' && sel + 1 < n.m.length) { sel++; renderTable(n); }
    else if (e.key === 'ArrowUp' && sel > 0) { sel--; renderTable(n); }
    else if (e.key === 'Home') go(0);
    else return;
    e.preventDefault();
  });
  var start = /^#node-(\d+)$/.exec(location.hash);
  cur = start && Number(start[1]) < nodes.length ? Number(start[1]) : 0;
  render();
})();
