// End-to-end test of `reversi report` in the system's headless Chromium (Debian's chromium,
// driven through the DevTools protocol by playwright-core; no browser is downloaded).
//
//   node report.test.mjs REVERSI_BINARY [SCREENSHOT.png]
//
// Annotates three games (two 8x8, one 6x6 with a pass), writes their report, opens it, steps
// through every game with the arrow keys (forward to the end, back twelve moves, Home, End),
// checks the board's DOM at every step against `reversi show --json --moves ...` for that
// prefix of the game, clicks the move list and the index, takes a screenshot and fails on any
// console error or page error. A report of 1,000 games must load in under 2 s. Each game's chart
// is read back: no two labels overlap, the scale fits the values shown, the lines stay inside
// the plot, the move list gives the chart's values (dark's view) and says so, and the exact
// analysis starts from the exact value of the position the last estimate valued.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checker, openChromium } from './chromium.mjs';

const binary = path.resolve(process.argv[2] || 'build/reversi');
const screenshot = process.argv[3] ? path.resolve(process.argv[3]) : null;
// The close-up of the chart goes beside the page's screenshot: report.png -> report-chart.png.
const chartShot = screenshot ? screenshot.replace(/(\.png)?$/, '-chart.png') : null;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'reversi-browser-'));

const { check, finish } = checker();

function reversi(args, input) {
  try {
    return execFileSync(binary, args, { input, encoding: 'utf8', maxBuffer: 64 << 20 });
  } catch (e) {
    // annotate exits 1 for invalid games; these inputs have none, so any failure is one.
    throw new Error(`reversi ${args.join(' ')} failed (${e.status}): ${e.stderr}`);
  }
}

// The three games: a full 8x8 game, an 8x8 wipeout, and 6x6 perfect play with a pass.
fs.writeFileSync(path.join(work, 'games8.txt'),
  'd3c3c4e3e2b4e6f2f3f1c5c6b6a7e1d6c2d1b5c1e7a4a5f6f7d2a6b7c8f5a8b8b3c7a3d7e8d8f8g2f4g3g5h5h6h7g6h4b1a1g7g4h3h2h1h8g8g1b2a2\n' +
  'e6f4e3f6g5d6e7f5c5\n');
fs.writeFileSync(path.join(work, 'games6.txt'),
  'c2 b4 c5 d2 e4 e3 d1 c1 b1 d5 d6 f4 b3 b2 f3 f2 e2 b6 a4 a3 a5 a6 a1 b5 a2 c6 e5 f1 e1 e6 pass f5 f6\n');
const jsonl = [
  reversi(['annotate', '--depth', '2', '--exact-empties', '14', '--threads', '2', path.join(work, 'games8.txt')]),
  reversi(['annotate', '--size', '6', '--depth', '2', '--threads', '2', path.join(work, 'games6.txt')]),
].join('').split('\n').filter((l) => l && !l.startsWith('{"summary"'));
check(jsonl.length === 3, 'three annotated games');
const games = jsonl.map((l) => JSON.parse(l));
const reportFile = path.join(work, 'report.html');
reversi(['report', '-o', reportFile, '--title', 'Three games', '-'], jsonl.join('\n') + '\n');

// Expected boards: `reversi show --json` on each prefix of each game's moves.
// Dark's value after each move (and before the first) as the annotation gives it: [value,
// exact] or null; the value of the position where the exact analysis starts, when it does.
function darkValues(game) {
  const moves = game.annotation.moves;
  const values = (m) => m.exact || m.estimate;
  const forDark = (m, v) => (m.side === 'dark' ? v : -v);
  const out = [values(moves[0]) ? [forDark(moves[0], values(moves[0]).value), !!moves[0].exact] : null];
  for (const m of moves) out.push(values(m) ? [forDark(m, values(m).played), !!m.exact] : null);
  const first = moves.findIndex((m) => m.exact);
  const horizon = first > 0 && !out[first][1]
    ? { step: first, exact: forDark(moves[first], moves[first].exact.value) } : null;
  return { values: out, horizon };
}
function formatValue(v, exact) {
  const sign = v > 0 ? '+' : v < 0 ? '\u2212' : exact ? '' : '\u00b1';
  return exact ? (v === 0 ? '0' : sign + Math.abs(v)) : '~' + sign + Math.abs(v).toFixed(2);
}

