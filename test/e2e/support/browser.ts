// Finds and launches the system Chromium for the end-to-end tests. Without one, the tests are skipped
// locally with a message, and fail in CI (where `.ci/run` installs Chromium).
import { CHROMIUM_ARGS, CHROMIUM_PATH, HEADLESS_SHELL_PATH, hasChromium } from './chromium.ts';
import { chromium, type Browser } from 'playwright-core';
import { describe } from 'vitest';

export { CHROMIUM_ARGS, CHROMIUM_PATH, hasChromium } from './chromium.ts';

const inCi = process.env.CI !== undefined && !['', '0', 'false'].includes(process.env.CI.toLowerCase());

if (!hasChromium) {
  const message = `No Chromium at ${CHROMIUM_PATH} (set CHROME_PATH, or install it: apt-get install chromium).`;
  if (inCi) throw new Error(`[e2e] ${message} End-to-end tests must run in CI.`);
  console.warn(`[e2e] ${message} Skipping the end-to-end tests.`);
}

/** `describe` that skips its tests when no Chromium is installed (never in CI: see above). */
export const describeInBrowser = describe.skipIf(!hasChromium);

/**
 * Chromium's headless shell, or with `full` the full browser (for the features only it has: the
 * notification permission prompt and notifications shown by the service worker).
 */
export function launchBrowser({ full = false }: { full?: boolean } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: full ? CHROMIUM_PATH : HEADLESS_SHELL_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
  });
}
