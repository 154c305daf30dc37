// Counts the JavaScript a page loads: every script response the page (not a worker or the service worker)
// receives, gzipped here at level 9 (vite preview serves files uncompressed; a static host would gzip them).
import { gzipSync } from 'node:zlib';
import type { Page, Response } from 'playwright-core';

export interface ScriptLoad {
  url: string;
  gzipBytes: number;
}

export interface ScriptRecorder {
  /** Stops counting requests that start from now on (responses already under way still count). */
  freeze(): void;
  /** Every script counted so far, once its body has arrived. */
  settle(): Promise<ScriptLoad[]>;
}

function isScript(response: Response): boolean {
  const type = response.request().resourceType();
  if (type === 'script') return true;
  // Module preloads (`<link rel="modulepreload">`) and dynamic imports can be typed "other" or "fetch".
  return /\.m?js(?:\?|$)/.test(new URL(response.url()).pathname);
}

/** Starts recording the scripts `page` loads (call before navigating). */
export function recordScripts(page: Page): ScriptRecorder {
  const counted = new Set<string>();
  const seen = new Set<string>();
  const bodies: Promise<ScriptLoad | null>[] = [];
  let frozen = false;
  page.on('request', (request) => {
    if (!frozen) counted.add(request.url());
  });
  page.on('response', (response) => {
    if (!isScript(response) || !counted.has(response.url()) || seen.has(response.url())) return;
    seen.add(response.url()); // a URL fetched twice (preload, then import) is one download
    bodies.push(
      response.body().then(
        (body) => ({ url: response.url(), gzipBytes: gzipSync(body, { level: 9 }).length }),
        () => null, // a response without a body (redirect, aborted) carried no script
      ),
    );
  });
  return {
    freeze() {
      frozen = true;
    },
    async settle() {
      const loads = await Promise.all(bodies);
      return loads.filter((load): load is ScriptLoad => load !== null);
    },
  };
}

/**
 * The page's inline scripts (code, not JSON data blocks), gzipped like the files: JavaScript the page loads
 * without a request, such as the static landing's boot script.
 */
export async function inlineScripts(page: Page): Promise<ScriptLoad[]> {
  const sources = await page.evaluate(() =>
    [...document.scripts]
      .filter((script) => script.src === '' && ['', 'text/javascript', 'module'].includes(script.type))
      .map((script) => script.text),
  );
  return sources.map((source, index) => ({
    url: `${page.url().replace(/[?#].*$/, '')}inline-script-${index + 1}`,
    gzipBytes: gzipSync(source, { level: 9 }).length,
  }));
}

export function totalKb(loads: readonly ScriptLoad[]): number {
  return loads.reduce((sum, load) => sum + load.gzipBytes, 0) / 1024;
}

/** The biggest downloads, for the reader of the bench output. */
export function describeLoads(loads: readonly ScriptLoad[], top = 8): string {
  return [...loads]
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .slice(0, top)
    .map((load) => `  ${(load.gzipBytes / 1024).toFixed(1).padStart(6)} KB  ${new URL(load.url).pathname}`)
    .join('\n');
}

/**
 * In the page, before its own scripts: the time (performance.now) the first visible h1 enters the DOM.
 * The heading is the first screen; noticing it from Node takes polling (Playwright's waitFor slows to
 * every 500 ms), in which work the app starts right after that screen (the sync worker, the overlays)
 * was requested and counted in some runs (297 or 484 KB for the same build). Text, not a function:
 * the TypeScript runner's name helpers do not exist in the page. Pass to `page.addInitScript`.
 */
const markFirstHeading = `(() => {
  performance.setResourceTimingBufferSize(2000);
  // Visible ones only: the HTML of / (the static landing, also the app's fallback page) has a hidden h1.
  const visible = () => [...document.querySelectorAll('h1')].some((h) => h.checkVisibility());
  const observer = new MutationObserver(() => {
    if (window.__firstHeadingAt === undefined && visible()) {
      window.__firstHeadingAt = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true });
})();`;

/** The URLs the page had requested when its first h1 appeared, and every URL it requested at all. */
async function scriptsBeforeHeading(page: Page): Promise<{ before: Set<string>; all: Set<string> }> {
  const { before, all } = await page.evaluate(() => {
    const at = (window as unknown as { __firstHeadingAt?: number }).__firstHeadingAt ?? Infinity;
    const entries = performance.getEntriesByType('resource');
    return {
      before: entries.filter((e) => e.startTime <= at).map((e) => e.name),
      all: entries.map((e) => e.name),
    };
  });
  return { before: new Set(before), all: new Set(all) };
}

/**
 * The loads of the first screen: those the page had requested when the heading appeared. A script the
 * page's resource timing does not list (none should be missing) counts, as before, if it was requested
 * before the heading was seen from here.
 */
function onFirstScreen(loads: ScriptLoad[], timing: { before: Set<string>; all: Set<string> }): ScriptLoad[] {
  return loads.filter((load) => timing.before.has(load.url) || !timing.all.has(load.url));
}

/**
 * The scripts of the first signed-in screen: opens `${url}/home` in `page` (a signed-in context) and
 * returns what was requested before its heading appeared. The one definition the bench and the profile
 * tool share.
 */
export async function firstScreenLoads(page: Page, url: string): Promise<ScriptLoad[]> {
  const recorder = recordScripts(page);
  await page.addInitScript(markFirstHeading);
  await page.goto(`${url}/home`);
  await page.getByRole('heading', { level: 1 }).waitFor({ timeout: 30_000 });
  recorder.freeze();
  return onFirstScreen(await recorder.settle(), await scriptsBeforeHeading(page));
}
