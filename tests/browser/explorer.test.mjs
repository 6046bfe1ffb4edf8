// End-to-end test of `reversi db report` in the system's headless Chromium (playwright-core
// driving Debian's chromium, as report.test.mjs does).
//
//   node explorer.test.mjs REVERSI_BINARY [SCREENSHOT.png]
//
// Builds a database of the bundled example games, writes its explorer page, opens it, goes three
// moves down the tree (a click on a row, a click on a board square, the right arrow) and checks
// at each node the board against `reversi show --json` and the table against `reversi db query
// --json`; then goes back three times (the Back button, the left arrow, Backspace) and checks the
// board and the table are restored at each step. Fails on any console error or network request.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checker, openChromium } from './chromium.mjs';

const binary = path.resolve(process.argv[2] || 'build/reversi');
const screenshot = process.argv[3] ? path.resolve(process.argv[3]) : null;
const source = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'reversi-explorer-'));

const { check, finish } = checker();
function reversi(args) {
  return execFileSync(binary, args, { encoding: 'utf8', maxBuffer: 64 << 20 });
}

const db = path.join(work, 'ex.db');
const page = path.join(work, 'explorer.html');
reversi(['db', 'build', '-o', db, path.join(source, 'data/examples')]);
reversi(['db', 'report', db, '-o', page, '--depth', '6', '--min-games', '1', '--engine-depth', '2']);

function expectedBoard(moves) {
  const args = ['show', '--json'];
  if (moves.length) args.push('--moves', moves.join(' '));
  return JSON.parse(reversi(args)).rows.join('');
}
function expectedTable(moves) {
  const args = ['db', 'query', db, '--json', '--depth', '2'];
  if (moves.length) args.push('--moves', moves.join(' '));
  return JSON.parse(reversi(args)).moves.map((m) => [m.move, String(m.games)]);
}

const { tab, errors, requests, close } = await openChromium();
try {
  await tab.goto('file://' + page);
  await tab.waitForSelector('#board');

  const state = () => tab.evaluate(() => ({
    node: document.body.dataset.node,
    board: [...document.querySelectorAll('#board .sq')].map((e) => e.dataset.disc).join(''),
    table: [...document.querySelectorAll('#moves tbody tr')].map((tr) => [tr.children[0].textContent, tr.children[1].textContent]),
    path: [...document.querySelectorAll('#path button')].map((b) => b.textContent),
    firstChild: document.querySelector('#moves tbody tr.go')?.dataset.move || null,
  }));
  async function expectNode(moves, what) {
    const s = await state();
    check(s.board === expectedBoard(moves), `${what}: the board is the position after '${moves.join(' ')}'`);
    check(JSON.stringify(s.table) === JSON.stringify(expectedTable(moves)),
      `${what}: the table is db query's (${JSON.stringify(s.table)})`);
    check(s.path.length === moves.length + 1 && s.path.slice(1).join(' ') === moves.join(' '),
      `${what}: the path shows the moves (${s.path.join(' ')})`);
    return s;
  }

  const moves = [];
  const seen = [await expectNode(moves, 'root')];
  // Three steps down: a click on the row, a click on the square, the right arrow (first row).
  const ways = ['row', 'square', 'key'];
  for (const way of ways) {
    const move = seen[seen.length - 1].firstChild;
    check(move !== null, `${way}: a move leads further`);
    if (move === null) break;
    if (way === 'row') await tab.click(`#moves tbody tr[data-move="${move}"]`);
    else if (way === 'square') await tab.click(`#board .sq[data-sq="${move}"]`);
    else await tab.keyboard.press('ArrowRight');
    moves.push(move);
    const s = await expectNode(moves, `after ${way}`);
    check(s.board !== seen[seen.length - 1].board && s.node !== seen[seen.length - 1].node,
      `${way}: the board and the node changed`);
    seen.push(s);
  }
  if (screenshot) {
    await tab.screenshot({ path: screenshot, fullPage: true });
    check(fs.statSync(screenshot).size > 10000, 'screenshot written: ' + screenshot);
  }
  // Back up: the button, the left arrow, Backspace.
  for (const way of ['button', 'ArrowLeft', 'Backspace']) {
    if (way === 'button') await tab.click('#back');
    else await tab.keyboard.press(way);
    seen.pop();
    moves.pop();
    const s = await expectNode(moves, `back by ${way}`);
    const before = seen[seen.length - 1];
    check(s.board === before.board && JSON.stringify(s.table) === JSON.stringify(before.table) && s.node === before.node,
      `back by ${way}: the board and the table are restored`);
  }
} finally {
  await close();
}
for (const e of errors) console.error(e);
check(errors.length === 0, `no console errors (${errors.length})`);
check(requests.length === 0, `no network requests (${requests.join(' ')})`);
fs.rmSync(work, { recursive: true, force: true });
finish();
