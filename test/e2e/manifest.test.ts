// The installed app's manifest in Chromium (production build, no backend): Chrome's own installability
// check reports nothing missing, the manifest parses without errors, and its screenshots load at their
// declared sizes (the richer install dialog shows them).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH, describeInBrowser } from './support/browser';
import { watchPageProblems } from './support/page-problems';

describeInBrowser('web app manifest (production build)', () => {
  const baseUrl = inject('baseUrl');
  // A profile on disk: Chrome never offers to install from an incognito context (Playwright's
  // browser.newContext() is one; its installability check then answers "in-incognito").
  const profile = mkdtempSync(path.join(tmpdir(), 'spotter-install-'));
  let context: BrowserContext | undefined;

  beforeAll(async () => {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_ARGS,
      baseURL: baseUrl,
      locale: 'en-US',
      viewport: { width: 390, height: 844 },
    });
  });

  afterAll(async () => {
    await context?.close();
    rmSync(profile, { recursive: true, force: true });
  });

  it('is installable: no installability errors, a manifest without errors, screenshots that load', async () => {
    if (!context) throw new Error('no browser');
    const page = await context.newPage();
    const problems = watchPageProblems(page);
    await page.goto('/');
    // Installability needs the service worker in control of the page.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const cdp = await page.context().newCDPSession(page);

    const manifest = (await cdp.send('Page.getAppManifest')) as {
      url: string;
      errors: { message: string }[];
      data?: string;
    };
    expect(manifest.errors).toEqual([]);
    expect(manifest.url).toBe(`${baseUrl}/manifest.webmanifest`);

    let errors: { errorId: string }[] = [];
    await expect
      .poll(
        async () => {
          ({ installabilityErrors: errors } = await cdp.send('Page.getInstallabilityErrors'));
          return errors.map((e) => e.errorId);
        },
        { timeout: 15_000 },
      )
      .toEqual([]);

    const parsed = JSON.parse(manifest.data ?? '{}') as {
      screenshots: { src: string; sizes: string; form_factor: string }[];
    };
    expect(parsed.screenshots.length).toBeGreaterThanOrEqual(3);
    for (const shot of parsed.screenshots) {
      const size = await page.evaluate(async (src) => {
        const image = new Image();
        image.src = src;
        await image.decode();
        return `${image.naturalWidth}x${image.naturalHeight}`;
      }, shot.src);
      expect(size, shot.src).toBe(shot.sizes);
    }
    expect(problems.list(), 'console errors or failed requests').toEqual([]);
  });
});
