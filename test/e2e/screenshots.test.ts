// Screenshots of the public screens in light and dark, phone and desktop, for review
// (written to test/e2e/screenshots/, git-ignored), each also checked with axe-core. The signed-in pages
// are shot by test/e2e/screenshots-signed-in.test.ts (it needs the emulator and users).
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { beforeAll, expect, it } from 'vitest';
import { seriousAxeViolations } from './support/axe';
import { describeInBrowser } from './support/browser';
import { useBrowser } from './support/use-browser';

const outDir = fileURLToPath(new URL('./screenshots/', import.meta.url));

const screens = [
  { name: 'landing', path: '/' },
  { name: 'login', path: '/login' },
  { name: 'register', path: '/register' },
  { name: 'register-b', path: '/register?variant=b' },
  { name: 'reset-password', path: '/reset-password' },
  { name: 'impressum', path: '/impressum' },
  { name: 'datenschutz', path: '/datenschutz' },
  { name: 'terms', path: '/terms' },
  { name: 'not-found', path: '/no-such-page' },
] as const;
const viewports = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
] as const;
const schemes = ['light', 'dark'] as const;

describeInBrowser('screenshots of the public screens', () => {
  const harness = useBrowser();

  beforeAll(async () => {
    await mkdir(outDir, { recursive: true });
  });

  // One page per scheme and size, going from screen to screen: a fresh context per screen cost half a
  // second of each 2.5 (CI time, issue 32). This is also the public screens' axe check (landing.test.ts
  // checks their content).
  for (const scheme of schemes) {
    for (const viewport of viewports) {
      const size = `${viewport.width}x${viewport.height}`;
      it(`every public screen in ${scheme} at ${size}, with no serious axe violations`, async () => {
        // The colour scheme defaults to "system", so the emulated device preference decides.
        const { page } = await harness.openPage({ viewport, colorScheme: scheme, deviceScaleFactor: 1 });
        for (const screen of screens) {
          await page.goto(screen.path);
          await page.getByRole('heading', { level: 1 }).waitFor({ state: 'visible' });
          // /reset-password without a session settles on its notice; wait for it.
          if (screen.name === 'reset-password') await page.getByRole('alert').waitFor();
          expect(await page.locator('html').getAttribute('data-mantine-color-scheme'), screen.name).toBe(
            scheme,
          );
          await page.screenshot({ path: `${outDir}${screen.name}-${scheme}-${size}.png`, fullPage: true });
          expect(await seriousAxeViolations(page), screen.name).toEqual([]);
        }
      });
    }
  }
});
