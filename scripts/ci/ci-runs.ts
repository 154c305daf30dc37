// What `.ci/run` runs, read from the script itself: each `run <name> <zone> <offset> env … <command>` call,
// its environment, and the seeds of the seeded properties it runs. scripts/ci/reliability-doc.test.ts
// holds docs/reliability.md and the script's own header to it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isClockSensitive } from './clock-sensitive';

export interface CiRun {
  name: string;
  zone: string;
  /** libfaketime's offset (`+400d`), or the command that prints it (`$(scripts/ci/month-end-offset.sh …)`). */
  offset: string;
  env: Record<string, string>;
  /** The command after `env VAR=… …`. */
  command: string[];
}

/** A seeded property: its file and the prefix of its environment variables (test/support/seeded-random.ts). */
export interface SeededProperty {
  file: string;
  prefix: string;
}

export const SEEDED_PROPERTIES: readonly SeededProperty[] = [
  { file: 'test/integration/sync/convergence-property.test.ts', prefix: 'SYNC_PROPERTY' },
  { file: 'test/integration/sync/fault-convergence.test.ts', prefix: 'FAULT_PROPERTY' },
];

/** Splits a shell word list, keeping `"…"` and `'…'` (with `$(…)` inside) as one word without its quotes. */
function words(line: string): string[] {
  const out: string[] = [];
  const pattern = /"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+)/g;
  for (const match of line.matchAll(pattern)) out.push(match[1] ?? match[2] ?? match[3] ?? '');
  return out;
}

export function parseCiRuns(script: string): CiRun[] {
  const joined = script.replace(/\\\n\s*/g, ' ');
  const runs: CiRun[] = [];
  for (const line of joined.split('\n')) {
    if (!line.startsWith('run ')) continue;
    const [, name, zone, offset, ...rest] = words(line);
    if (name === undefined || zone === undefined || offset === undefined) continue;
    const env: Record<string, string> = {};
    let command = rest;
    if (command[0] === 'env') {
      command = command.slice(1);
      while (command[0] !== undefined && /^[A-Z_]+=/.test(command[0])) {
        const [key, ...value] = command[0].split('=');
        env[key as string] = value.join('=');
        command = command.slice(1);
      }
    }
    runs.push({ name, zone, offset, env, command });
  }
  return runs;
}

export function readCiRuns(root: string): CiRun[] {
  return parseCiRuns(readFileSync(join(root, '.ci/run'), 'utf8'));
}

/** Whether a run's command runs `file` of the integration project. */
export function runsIntegrationFile(run: CiRun, file: string, root: string): boolean {
  const command = run.command.join(' ');
  const allProjects = command.startsWith('npm test') || !command.includes('--project');
  if (!allProjects && !command.includes('--project integration')) return false;
  const only = run.env.INTEGRATION_ONLY?.split(',').filter((f) => f !== '');
  if (only !== undefined) return only.includes(file);
  if (run.env.CLOCK_SENSITIVE_ONLY === '1') return isClockSensitive(readFileSync(join(root, file), 'utf8'));
  return true;
}

/** The seeds of `property` a run runs, or null when it does not run the file. */
export function seedsOf(run: CiRun, property: SeededProperty, root: string): number[] | null {
  if (!runsIntegrationFile(run, property.file, root)) return null;
  const count = run.env[`${property.prefix}_SEEDS`];
  if (count === undefined) {
    throw new Error(
      `.ci/run: run '${run.name}' runs ${property.file} without ${property.prefix}_SEEDS (name its seeds)`,
    );
  }
  const first = Number(run.env[`${property.prefix}_FIRST_SEED`] ?? 1);
  return Array.from({ length: Number(count) }, (_, i) => first + i);
}

/** "1-15" for consecutive seeds. */
export function seedRange(seeds: readonly number[]): string {
  const first = seeds[0];
  const last = seeds[seeds.length - 1];
  if (first === undefined || last === undefined) return '';
  if (seeds.some((seed, i) => seed !== first + i))
    throw new Error(`seeds not consecutive: ${seeds.join(',')}`);
  return first === last ? `${first}` : `${first}-${last}`;
}

/** How a run's clock reads in prose: "today in UTC", "on the month's last day at Kiritimati (UTC+14)". */
export function clockInWords(run: CiRun): string {
  const day = run.offset.includes('month-end-offset.sh')
    ? "on the month's last day"
    : run.offset === '+0d'
      ? 'today'
      : /^\+(\d+)d$/.test(run.offset)
        ? `${run.offset.slice(1, -1)} days ahead`
        : `at ${run.offset}`;
  if (run.zone === 'UTC') return `${day} in UTC`;
  const city = (run.zone.split('/').pop() as string).replace(/_/g, ' ');
  const hours = zoneOffsetHours(run.zone);
  return `${day} at ${city} (UTC${hours >= 0 ? '+' : '−'}${Math.abs(hours)})`;
}

/** A zone's offset from UTC in hours, now. */
function zoneOffsetHours(zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(new Date())
    .find((part) => part.type === 'timeZoneName')?.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(parts ?? '');
  if (!match) return 0;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) + Number(match[3]) / 60);
}

/** "1-15 today in UTC, 41-48 400 days ahead at Honolulu (UTC−10)": a property's seeds per run, in order. */
export function seedsInWords(runs: readonly CiRun[], property: SeededProperty, root: string): string {
  return runs
    .flatMap((run) => {
      const seeds = seedsOf(run, property, root);
      return seeds === null || seeds.length === 0 ? [] : [`${seedRange(seeds)} ${clockInWords(run)}`];
    })
    .join(', ');
}
