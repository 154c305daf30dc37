/**
 * A profiling run of the `sync` bench (not a suite: `npx tsx bench/sync/profile.ts [initial|cross|write|offline]
 * [--trace]`). Same page, emulator and browser set-up as index.ts, unminified; prints the page's and
 * the workers' console lines with their time, and with `--trace` records a Chrome trace with V8 CPU
 * samples of the chosen phase and prints the functions with the most self time per thread.
 * Owns the same resources as index.ts and removes them at the end.
 */
import type { Browser, Page } from 'playwright-core';
import { benchDay, spreadDay } from '../dates';
import { percentile } from '../figures';
import { call, CROSS_WRITE_INTERVAL_MS, openDevice, paced, startBenchBackend } from './index';

const phase = process.argv[2] ?? 'initial';
const trace = process.argv.includes('--trace');
const ROWS = Number(process.env.ROWS ?? 10_000);

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  args?: { data?: { cpuProfile?: CpuProfileChunk; timeDeltas?: number[] }; name?: string };
  id?: string;
}
interface CpuProfileChunk {
  nodes?: {
    id: number;
    callFrame: { functionName?: string; url?: string; lineNumber?: number };
    parent?: number;
  }[];
  samples?: number[];
}

/** Self time per function from the trace's V8 ProfileChunk events, per profile (thread). */
function summarise(events: TraceEvent[]): void {
  const threadNames = new Map<string, string>();
  for (const e of events) {
    if (e.name === 'thread_name' && e.args?.name) threadNames.set(`${e.pid}:${e.tid}`, e.args.name);
  }
  const profiles = new Map<
    string,
    { nodes: Map<number, string>; parents: Map<number, number>; self: Map<number, number>; thread: string }
  >();
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || !e.id) continue;
    let p = profiles.get(e.id);
    if (!p) {
      p = {
        nodes: new Map(),
        parents: new Map(),
        self: new Map(),
        thread: threadNames.get(`${e.pid}:${e.tid}`) ?? `${e.tid}`,
      };
      profiles.set(e.id, p);
    }
    const chunk = e.args?.data?.cpuProfile;
    for (const n of chunk?.nodes ?? []) {
      const f = n.callFrame;
      const file = (f.url ?? '').split('/').pop() ?? '';
      p.nodes.set(n.id, `${f.functionName || '(anon)'} ${file}:${(f.lineNumber ?? -1) + 1}`);
      if (n.parent !== undefined) p.parents.set(n.id, n.parent);
    }
    const deltas = e.args?.data?.timeDeltas ?? [];
    (chunk?.samples ?? []).forEach((id, i) => {
      p.self.set(id, (p.self.get(id) ?? 0) + (deltas[i + 1] ?? deltas[i] ?? 0));
    });
  }
  for (const [id, p] of profiles) {
    const byName = new Map<string, number>();
    let total = 0;
    for (const [node, us] of p.self) {
      const name = p.nodes.get(node) ?? `#${node}`;
      byName.set(name, (byName.get(name) ?? 0) + us);
      total += us;
    }
    const idle = byName.get('(idle) :0') ?? 0;
    console.log(
      `\n## profile ${id} (${p.thread}): ${(total / 1000).toFixed(0)} ms sampled, idle ${(idle / 1000).toFixed(0)} ms`,
    );
    const top = [...byName]
      .filter(([n]) => !n.startsWith('(idle)'))
      .sort((a, b) => b[1] - a[1])
      .slice(0, 40);
    for (const [name, us] of top) console.log(`${(us / 1000).toFixed(1).padStart(8)} ms  ${name}`);
    // CALLERS=<substring>: the stacks (6 frames up) that spent self time in matching functions.
    const wanted = process.env.CALLERS;
    if (!wanted) continue;
    const stacks = new Map<string, number>();
    for (const [node, us] of p.self) {
      if (!(p.nodes.get(node) ?? '').includes(wanted)) continue;
      const chain: string[] = [];
      let at: number | undefined = node;
      for (let i = 0; i < Number(process.env.DEPTH ?? 8) && at !== undefined; i++) {
        chain.push(p.nodes.get(at) ?? '?');
        at = p.parents.get(at);
      }
      const key = chain.join(' < ');
      stacks.set(key, (stacks.get(key) ?? 0) + us);
    }
    for (const [key, us] of [...stacks].sort((a, b) => b[1] - a[1]).slice(0, 12)) {
      console.log(`  ${(us / 1000).toFixed(1).padStart(8)} ms  ${key}`);
    }
  }
}

