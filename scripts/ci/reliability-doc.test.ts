// @clock-sensitive: names each run's zone by its offset from UTC now
// docs/reliability.md and `.ci/run`'s header name the seeds CI runs: both are held to what `.ci/run` runs
// (scripts/ci/ci-runs.ts reads its `run` calls), so that neither names seeds CI no longer runs.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  clockInWords,
  parseCiRuns,
  readCiRuns,
  SEEDED_PROPERTIES,
  seedRange,
  seedsInWords,
  seedsOf,
} from './ci-runs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const runs = readCiRuns(root);
const doc = readFileSync(`${root}/docs/reliability.md`, 'utf8');
const script = readFileSync(`${root}/.ci/run`, 'utf8');
const header = script
  .split('\n')
  .filter((line) => line.startsWith('#'))
  .join('\n');

/** The table row of docs/reliability.md that names `file`. */
function rowNaming(file: string): string {
  const rows = doc.split('\n').filter((line) => line.startsWith('|') && line.includes(`\`${file}\``));
  expect(rows, `one row of docs/reliability.md names ${file}`).toHaveLength(1);
  return rows[0] as string;
}

describe('.ci/run as scripts/ci/ci-runs.ts reads it', () => {
  it('finds the three runs with their clocks', () => {
    expect(runs.map((run) => run.name)).toEqual(['today-utc', 'month-end-kiritimati', 'plus400d-honolulu']);
    expect(runs.map(clockInWords)).toEqual([
      'today in UTC',
      "on the month's last day at Kiritimati (UTC+14)",
      '400 days ahead at Honolulu (UTC−10)',
    ]);
  });

  it('reads a run split over lines, with its environment and command', () => {
    const [run] = parseCiRuns(
      'run x Pacific/Honolulu "$(scripts/ci/month-end-offset.sh Pacific/Honolulu)" \\\n' +
        '  env A=1 B=x,y \\\n  npx vitest run --project integration\n',
    );
    expect(run).toEqual({
      name: 'x',
      zone: 'Pacific/Honolulu',
      offset: '$(scripts/ci/month-end-offset.sh Pacific/Honolulu)',
      env: { A: '1', B: 'x,y' },
      command: ['npx', 'vitest', 'run', '--project', 'integration'],
    });
  });
});

describe.each(SEEDED_PROPERTIES)('the seeds of $file', (property) => {
  const perRun = runs.map((run) => seedsOf(run, property, root) ?? []);
  const all = perRun.flat();

  it('run once each across the runs, one consecutive range per run', () => {
    expect(new Set(all).size, 'no seed runs twice').toBe(all.length);
    for (const seeds of perRun) expect(() => seedRange(seeds)).not.toThrow();
  });

  it('are the ones docs/reliability.md names', () => {
    const words = seedsInWords(runs, property, root);
    expect(rowNaming(property.file), `its row says "(seeds in CI: ${words}…"`).toContain(
      `(seeds in CI: ${words}`,
    );
  });

  it("are the ones .ci/run's header names", () => {
    for (const seeds of perRun) {
      if (seeds.length > 0) expect(header).toContain(`seeds ${seedRange(seeds)}`);
    }
  });
});

it('the fault-injected property runs seeds 1-200 across the runs (issue 17)', () => {
  const fault = SEEDED_PROPERTIES.find((p) => p.prefix === 'FAULT_PROPERTY');
  if (fault === undefined) throw new Error('no fault property');
  const all = runs.flatMap((run) => seedsOf(run, fault, root) ?? []).sort((a, b) => a - b);
  expect(all).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
});
