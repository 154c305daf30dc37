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