async function traced<T>(browser: Browser, page: Page, fn: () => Promise<T>): Promise<T> {
  if (!trace) return fn();
  await browser.startTracing(page, {
    categories: ['disabled-by-default-v8.cpu_profiler', 'v8.execute', '__metadata'],
  });
  const out = await fn();
  const buffer = await browser.stopTracing();
  const parsed = JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] };
  summarise(parsed.traceEvents);
  return out;
}

async function main(): Promise<void> {
  const backend = await startBenchBackend(ROWS, false);
  const { browser, session } = backend;
  try {
    const t0 = Date.now();
    const a = await openDevice(browser, backend.url);
    const log = (who: string) => (msg: { text(): string }) =>
      console.log(`[${who} +${Date.now() - t0}] ${msg.text()}`);
    a.page.on('console', log('A'));
    const opened = await traced(browser, a.page, () => call(a.page, 'open', { ...session, rows: ROWS }));
    console.log(
      `initial sync: ${opened.count} rows in ${opened.ms.toFixed(0)} ms (db ${opened.dbOpenMs.toFixed(0)}, worker ${opened.workerStartedMs.toFixed(0)}, first row ${opened.firstRowMs.toFixed(0)})`,
    );
    // ROUNDS=n: n-1 more new devices pull the same rows (warm server), for a less noisy minimum.
    for (let round = 1; round < Number(process.env.ROUNDS ?? 1); round++) {
      const c = await openDevice(browser, backend.url);
      const again = await call(c.page, 'open', { ...session, rows: ROWS });
      console.log(
        `initial sync (warm server) ${round}: ${again.ms.toFixed(0)} ms (db ${again.dbOpenMs.toFixed(0)}, worker ${again.workerStartedMs.toFixed(0)}, first row ${again.firstRowMs.toFixed(0)})`,
      );
      await call(c.page, 'close');
      await c.context.close();
    }
    if (phase === 'write') {
      const samples = await traced(browser, a.page, () => call(a.page, 'localWriteToUi', 40, benchDay(30)));
      console.log(
        `local write to ui: p50 ${percentile(samples, 50).toFixed(1)} p95 ${percentile(samples, 95).toFixed(1)}`,
        samples.map((s) => s.toFixed(1)).join(' '),
      );
    }
    if (phase === 'cross') {
      const b = await openDevice(browser, backend.url);
      b.page.on('console', log('B'));
      await call(b.page, 'open', { ...session, rows: ROWS });
      await b.page.waitForFunction(() => {
        const s = (
          globalThis as unknown as { bench: { status(): { state: string; realtime?: string } } }
        ).bench.status();
        return s.state === 'running' && s.realtime === 'subscribed';
      });
      const crossFirst = benchDay(90);
      await call(b.page, 'watch', crossFirst);
      const cross: number[] = [];
      await traced(browser, b.page, async () => {
        let previousWrite = 0;
        for (let i = 0; i < 30; i++) {
          await paced(previousWrite, CROSS_WRITE_INTERVAL_MS);
          previousWrite = Date.now();
          const written = await call(a.page, 'write', spreadDay(crossFirst, i), `cross ${i}`);
          const arrived = await call(b.page, 'arrival', written.id, 30_000);
          const acked = await call(a.page, 'acked', written.id, 30_000);
          cross.push(arrived - written.at);
          console.log(
            `cross ${i}: written ${written.at % 100000} arrival ${arrived - written.at} ms, ack ${acked - written.at} ms`,
          );
        }
      });
      console.log(`cross: p50 ${percentile(cross, 50)} p95 ${percentile(cross, 95)}`);
      await call(b.page, 'close');
    }
    if (phase === 'offline') {
      // 500 writes offline, then reconnect: the pending count over time until drained. One write
      // online first loads the commands' lazy input schemas (this page has no service worker).
      await call(a.page, 'write', benchDay(119), 'warm-up');
      await call(a.page, 'drained', 30_000);
      await a.context.setOffline(true);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await call(a.page, 'writeMany', 500, benchDay(120));
      const start = Date.now();
      await a.context.setOffline(false);
      await traced(browser, a.page, async () => {
        for (;;) {
          const left = await call(a.page, 'pending');
          console.log(`offline replay +${Date.now() - start} ms: ${left} pending`);
          if (left === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      });
    }
    await call(a.page, 'close');
  } finally {
    await backend.close(Boolean(process.env.KEEP));
  }
}

await main();
