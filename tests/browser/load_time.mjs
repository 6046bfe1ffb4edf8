// How fast a report loads in the system's headless Chromium (not a test; for the figures in
// docs/report.md):  node load_time.mjs REPORT.html [GAME]
// Prints the page's own navigation timings (DOM ready, load), then the time to open one game's
// page (parse its data, build board, move list and chart) and to step through all its moves.
import path from 'node:path';
import { openChromium } from './chromium.mjs';

const report = path.resolve(process.argv[2]);
const game = Number(process.argv[3] || 1);
const { tab: page, errors, close } = await openChromium();
try {
  for (let run = 1; run <= 3; run++) {
    await page.goto('about:blank');
    const t0 = Date.now();
    await page.goto('file://' + report, { waitUntil: 'load' });
    const wall = Date.now() - t0;
    const nav = await page.evaluate(() => {
      const n = performance.getEntriesByType('navigation')[0];
      return { dom: n.domContentLoadedEventEnd, load: n.loadEventEnd, rows: document.querySelectorAll('#games tbody tr').length };
    });
    const open = await page.evaluate((g) => {
      const t = performance.now();
      location.hash = '#game-' + g;
      window.dispatchEvent(new HashChangeEvent('hashchange'));
      const opened = performance.now() - t;
      const moves = document.querySelectorAll('#moves tbody tr').length - 1;
      const t2 = performance.now();
      for (let k = 0; k < moves; k++) document.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight' }));
      return { opened, moves, stepped: performance.now() - t2 };
    }, game);
    console.log(`run ${run}: ${nav.rows} index rows; DOM ready ${nav.dom.toFixed(0)} ms, load ${nav.load.toFixed(0)} ms ` +
      `(wall ${wall} ms); game ${game} opened in ${open.opened.toFixed(1)} ms, ${open.moves} moves stepped in ${open.stepped.toFixed(1)} ms`);
  }
  if (errors.length) console.log('errors: ' + errors.join('; '));
} finally {
  await close();
}
