/**
 * `SPOTTER_WEB_DIST=<dist> npx tsx bench/web/home-lighthouse-profile.ts`: why the signed-in /home scores
 * what it does. One Lighthouse run exactly as bench `web` makes it (index.ts), then the metrics, the long
 * main-thread tasks and their scripts, the time per script, and the request chain Lighthouse simulated.
 * A reading aid for lighthouse_home_signed_in_performance, not a figure. Without SPOTTER_WEB_DIST it builds
 * a temporary dist like the bench does.
 */
import { runLighthouse } from './lighthouse';
import { withServedApp } from './app-server';
import { signedInWithHistory } from './index';

interface Item {
  [key: string]: unknown;
}

function items(details: unknown): Item[] {
  const list = (details as { items?: Item[] } | undefined)?.items;
  return Array.isArray(list) ? list : [];
}

const short = (url: unknown) => String(url).replace(/^https?:\/\/[^/]+/, '');
const ms = (value: unknown) => `${Math.round(Number(value)).toString().padStart(6)} ms`;

await withServedApp(async ({ url, emulator }) => {
  const run = await runLighthouse(`${url}/home`, await signedInWithHistory(url, emulator)());
  const { audits } = run.lhr;
  console.log(`performance ${run.performance}, accessibility ${run.accessibility}`);
  for (const id of [
    'first-contentful-paint',
    'largest-contentful-paint',
    'total-blocking-time',
    'speed-index',
    'cumulative-layout-shift',
    'interactive',
  ])
    console.log(`  ${id}: ${audits[id]?.displayValue ?? '?'} (${audits[id]?.score ?? '?'})`);
  const metrics = items(audits.metrics?.details)[0] ?? {};
  console.log(
    `observed (unthrottled): FCP ${ms(metrics.observedFirstContentfulPaint)}, LCP ${ms(metrics.observedLargestContentfulPaint)}, load ${ms(metrics.observedLoad)}`,
  );
  console.log('long tasks (simulated):');
  for (const task of items(audits['long-tasks']?.details).slice(0, 15))
    console.log(`  ${ms(task.startTime)} +${ms(task.duration)}  ${short(task.url)}`);
  console.log('main thread by script (bootup-time):');
  for (const script of items(audits['bootup-time']?.details).slice(0, 12))
    console.log(`  ${ms(script.total)} (script ${ms(script.scripting)})  ${short(script.url)}`);
  console.log('main thread by kind:');
  for (const group of items(audits['mainthread-work-breakdown']?.details))
    console.log(`  ${ms(group.duration)}  ${String(group.groupLabel ?? group.group)}`);
  const requests = items(audits['network-requests']?.details);
  console.log(`${requests.length} requests; the last to finish:`);
  for (const request of [...requests]
    .sort((a, b) => Number(b.networkEndTime) - Number(a.networkEndTime))
    .slice(0, 10))
    console.log(`  ${ms(request.networkEndTime)}  ${short(request.url)}`);
  const lcp = items(audits['largest-contentful-paint-element']?.details);
  console.log('LCP element and phases:', JSON.stringify(lcp, null, 1).slice(0, 1500));
  console.log(
    'critical chain longest:',
    JSON.stringify(
      audits['critical-request-chains']?.details
        ? (audits['critical-request-chains'].details as { longestChain?: unknown }).longestChain
        : null,
    ),
  );
});
