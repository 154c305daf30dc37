// Per-file browser, per-test context and page, and a problem check after every test: any console error or
// failed request fails the test that caused it.
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { launchBrowser } from './browser';
import { watchPageProblems } from './page-problems';

interface OpenPage {
  page: Page;
  problems: () => string[];
}

export interface BrowserHarness {
  readonly baseUrl: string;
  /** A page in a fresh context (English, 1280x800 unless overridden), watched for problems. */
  openPage: (options?: BrowserContextOptions) => Promise<OpenPage>;
}

export function useBrowser(): BrowserHarness {
  let browser: Browser | undefined;
  let contexts: { context: BrowserContext; problems: () => string[] }[] = [];
  const baseUrl = inject('baseUrl');

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  afterEach(async () => {
    const opened = contexts;
    contexts = [];
    const problems = opened.flatMap(({ problems: list }) => list());
    await Promise.all(opened.map(({ context }) => context.close()));
    expect(problems, 'console errors or failed requests').toEqual([]);
  });

  return {
    baseUrl,
    async openPage(options = {}) {
      if (browser === undefined) throw new Error('useBrowser(): the browser is not running');
      const context = await browser.newContext({
        baseURL: baseUrl,
        locale: 'en-US',
        viewport: { width: 1280, height: 800 },
        ...options,
      });
      const page = await context.newPage();
      const watcher = watchPageProblems(page);
      contexts.push({ context, problems: watcher.list });
      return { page, problems: watcher.list };
    },
  };
}
