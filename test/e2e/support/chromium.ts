// Where the system Chromium is and whether it is new enough: read by the test files (through browser.ts)
// and by the e2e global setup, which must not import Vitest's test API.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** The full browser: for what only it has (installability, the notification permission and display). */
export const CHROMIUM_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';

/**
 * The browser most e2e files run in: Chromium's headless shell (Debian's chromium-headless-shell, the build
 * Playwright itself runs headless), the same Blink and V8 as CHROMIUM_PATH without the full browser's
 * shell around them. Measured over the whole e2e project on 2 cores (docs/performance-log.md): 27% less CPU
 * (1,468 against 2,004 CPU-s) and 15% less time (1,043 against 1,231 s), which CI's run spends beside the
 * integration files. An explicit CHROME_PATH is used for every file; without the shell, the full browser.
 */
export const HEADLESS_SHELL_PATH =
  process.env.CHROME_PATH ||
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : CHROMIUM_PATH);

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

/** The major version of the Chromium at `executable`, or null when it cannot be read. */
export function chromiumMajor(executable = CHROMIUM_PATH): number | null {
  try {
    const out = execFileSync(executable, ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const match = /(\d+)\.\d+\.\d+/.exec(out);
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}
