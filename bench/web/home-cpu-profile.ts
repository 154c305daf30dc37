/**
 * `npx tsx bench/web/home-cpu-profile.ts [dist]`: where the main thread's time goes while a signed-in user
 * with history (user-history.ts) opens /home in the production build. Records a V8 CPU profile of the
 * page from navigation until the heading shows and the page has been quiet for a moment, and prints the
 * heaviest functions by self time and the scripts they come from. A reading aid for the signed-in
 * Lighthouse figure, not a figure. `dist` defaults to dist/ (run `npm run build` first).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { startEmulator } from '../../supabase/emulator/src/start-emulator';
import { serve } from './app-server';
import { signedInState } from './signed-in';
import { userWithHistory } from './user-history';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const dist = path.resolve(process.argv[2] ?? 'dist');
const emulator = await startEmulator({ port: 0, memory: true, autoconfirm: true });
const { server, url } = await serve(dist, emulator);
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
try {
  const email = await userWithHistory(emulator);
  const state = await signedInState(browser, url, emulator, email);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, storageState: state });
  // A first visit fills IndexedDB (the first pull), as a returning user's device has it.
  const warm = await context.newPage();
  await warm.goto(`${url}/home`);
  await warm.getByRole('heading', { level: 1 }).waitFor({ timeout: 30_000 });
  await warm.waitForTimeout(5_000);
  await warm.close();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  // SPOTTER_CPU_THROTTLE=4: Lighthouse's mobile CPU slowdown, for tasks as long as the score sees them.
  const throttle = Number(process.env.SPOTTER_CPU_THROTTLE ?? 1);
  if (throttle > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const started = Date.now();
  await page.goto(`${url}/home`);
  await page.getByRole('heading', { level: 1 }).waitFor({ timeout: 30_000 });
  const heading = Date.now() - started;
  await page.waitForTimeout(3_000);
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
  // SPOTTER_CPU_PROFILE_OUT=<file>: the raw profile, for DevTools (Performance, load profile) or a script.
  if (process.env.SPOTTER_CPU_PROFILE_OUT)
    writeFileSync(process.env.SPOTTER_CPU_PROFILE_OUT, JSON.stringify(profile));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const byFunction = new Map<string, number>();
  const byScript = new Map<string, number>();
  for (const [id, micros] of self) {
    const frame = byId.get(id)?.callFrame;
    if (frame === undefined) continue;
    const script = frame.url === '' ? '(native)' : new URL(frame.url, url).pathname;
    const key = `${frame.functionName || '(anonymous)'} ${script}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + micros);
    byScript.set(script, (byScript.get(script) ?? 0) + micros);
  }
  const top = (map: Map<string, number>, n: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([key, micros]) => `  ${(micros / 1000).toFixed(1).padStart(8)} ms  ${key}`)
      .join('\n');
  console.log(`heading after ${heading} ms; main thread by script (self time):\n${top(byScript, 15)}`);
  console.log(`heaviest functions (self time):\n${top(byFunction, 40)}`);
} finally {
  await browser.close();
  await server.close();
  await emulator.stop();
}
