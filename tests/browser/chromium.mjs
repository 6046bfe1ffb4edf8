// The headless Chromium the browser tests share: Debian's chromium driven by playwright-core in
// a fresh profile, one tab that records console errors, page errors and any request that is not
// for a local file (the pages must need no network).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

export async function openChromium() {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reversi-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    viewport: { width: 1100, height: 900 },
  });
  const errors = [];
  const requests = [];
  const tab = context.pages()[0] || (await context.newPage());
  tab.on('console', (msg) => { if (msg.type() === 'error') errors.push('console: ' + msg.text()); });
  tab.on('pageerror', (err) => errors.push('page error: ' + err.message));
  tab.on('request', (req) => { if (!req.url().startsWith('file:')) requests.push(req.url()); });
  const close = async () => {
    await context.close();
    fs.rmSync(userDataDir, { recursive: true, force: true });
  };
  return { tab, errors, requests, close };
}

// The tests' tally: check(ok, what) counts and names each failure; finish() prints the counts
// and ends the process, with status 1 when anything failed.
export function checker() {
  let passed = 0;
  let failed = 0;
  const check = (ok, what) => {
    if (ok) {
      passed++;
    } else {
      failed++;
      console.error('FAILED: ' + what);
    }
  };
  const finish = () => {
    console.log(`${passed} passed, ${failed} failed`);
    process.exit(failed === 0 ? 0 : 1);
  };
  return { check, finish };
}
