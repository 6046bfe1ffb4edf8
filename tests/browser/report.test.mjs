// End-to-end test of `reversi report` in the system's headless Chromium (Debian's chromium,
// driven through the DevTools protocol by playwright-core; no browser is downloaded).
//
//   node report.test.mjs REVERSI_BINARY [SCREENSHOT.png]
//
// Annotates three games (two 8x8, one 6x6 with a pass), writes their report, opens it, steps
// through every game with the arrow keys (forward to the end, back twelve moves, Home, End),
// checks the board's DOM at every step against `reversi show --json --moves ...` for that
// prefix of the game, clicks the move list and the index, takes a screenshot and fails on any
// console error or page error. A report of 1,000 games must load in under 2 s.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const binary = path.resolve(process.argv[2] || 'build/reversi');
const screenshot = process.argv[3] ? path.resolve(process.argv[3]) : null;
const chromiumPath = process.env.CHROMIUM || '/usr/bin/chromium';
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'reversi-browser-'));

let passed = 0;
let failed = 0;
function check(ok, what) {
  if (ok) {
    passed++;
  } else {
    failed++;
    console.error('FAILED: ' + what);
  }
}

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
function expectedRows(game, step) {
  const moves = game.annotation.moves.slice(0, step).map((m) => m.move).join(' ');
  const args = ['show', '--json', '--size', String(game.rules.size)];
  if (moves) args.push('--moves', moves);
  return JSON.parse(reversi(args)).rows;
}

const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reversi-chromium-'));
const context = await chromium.launchPersistentContext(userDataDir, {
  executablePath: chromiumPath,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  viewport: { width: 1100, height: 900 },
});
const errors = [];
const requests = [];
try {
  const page = context.pages()[0] || (await context.newPage());
  page.on('console', (msg) => { if (msg.type() === 'error') errors.push('console: ' + msg.text()); });
  page.on('pageerror', (err) => errors.push('page error: ' + err.message));
  page.on('request', (req) => { if (!req.url().startsWith('file:')) requests.push(req.url()); });

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
} finally {
  await context.close();
  fs.rmSync(userDataDir, { recursive: true, force: true });
}
for (const e of errors) console.error(e);
check(errors.length === 0, `no console errors (${errors.length})`);
check(requests.length === 0, `no network requests (${requests.join(' ')})`);
fs.rmSync(work, { recursive: true, force: true });
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
