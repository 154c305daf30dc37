#!/usr/bin/env node
// Runs Vitest in two lanes at once: the e2e project in one, the other projects in parts that both lanes
// take from one queue.
//
//   node scripts/test-lanes.mjs [vitest options]       (what `npm test` runs after the build)
//
// Why: Vitest puts a project whose files run one at a time (e2e: each file drives a Chromium, a production
// server and an emulator) in a group of its own that starts only when every other project is done, so on a
// 2-core machine the e2e files ran alone for half of `npm test` while the other core idled. Two lanes
// overlap them: the e2e lane runs the e2e files while the other lane runs the rest with the cores the e2e
// file leaves (one worker on 2 cores). The rest is a queue of parts (the integration project in
// INTEGRATION_PARTS shards, then components, then unit: largest first, so the end is short parts), and the
// e2e lane takes parts from it once its e2e files are done, so neither lane ends long before the other
// (with the rest as one Vitest, CI's first run spent its last ~550 s on one worker: docs/decisions.md 42).
//
// Options pass to every part. `--project` picks the projects (all four without one) and so the lanes; with
// a single lane, a file filter or an option this script does not know, it runs one Vitest as given.
// `--outputFile.json=<path>` (CI's report) is written per part, then merged into <path>. Each line of a
// part's output starts with its name. The exit code is non-zero when any part failed.
// TEST_LANES_SHARED=<dir>: invocations given the same directory share the two lanes (scripts/lane-slots.mjs),
// each part waiting for a free one, e2e parts first; a single lane's projects then also run as parts. CI's
// shifted-clock runs use it to run at once, each with its own clock (.ci/run).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { laneSlots } from './lane-slots.mjs';

const ALL_PROJECTS = ['unit', 'components', 'integration', 'e2e'];
/** Parts at once: the e2e lane and the other (and with TEST_LANES_SHARED, across the invocations). */
const LANES = 2;
const LANE_OF = (project) => (project === 'e2e' ? 'e2e' : 'rest');
/** The queue's order: the largest parts first. */
const QUEUE_ORDER = ['integration', 'components', 'unit'];
/**
 * Shards of the integration project (`--shard`), so that the lanes end close together (with 4, CI's first
 * run spent its last ~2 minutes on one shard while the e2e lane idled); each repeats the project's global
 * set-up (a PGlite snapshot and a PostgreSQL template, about 10 s). Not with INTEGRATION_ONLY (a named file
 * or two).
 */
export const INTEGRATION_PARTS = 6;
/** Options without a value, and `--name=value` options, that both lanes can take as they are. */
const PASSABLE =
  /^--(reporter|outputFile(\.[a-z]+)?|bail|retry|silent|sequence\.[a-zA-Z.]+|testTimeout|hookTimeout)(=.*)?$/;

const vitest = (args, stdio, env = process.env) =>
  spawn(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...args], { stdio, env });

export function parse(argv) {
  const projects = [];
  const common = [];
  let splittable = true;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--project') projects.push(argv[++i]);
    else if (arg.startsWith('--project=')) projects.push(arg.slice('--project='.length));
    else if (PASSABLE.test(arg)) common.push(arg);
    else splittable = false; // a file filter or an option with a separate value: one Vitest, as given
  }
  return { projects: projects.length > 0 ? projects : ALL_PROJECTS, common, splittable };
}

/** Vitest's JSON reports of the lanes as one (the shape scripts/ci/summarize.mjs reads). */
export function mergeReports(paths, into) {
  const reports = paths.filter((p) => existsSync(p)).map((p) => JSON.parse(readFileSync(p, 'utf8')));
  if (reports.length === 0) return;
  const sum = (key) => reports.reduce((total, r) => total + (r[key] ?? 0), 0);
  const merged = { ...reports[0] };
  for (const key of Object.keys(merged)) if (key.startsWith('num')) merged[key] = sum(key);
  merged.startTime = Math.min(...reports.map((r) => r.startTime ?? Infinity));
  merged.success = reports.length === paths.length && reports.every((r) => r.success);
  merged.testResults = reports.flatMap((r) => r.testResults ?? []);
  writeFileSync(into, JSON.stringify(merged));
  for (const p of paths) rmSync(p, { force: true });
}