// Reads the open game's chart back and checks how it reads.
async function checkChart(page, game, what) {
  const c = await page.evaluate(() => {
    const svg = document.querySelector('#chart');
    const box = (e) => { const b = e.getBBox(); return { x: b.x, y: b.y, w: b.width, h: b.height, text: e.textContent }; };
    const points = (sel) => (svg.querySelector(sel).getAttribute('d').match(/-?[\d.]+/g) || []).map(Number);
    return {
      texts: [...svg.querySelectorAll('text')].map(box),
      triangles: [...svg.querySelectorAll('.mistake polygon')].map(box),
      switchMarks: [...svg.querySelectorAll('.horizon-step, .horizon circle')].map(box),
      ticks: [...svg.querySelectorAll('text.tick')].map((t) => ({ text: t.textContent, x: Number(t.getAttribute('x')) })),
      top: Number(svg.dataset.top), step: Number(svg.dataset.step),
      plot: svg.dataset.plot.split(' ').map(Number),
      exact: points('path.exact'), estimate: points('path.estimate'),
      horizon: svg.querySelector('.horizon-label')?.textContent || null,
      start: svg.querySelector('.exact-start') ? Number(svg.querySelector('.exact-start').getAttribute('cy')) : null,
      view: document.querySelector('#view')?.textContent || '',
      head: [...document.querySelectorAll('#moves th')].map((t) => t.textContent),
      column: [...document.querySelectorAll('#moves tbody tr')].slice(1).map((tr) => tr.children[3].textContent),
      page: document.body.innerText,
    };
  });
  const meet = (p, q) => p.x < q.x + q.w - 0.5 && q.x < p.x + p.w - 0.5 && p.y < q.y + q.h - 0.5 && q.y < p.y + p.h - 0.5;
  const overlaps = [];
  c.texts.forEach((p, i) => c.texts.slice(i + 1).forEach((q) => { if (meet(p, q)) overlaps.push(`"${p.text}" / "${q.text}"`); }));
  c.texts.forEach((p) => c.triangles.forEach((q) => { if (meet(p, q)) overlaps.push(`"${p.text}" / a triangle`); }));
  c.texts.forEach((p) => c.switchMarks.forEach((q) => { if (meet(p, q)) overlaps.push(`"${p.text}" / the horizon's step`); }));
  check(overlaps.length === 0, `${what}: no chart label overlaps another or a marker (${overlaps.join(', ')})`);
  const [L, T, W, H] = c.plot;
  const outside = [];
  for (const path of [c.exact, c.estimate]) {
    for (let k = 0; k + 1 < path.length; k += 2) {
      if (path[k] < L || path[k] > L + W || path[k + 1] <= T || path[k + 1] >= T + H) outside.push(path.slice(k, k + 2));
    }
  }
  check(outside.length === 0, `${what}: every point inside the plot, none on its border (${JSON.stringify(outside)})`);
  const out = c.triangles.filter((b) => b.x < L || b.x + b.w > L + W || b.y < T || b.y + b.h > T + H);
  check(out.length === 0, `${what}: every mistake's triangle inside the plot (${out.length} outside)`);

  // The scale: round gridlines (2 to 4 a side) and a border just above the largest |value| shown.
  const { values, horizon } = darkValues(game);
  let most = horizon ? Math.abs(horizon.exact) : 0;
  for (const v of values) if (v) most = Math.max(most, Math.abs(v[0]));
  const fits = c.top > most && c.top <= 1.35 * Math.max(most, 4) && [1, 2, 5, 10, 20, 50, 100].includes(c.step);
  check(fits, `${what}: the scale ±${c.top} fits the largest |value| ${most} (gridlines every ${c.step})`);
  const grid = c.ticks.filter((t) => t.x < L).map((t) => Number(t.text.replace('\u2212', '-')));
  const round = grid.every((v) => v % c.step === 0) && grid.filter((v) => v > 0).length >= 2 &&
    grid.filter((v) => v > 0).length <= 4 && Math.max(...grid) <= c.top;
  check(round, `${what}: gridlines at multiples of ${c.step} under ±${c.top} (${grid.join(' ')})`);

  // One side's view: the move list's value column is the chart's, and the page says so.
  check(c.view.includes("dark's view") && c.head.includes('for dark'), `${what}: the page says values are dark's view`);
  const want = values.slice(1).map((v) => (v ? formatValue(v[0], v[1]) : ''));
  check(JSON.stringify(c.column) === JSON.stringify(want),
    `${what}: the move list gives dark's values ${JSON.stringify(c.column.slice(0, 8))} want ${JSON.stringify(want.slice(0, 8))}`);
  check(!/~\s/.test(c.page), `${what}: no space after a tilde`);

  // The horizon: the estimate line ends where the exact one starts, at the same position's
  // exact value; no estimate segment reaches past it.
  if (horizon) {
    const move = game.annotation.moves[horizon.step].number;
    check(c.horizon === `exact from move ${move} \u25b8` || c.horizon === `exact from move ${move}`,
      `${what}: the horizon is labelled (${c.horizon})`);
    const xAt = (k) => L + (k * W) / game.annotation.moves.length;
    const yAt = (v) => T + H / 2 - (v * H) / 2 / c.top;
    check(Math.abs(c.exact[0] - xAt(horizon.step)) < 0.2 && Math.abs(c.exact[1] - yAt(horizon.exact)) < 0.2 &&
      Math.abs(c.start - yAt(horizon.exact)) < 0.2, `${what}: the exact line starts at the horizon's exact value`);
    const past = [];
    for (let k = 0; k + 1 < c.estimate.length; k += 2) if (c.estimate[k] > xAt(horizon.step) + 0.2) past.push(c.estimate[k]);
    check(past.length === 0, `${what}: no estimate segment past the horizon (${past.join(' ')})`);
  }
}

