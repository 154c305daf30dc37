#!/usr/bin/env node
// Runs Vitest in two lanes at once: the e2e project in one process, every other project in another.
//
//   node scripts/test-lanes.mjs [vitest options]       (what `npm test` runs after the build)
//
// Why: Vitest puts a project whose files run one at a time (e2e: each file drives a Chromium, a production
// server and an emulator) in a group of its own that starts only when every other project is done, so on a
// 2-core machine the e2e files ran alone for half of `npm test` while the other core idled, and the unit,
// components and integration files ran before them with nothing beside. Two processes overlap the two:
// the other lane takes the cores the e2e file leaves (one worker on 2 cores: vitest.config.ts), the lanes
// are about even (~1,000 s each of CI's first run), and the run takes the longer lane instead of the sum
// (docs/decisions.md 42).
//
// Options pass to both lanes. `--project` picks the projects (all four without one) and so the lanes; with a
// single lane, a file filter or an option this script does not know, it runs one Vitest as given.
// `--outputFile.json=<path>` (CI's report) is written per lane, then merged into <path>. Each line of a
// lane's output starts with its name. The exit code is non-zero when either lane failed.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';

const ALL_PROJECTS = ['unit', 'components', 'integration', 'e2e'];
const LANE_OF = (project) => (project === 'e2e' ? 'e2e' : 'rest');
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

/** `projects` split into lanes, and each lane's Vitest arguments (its JSON report at `<path>.<lane>.json`). */
export function planLanes(argv) {
  const { projects, common, splittable } = parse(argv);
  const lanes = [...new Set(projects.map(LANE_OF))];
  if (!splittable || lanes.length < 2) return null;
  const jsonOption = common.find((arg) => arg.startsWith('--outputFile.json='));
  const jsonPath = jsonOption?.slice('--outputFile.json='.length);
  return {
    jsonPath,
    lanes: lanes.map((lane) => ({
      name: lane,
      args: [
        ...common.map((arg) => (arg === jsonOption ? `--outputFile.json=${jsonPath}.${lane}.json` : arg)),
        ...projects
          .filter((project) => LANE_OF(project) === lane)
          .flatMap((project) => ['--project', project]),
      ],
    })),
  };
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
  // The other lane sizes its workers to leave the e2e lane a core (vitest.config.ts).
  const codes = await Promise.all(
    plan.lanes.map((lane) => runLane(lane.name, lane.args, { ...process.env, E2E_LANE_BESIDE: '1' })),
  );
  if (plan.jsonPath)
    mergeReports(
      plan.lanes.map((lane) => `${plan.jsonPath}.${lane.name}.json`),
      plan.jsonPath,
    );
  for (const [i, lane] of plan.lanes.entries()) {
    console.log(`test-lanes: ${lane.name} ${codes[i] === 0 ? 'passed' : `failed (exit ${codes[i]})`}`);
  }
  process.exit(codes.some((code) => code !== 0) ? 1 : 0);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  await main(process.argv.slice(2));