function runLane(name, args, env) {
  return new Promise((resolve) => {
    const child = vitest(args, ['ignore', 'pipe', 'pipe'], env);
    const prefix = `[${name}] `;
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => {
        (stream === child.stdout ? process.stdout : process.stderr).write(prefix + line + '\n');
      });
    }
    children.push(child);
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const children = [];

/**
 * The plan: the e2e part (run first by the e2e lane) and the queue of the other parts, each with its
 * Vitest arguments (its JSON report at `<path>.<part>.json`); null when one Vitest should run as given.
 */
export function planLanes(argv, env = process.env) {
  const { projects, common, splittable } = parse(argv);
  const lanes = new Set(projects.map(LANE_OF));
  // Sharing lanes with another invocation, even one lane's projects go as parts, to take turns with it.
  if (!splittable || (lanes.size < 2 && !env.TEST_LANES_SHARED)) return null;
  const jsonOption = common.find((arg) => arg.startsWith('--outputFile.json='));
  const jsonPath = jsonOption?.slice('--outputFile.json='.length);
  const part = (name, project, extra = []) => ({
    name,
    args: [
      ...common.map((arg) => (arg === jsonOption ? `--outputFile.json=${jsonPath}.${name}.json` : arg)),
      '--project',
      project,
      ...extra,
    ],
  });
  const queue = QUEUE_ORDER.filter((project) => projects.includes(project)).flatMap((project) =>
    project === 'integration' && !env.INTEGRATION_ONLY
      ? Array.from({ length: INTEGRATION_PARTS }, (_, i) =>
          part(`integration-${i + 1}of${INTEGRATION_PARTS}`, project, [
            `--shard=${i + 1}/${INTEGRATION_PARTS}`,
            '--passWithNoTests',
          ]),
        )
      : [part(project, project)],
  );
  return { jsonPath, e2e: projects.includes('e2e') ? part('e2e', 'e2e') : null, queue };
}

/**
 * Workers of a part (vitest.config.ts reads TEST_LANE_WORKERS): while the e2e files run, the cores they
 * leave (one on 2 cores); after, half the cores each, as both lanes then run parts.
 */
export function partWorkers(e2eRunning, cores = availableParallelism()) {
  return e2eRunning ? Math.max(1, cores - 1) : Math.max(1, Math.ceil(cores / 2));
}

async function main(argv) {
  const plan = planLanes(argv);
  if (plan === null) {
    const child = vitest(argv, 'inherit');
    child.on('close', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
    return;
  }
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      for (const child of children) child.kill(signal);
      process.exit(130);
    });
  }
  let e2eRunning = plan.e2e !== null;
  // Shared with another invocation (TEST_LANES_SHARED): every part first takes one of the two slots.
  const shared = process.env.TEST_LANES_SHARED ? laneSlots(process.env.TEST_LANES_SHARED, LANES) : null;
  const queue = [...plan.queue];
  const results = [];
  const run = async (part) => {
    const release = shared ? await shared.acquire(part.name) : () => {};
    try {
      const beside = shared ? shared.e2eRunning() && part.name !== 'e2e' : e2eRunning;
      const env = { ...process.env, TEST_LANE_WORKERS: String(partWorkers(beside)) };
      results.push({ name: part.name, code: await runLane(part.name, part.args, env) });
    } finally {
      release();
    }
  };
  const drain = async () => {
    for (let part = queue.shift(); part; part = queue.shift()) await run(part);
  };
  const e2eLane = async () => {
    if (plan.e2e !== null) await run(plan.e2e);
    e2eRunning = false;
    await drain();
  };
  await Promise.all([e2eLane(), drain()]);
  const parts = plan.e2e === null ? plan.queue : [plan.e2e, ...plan.queue];
  if (plan.jsonPath)
    mergeReports(
      parts.map((part) => `${plan.jsonPath}.${part.name}.json`),
      plan.jsonPath,
    );
  for (const { name, code } of results) {
    console.log(`test-lanes: ${name} ${code === 0 ? 'passed' : `failed (exit ${code})`}`);
  }
  process.exit(results.some(({ code }) => code !== 0) ? 1 : 0);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  await main(process.argv.slice(2));
