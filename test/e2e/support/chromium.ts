// Where the system Chromium is and whether it is new enough: read by the test files (through browser.ts)
// and by the e2e global setup, which must not import Vitest's test API.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export const hasChromium = existsSync(CHROMIUM_PATH);

// The oldest Chromium these tests pass on. Debian's chromium 150 does not take Playwright 1.65's offline
// emulation into `navigator.onLine` (it stays true under `context.setOffline(true)`), so every offline
// journey fails on it; 156 (bookworm-security, December 2026) passes. `.ci/run` reads this line and
// upgrades an older system Chromium; test/e2e/global-setup.ts refuses to start on one.
export const MIN_CHROMIUM_MAJOR = 156;

/** The major version of the Chromium at CHROMIUM_PATH, or null when it cannot be read. */
export function chromiumMajor(): number | null {
  try {
    const out = execFileSync(CHROMIUM_PATH, ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const match = /(\d+)\.\d+\.\d+/.exec(out);
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}
