/**
 * `npx tsx bench/web/first-screen-profile.ts <dist>`: what the first signed-in screen's JavaScript is made of.
 * Loads /home for a signed-in user exactly as bench `web` counts it (same recorder, same stop point), then
 * splits each script's gzipped size over the source modules its source map names (by their share of the
 * minified bytes) and prints the scripts and the heaviest packages and modules. A reading aid for cuts,
 * not a figure: the bench's own total is the one that counts.
 * `<dist>` is a build made with `vite build --outDir <dist>` (source maps on, as vite.config.ts sets).
 * Owns: an emulator, a preview server and a browser, all stopped at the end.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { SourceMapConsumer } from 'source-map-js';
import { startEmulator } from '../../supabase/emulator/src/start-emulator';
import { firstScreenLoads, totalKb, type ScriptLoad } from './js-weight';
import { serve } from './app-server';
import { signedInState } from './signed-in';

/** Minified bytes per source module of one built file, from its source map. */
function bytesBySource(file: string): Map<string, number> {
  if (!existsSync(`${file}.map`)) return new Map([[`(no source map) ${path.basename(file)}`, 1]]);
  const code = readFileSync(file, 'utf8');
  const lines = code.split('\n');
  const consumer = new SourceMapConsumer(readFileSync(`${file}.map`, 'utf8'));
  const result = new Map<string, number>();
  let previous: { line: number; column: number; source: string } | null = null;
  const credit = (until: { line: number; column: number }) => {
    if (previous === null) return;
    const bytes =
      until.line === previous.line
        ? until.column - previous.column
        : (lines[previous.line - 1]?.length ?? 0) - previous.column;
    result.set(previous.source, (result.get(previous.source) ?? 0) + Math.max(0, bytes));
  };
  consumer.eachMapping((mapping) => {
    const at = { line: mapping.generatedLine, column: mapping.generatedColumn };
    credit(at);
    previous = mapping.source ? { ...at, source: mapping.source } : null;
  });
  credit({ line: lines.length + 1, column: 0 });
  return result;
}

function packageOf(source: string): string {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (match?.[1] !== undefined) return match[1];
  return source.replace(/^(?:\.\.\/)+/, '').replace(/\/[^/]+$/, '/');
}

async function main(): Promise<void> {
  const dist = path.resolve(process.argv[2] ?? 'dist');
  const emulator = await startEmulator({ port: 0, memory: true, autoconfirm: true });
  const { server, url } = await serve(dist, emulator);
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  let loads: ScriptLoad[];
  try {
    const storageState = await signedInState(browser, url, emulator);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, storageState });
    const page = await context.newPage();
    loads = await firstScreenLoads(page, url);
    await context.close();
  } finally {
    await browser.close();
    await server.close();
    await emulator.stop();
  }

  const packages = new Map<string, number>();
  const modules = new Map<string, number>();
  console.log(`first signed-in screen: ${loads.length} scripts, ${totalKb(loads).toFixed(1)} KB gzipped`);
  for (const load of [...loads].sort((a, b) => b.gzipBytes - a.gzipBytes)) {
    const file = path.join(dist, new URL(load.url).pathname);
    console.log(`  ${(load.gzipBytes / 1024).toFixed(1).padStart(6)} KB  ${new URL(load.url).pathname}`);
    const sources = bytesBySource(file);
    const total = [...sources.values()].reduce((sum, bytes) => sum + bytes, 0);
    const inside = [...sources].sort((a, b) => b[1] - a[1]).slice(0, 4);
    for (const [source, bytes] of inside)
      console.log(`          ${((bytes / Math.max(1, total)) * 100).toFixed(0).padStart(3)}%  ${source}`);
    for (const [source, bytes] of sources) {
      const share = total === 0 ? 0 : (bytes / total) * load.gzipBytes;
      packages.set(packageOf(source), (packages.get(packageOf(source)) ?? 0) + share);
      modules.set(source, (modules.get(source) ?? 0) + share);
    }
  }
  const top = (map: Map<string, number>, count: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, bytes]) => `  ${(bytes / 1024).toFixed(1).padStart(6)} KB  ${name}`)
      .join('\n');
  console.log(`\npackages (estimated gzip share):\n${top(packages, 40)}`);
  console.log(`\nmodules (estimated gzip share):\n${top(modules, 4000)}`);
}

await main();
