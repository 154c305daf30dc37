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

  for (const scheme of schemes) {
    for (const viewport of viewports) {
      for (const screen of screens) {
        const size = `${viewport.width}x${viewport.height}`;
        it(`${screen.name} in ${scheme} at ${size}`, async () => {
          // The colour scheme defaults to "system", so the emulated device preference decides.
          const { page } = await harness.openPage({ viewport, colorScheme: scheme, deviceScaleFactor: 1 });
          await page.goto(screen.path);
          await page.getByRole('heading', { level: 1 }).waitFor({ state: 'visible' });
          expect(await page.locator('html').getAttribute('data-mantine-color-scheme')).toBe(scheme);
          await page.screenshot({ path: `${outDir}${screen.name}-${scheme}-${size}.png`, fullPage: true });
          expect(await seriousAxeViolations(page)).toEqual([]);
        });
      }
    }
  }
});
