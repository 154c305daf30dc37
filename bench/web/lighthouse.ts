// Runs Lighthouse (npm `lighthouse`, its default mobile settings: emulated phone, simulated slow 4G and
// 4x CPU slowdown) against a URL in the system Chromium, started here with a throwaway profile.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import type Result from 'lighthouse/types/lhr/lhr.js';

export interface LighthouseScores {
  performance: number;
  accessibility: number;
  /** Audits below a full score in the two categories, for the reader. */
  shortfalls: string[];
  /** The whole report, for the profilers (home-lighthouse-profile.ts). */
  lhr: Result;
}

const CHROMIUM = process.env.CHROME_PATH || '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--remote-debugging-port=0',
];

/** Starts Chromium and resolves with its DevTools port (printed on stderr). */
function startChromium(profileDir: string): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(CHROMIUM, [...CHROMIUM_ARGS, `--user-data-dir=${profileDir}`, 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    // Its own process group: /usr/bin/chromium is a launcher script, so the browser is a grandchild.
    detached: true,
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`Chromium printed no DevTools port in 20 s: ${output}`));
    }, 20_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match?.[1] !== undefined) {
        clearTimeout(timer);
        resolve({ child, port: Number(match[1]) });
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited (${String(code)}) before DevTools listened: ${output}`));
    });
  });
}

async function stopChromium(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => {
    child.once('exit', resolve);
    setTimeout(resolve, 5_000);
  });
  if (child.pid === undefined) child.kill();
  else process.kill(-child.pid, 'SIGTERM'); // the whole group: launcher script and browser
  await exited;
}

export interface LighthouseOptions {
  /**
   * Runs in the fresh browser before Lighthouse, with its DevTools port (e.g. to sign a user in). When
   * given, Lighthouse keeps the origin's storage instead of clearing it, so what `prepare` left counts.
   */
  prepare?: (port: number) => Promise<void>;
}

export async function runLighthouse(url: string, options: LighthouseOptions = {}): Promise<LighthouseScores> {
  const profileDir = mkdtempSync(path.join(tmpdir(), 'spotter-lighthouse-'));
  const { child, port } = await startChromium(profileDir);
  try {
    await options.prepare?.(port);
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      disableStorageReset: options.prepare !== undefined,
    });
    if (result === undefined) throw new Error('Lighthouse returned no result');
    const { categories, audits } = result.lhr;
    const score = (id: string) => categories[id]?.score ?? Number.NaN;
    const shortfalls = Object.values(categories).flatMap((category) =>
      category.auditRefs
        .filter((ref) => ref.weight > 0)
        .map((ref) => audits[ref.id])
        .filter((audit) => audit !== undefined && audit.score !== null && audit.score < 1)
        .map(
          (audit) =>
            `${category.id}: ${audit?.id ?? '?'} ${audit?.displayValue ?? ''} (${audit?.score ?? ''})`,
        ),
    );
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      shortfalls,
      lhr: result.lhr,
    };
  } finally {
    await stopChromium(child);
    // Chromium can still be flushing its profile for a moment after it exits.
    try {
      rmSync(profileDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    } catch (error) {
      console.warn(`bench web: could not remove ${profileDir}:`, error);
    }
  }
}