function expectedRows(game, step) {
  const moves = game.annotation.moves.slice(0, step).map((m) => m.move).join(' ');
  const args = ['show', '--json', '--size', String(game.rules.size)];
  if (moves) args.push('--moves', moves);
  return JSON.parse(reversi(args)).rows;
}

const { tab: page, errors, requests, close } = await openChromium();
try {

  const url = 'file://' + reportFile;
  await page.goto(url);
  const rows = await page.$$eval('#games tbody tr', (trs) => trs.length);
  check(rows === 3, `index has a row per game (${rows})`);
  check(!(await page.isVisible('#game')), 'the index shows first');

  async function boardRows(size) {
    const discs = await page.$$eval('#board .sq', (els) => els.map((e) => e.dataset.disc));
    const out = [];
    for (let r = 0; r < size; r++) out.push(discs.slice(r * size, (r + 1) * size).join(''));
    return out;
  }
  async function expectBoard(game, step, what) {
    const shown = Number(await page.getAttribute('#game', 'data-step'));
    const want = expectedRows(game, step);
    const got = await boardRows(game.rules.size);
    const ok = shown === step && JSON.stringify(got) === JSON.stringify(want);
    check(ok, `${what}: step ${shown} (want ${step}) board ${JSON.stringify(got)} want ${JSON.stringify(want)}`);
    const count = (s) => want.join('').split(s).length - 1;
    const dark = Number(await page.textContent('#dark-count'));
    const light = Number(await page.textContent('#light-count'));
    check(dark === count('X') && light === count('O'), `${what}: disc counts ${dark}-${light}`);
  }

  for (let i = 0; i < games.length; i++) {
    const game = games[i];
    const steps = game.annotation.moves.length;
    await page.click(`#games a[href="#game-${i + 1}"]`);
    await page.waitForSelector('#board');
    check(await page.isVisible('#chart'), `game ${i + 1}: the value chart is drawn`);
    await checkChart(page, game, `game ${i + 1} chart`);
    await expectBoard(game, 0, `game ${i + 1} opened`);
    for (let k = 1; k <= steps; k++) {
      await page.keyboard.press('ArrowRight');
      await expectBoard(game, k, `game ${i + 1} forward`);
    }
    await page.keyboard.press('ArrowRight');  // past the end: stays
    await expectBoard(game, steps, `game ${i + 1} past the end`);
    const back = Math.min(steps, 12);
    for (let k = steps - 1; k >= steps - back; k--) {
      await page.keyboard.press('ArrowLeft');
      await expectBoard(game, k, `game ${i + 1} back`);
    }
    await page.keyboard.press('Home');
    await expectBoard(game, 0, `game ${i + 1} Home`);
    await page.keyboard.press('End');
    await expectBoard(game, steps, `game ${i + 1} End`);
    const middle = Math.floor(steps / 2);
    await page.click(`#moves tr[data-step="${middle}"]`);
    await expectBoard(game, middle, `game ${i + 1} move list click`);
    await page.click('#back');
    await expectBoard(game, middle - 1, `game ${i + 1} back button`);
    await page.goto(url + '#index');
    await page.waitForSelector('#games', { state: 'visible' });
  }

  // A batch of 1,000 games (the three above, repeated) loads in under 2 s (best of three loads)
  // and its last game opens.
  const big = [];
  for (let k = 0; k < 1000; k++) big.push(jsonl[k % 3]);
  const bigFile = path.join(work, 'big.html');
  const t0 = Date.now();
  reversi(['report', '-o', bigFile, '-'], big.join('\n') + '\n');
  console.log(`report of 1000 games: ${Date.now() - t0} ms, ${fs.statSync(bigFile).size} bytes`);
  let best = Infinity;
  for (let run = 0; run < 3; run++) {
    await page.goto('about:blank');
    await page.goto('file://' + bigFile, { waitUntil: 'load' });
    const load = await page.evaluate(() => performance.getEntriesByType('navigation')[0].loadEventEnd);
    best = Math.min(best, load);
  }
  console.log(`1000-game report: load event after ${best.toFixed(0)} ms (best of 3)`);
  check(best < 2000, `the 1000-game report loads in under 2 s (${best.toFixed(0)} ms)`);
  check((await page.$$eval('#games tbody tr', (trs) => trs.length)) === 1000, '1000 index rows');
  await page.click('#games a[href="#game-1000"]');
  await page.waitForSelector('#board');
  await page.keyboard.press('End');
  await expectBoard(games[999 % 3], games[999 % 3].annotation.moves.length, 'game 1000 End');
  check((await page.$$('#board')).length === 1, 'one board in the page at a time');

  // The first game at its turning point, for the screenshot.
  await page.goto(url + '#index');
  await page.waitForSelector('#games', { state: 'visible' });
  await page.click('#games a[href="#game-1"]');
  await page.waitForSelector('#board');
  const turning = await page.$('#turning');
  check(turning !== null, 'game 1 names its turning point');
  if (turning) await turning.click();
  const tp = games[0].annotation.summary.turning_point;
  if (tp) await expectBoard(games[0], tp.move, 'turning point link');
  const shot = screenshot || path.join(work, 'report.png');
  await page.screenshot({ path: shot, fullPage: true });
  check(fs.statSync(shot).size > 10000, 'screenshot written: ' + shot);
  const close = chartShot || path.join(work, 'report-chart.png');
  await page.locator('.chart').screenshot({ path: close });
  check(fs.statSync(close).size > 5000, 'chart screenshot written: ' + close);
} finally {
  await close();
}
for (const e of errors) console.error(e);
check(errors.length === 0, `no console errors (${errors.length})`);
check(requests.length === 0, `no network requests (${requests.join(' ')})`);
fs.rmSync(work, { recursive: true, force: true });
finish();
