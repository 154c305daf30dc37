/**
 * Bench suite `web` (issue 6, Performance): what the production build costs a visitor, in headless Chromium.
 * - landing_js_gz_kb: every script the landing page `/` loads (until the network is idle), gzipped, and its
 *   inline scripts;
 * - app_first_screen_js_gz_kb: every script requested before /home shows its heading (timed in the page) for a
 *   returning signed-in user (signed in through /login and synced once in the same browser context, which
 *   keeps its session and local database; the service worker and its caches are cleared before);
 * - lighthouse_landing_performance / _accessibility: Lighthouse's mobile defaults against `/` (median of
 *   three runs for performance, which varies with the machine's load);
 * - lighthouse_home_signed_in_performance / _accessibility: the same against `/home` for a user with 90 days
 *   of history and a friend (user-history.ts), signed in through /login in Lighthouse's browser first; the
 *   service worker and its caches are then cleared, so the load is a returning user's with local data
 *   (session, IndexedDB) but no script cache.
 * The build measured is SPOTTER_WEB_DIST when set (a copy of dist/ made after `npm run build`), otherwise
 * a fresh `vite build` plus the landing prerender (what `npm run build` ships as index.html) into a temporary
 * directory (no service worker then: its registration 404s).
 * Owns: the emulator, the preview server, the browser and the temporary build (all removed at the end).
 */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { Emulator } from '../../supabase/emulator/src/start-emulator';
import { round, type BenchFigure } from '../figures';
import { describeLoads, firstScreenLoads, inlineScripts, recordScripts, totalKb } from './js-weight';
import { runLighthouse, type LighthouseOptions } from './lighthouse';
import { withServedApp } from './app-server';
import { createConfirmedUser, signIn } from './signed-in';
import { userWithHistory } from './user-history';

const CHROMIUM = process.env.CHROME_PATH || '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--no-first-run',
];
const LIGHTHOUSE_RUNS = 3;

async function landingScripts(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    const recorder = recordScripts(page);
    await page.goto(`${url}/`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    // Work deferred past the load event (service worker registration, the toast host) loads too.
    await page.waitForLoadState('networkidle');
    const loads = [...(await recorder.settle()), ...(await inlineScripts(page))];
    console.log(`landing: ${loads.length} scripts, largest:\n${describeLoads(loads)}`);
    return totalKb(loads);
  } finally {
    await context.close();
  }
}

/**
 * Leaves `page` as a user would and drops the service worker with its caches: the next visit downloads
 * its scripts, but keeps the session and the local database (a returning user without a script cache).
 */
async function leaveWithoutScriptCaches(context: BrowserContext, page: Page, url: string): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await page.goto('about:blank');
  await cdp.send('Storage.clearDataForOrigin', {
    origin: url,
    storageTypes: 'service_workers,cache_storage',
  });
  await page.close();
}

/**
 * The first signed-in screen of a returning device: signed in and synced once in this context (its
 * database holds the user's data, as on every later visit), then /home opened again with the service
 * worker and its caches cleared, so the scripts are downloaded, not served from the precache: the case
 * the figure is about (a returning user), whatever a device that has never synced does differently.
 */
async function firstScreenScripts(browser: Browser, url: string, emulator: Emulator): Promise<number> {
  const email = await createConfirmedUser(emulator);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const first = await context.newPage();
    await signIn(first, url, email);
    // The worker notes a completed sync in localStorage (src/db/storage-health/local-data-marker.ts).
    await first.waitForFunction(
      () => Object.keys(localStorage).some((key) => key.startsWith('spotter.local-data.')),
      undefined,
      { timeout: 60_000 },
    );
    await leaveWithoutScriptCaches(context, first, url);
    const page = await context.newPage();
    const loads = await firstScreenLoads(page, url);
    console.log(`first signed-in screen: ${loads.length} scripts, largest:\n${describeLoads(loads)}`);
    return totalKb(loads);
  } finally {
    await context.close();
  }
}

interface Scores {
  performance: number;
  accessibility: number;
}

async function lighthouseMedian(
  label: string,
  target: string,
  options: () => Promise<LighthouseOptions>,
): Promise<Scores> {
  const runs = [];
  for (let i = 0; i < LIGHTHOUSE_RUNS; i += 1) runs.push(await runLighthouse(target, await options()));
  const performance = runs.map((run) => run.performance).sort((a, b) => a - b);
  console.log(`lighthouse ${label} performance runs: ${performance.join(', ')}`);
  const shortfalls = new Set(runs.flatMap((run) => run.shortfalls));
  if (shortfalls.size > 0) console.log(`lighthouse audits below 1:\n  ${[...shortfalls].join('\n  ')}`);
  return {
    performance: performance[Math.floor(performance.length / 2)] ?? Number.NaN,
    accessibility: Math.min(...runs.map((run) => run.accessibility)),
  };
}

/** Signs a user with history in through Lighthouse's own browser, then drops the script caches. */
export function signedInWithHistory(url: string, emulator: Emulator): () => Promise<LighthouseOptions> {
  return async () => {
    const email = await userWithHistory(emulator);
    return {
      prepare: async (port) => {
        const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
        try {
          const context = browser.contexts()[0] ?? (await browser.newContext());
          const page = await context.newPage();
          await signIn(page, url, email);
          // The first pull has landed once today's plan shows; then leave the page as a user would.
          await page
            .getByText(/Full body|Strength|Cardio|Yoga|HIIT/)
            .first()
            .waitFor({ timeout: 60_000 });
          await leaveWithoutScriptCaches(context, page, url);
        } finally {
          await browser.close(); // connected over CDP: disconnects, Lighthouse's browser stays
        }
      },
    };
  };
}

export async function run(): Promise<BenchFigure[]> {
  return withServedApp(async ({ url, emulator }) => {
    const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
    let landing: number;
    let firstScreen: number;
    try {
      landing = await landingScripts(browser, url);
      firstScreen = await firstScreenScripts(browser, url, emulator);
    } finally {
      await browser.close(); // Lighthouse starts its own
    }
    const scores = await lighthouseMedian('landing', `${url}/`, () => Promise.resolve({}));
    const home = await lighthouseMedian('home signed in', `${url}/home`, signedInWithHistory(url, emulator));
    return [
      { name: 'landing_js_gz_kb', value: round(landing, 1), unit: 'KB', better: 'lower', target: 120 },
      {
        name: 'app_first_screen_js_gz_kb',
        value: round(firstScreen, 1),
        unit: 'KB',
        better: 'lower',
        target: 250,
      },
      {
        name: 'lighthouse_landing_performance',
        value: scores.performance,
        unit: 'score',
        better: 'higher',
        target: 0.95,
      },
      {
        name: 'lighthouse_landing_accessibility',
        value: scores.accessibility,
        unit: 'score',
        better: 'higher',
        target: 0.95,
      },
      {
        name: 'lighthouse_home_signed_in_performance',
        value: home.performance,
        unit: 'score',
        better: 'higher',
        target: 0.9,
      },
      {
        name: 'lighthouse_home_signed_in_accessibility',
        value: home.accessibility,
        unit: 'score',
        better: 'higher',
        target: 0.95,
      },
    ];
  });
}
