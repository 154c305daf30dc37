// @clock-independent: report times are fixed numbers, never compared with the clock
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import SlowFirstSequencer, { SLOW_FILES } from '../test/support/slow-first-sequencer';
import { INTEGRATION_PARTS, mergeReports, partWorkers, planLanes } from './test-lanes.mjs';

describe('test-lanes', () => {
  it('runs e2e first in a lane of its own, and the other projects as a queue of parts, largest first', () => {
    const plan = planLanes(['--reporter=default', '--reporter=json', '--outputFile.json=/r/today.json'], {})!;
    expect(plan.jsonPath).toBe('/r/today.json');
    expect(plan.e2e).toEqual({
      name: 'e2e',
      args: [
        '--reporter=default',
        '--reporter=json',
        '--outputFile.json=/r/today.json.e2e.json',
        '--project',
        'e2e',
      ],
    });
    expect(plan.queue.map((part) => part.name)).toEqual([
      ...Array.from({ length: INTEGRATION_PARTS }, (_, i) => `integration-${i + 1}of${INTEGRATION_PARTS}`),
      'components',
      'unit',
    ]);
    expect(plan.queue[1]).toEqual({
      name: `integration-2of${INTEGRATION_PARTS}`,
      args: [
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=/r/today.json.integration-2of${INTEGRATION_PARTS}.json`,
        '--project',
        'integration',
        `--shard=2/${INTEGRATION_PARTS}`,
        '--passWithNoTests',
      ],
    });
  });

  it('keeps the projects asked for, and runs one Vitest for one lane, a file filter or an unknown option', () => {
    const plan = planLanes(['--project', 'unit', '--project=e2e'], {})!;
    expect(plan.e2e?.args).toEqual(['--project', 'e2e']);
    expect(plan.queue).toEqual([{ name: 'unit', args: ['--project', 'unit'] }]);
    expect(planLanes(['--project', 'unit', '--project', 'integration'], {})).toBeNull();
    expect(planLanes(['test/e2e/home.test.ts'], {})).toBeNull();
    expect(planLanes(['-t', 'flex'], {})).toBeNull();
  });

  it('splits even one lane into parts when it shares the lanes with another invocation', () => {
    const plan = planLanes(['--project', 'unit', '--project', 'integration'], {
      TEST_LANES_SHARED: '/tmp/x',
    })!;
    expect(plan.e2e).toBeNull();
    expect(plan.queue.map((part) => part.name)).toEqual([
      ...Array.from({ length: INTEGRATION_PARTS }, (_, i) => `integration-${i + 1}of${INTEGRATION_PARTS}`),
      'unit',
    ]);
  });

  it('does not shard the integration project when INTEGRATION_ONLY names its files', () => {
    const plan = planLanes(['--project', 'e2e', '--project', 'integration'], {
      INTEGRATION_ONLY: 'test/integration/sync/fault-convergence.test.ts',
    })!;
    expect(plan.queue).toEqual([{ name: 'integration', args: ['--project', 'integration'] }]);
  });

  it('gives a part the cores an e2e file leaves, and half of them once the e2e files are done', () => {
    expect(partWorkers(true, 2)).toBe(1);
    expect(partWorkers(false, 2)).toBe(1);
    expect(partWorkers(true, 8)).toBe(7);
    expect(partWorkers(false, 8)).toBe(4);
    expect(partWorkers(false, 1)).toBe(1);
  });

  it('merges the lanes’ JSON reports into the one CI reads', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lanes-'));
    const report = (passed: number, failed: number, start: number) => ({
      numTotalTests: passed + failed,
      numPassedTests: passed,
      numFailedTests: failed,
      numPendingTests: 0,
      startTime: start,
      success: failed === 0,
      testResults: [
        { name: `file-${start}`, status: failed ? 'failed' : 'passed', startTime: start, endTime: start + 5 },
      ],
    });
    writeFileSync(join(dir, 'r.json.rest.json'), JSON.stringify(report(10, 0, 200)));
    writeFileSync(join(dir, 'r.json.e2e.json'), JSON.stringify(report(3, 1, 100)));
    mergeReports([join(dir, 'r.json.rest.json'), join(dir, 'r.json.e2e.json')], join(dir, 'r.json'));
    const merged = JSON.parse(readFileSync(join(dir, 'r.json'), 'utf8')) as { testResults: unknown[] };
    expect(merged).toMatchObject({
      numTotalTests: 14,
      numPassedTests: 13,
      numFailedTests: 1,
      startTime: 100,
      success: false,
    });
    expect(merged.testResults).toHaveLength(2);
    expect(existsSync(join(dir, 'r.json.e2e.json'))).toBe(false);
  });

  it('shards files so that each part gets its share of the slow ones, every file in exactly one part', async () => {
    const names = [
      ...['z', 'a', 'm', 'b', 'q', 'c'].map((n) => `test/integration/x/${n}.test.ts`),
      ...SLOW_FILES,
    ];
    const specs = names.map(
      (name) =>
        ({ moduleId: `/repo/${name}`, project: { name: 'integration' } }) as unknown as TestSpecification,
    );
    const shards = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        new SlowFirstSequencer({ config: { shard: { index: i + 1, count: 4 } } } as unknown as Vitest).shard(
          [...specs].reverse(),
        ),
      ),
    );
    const ids = shards.map((shard) => shard.map((spec) => spec.moduleId.replace('/repo/', '')));
    expect(ids.flat().sort()).toEqual([...names].sort());
    // The four slowest files, one to a part.
    expect(ids.map((part) => part[0])).toEqual(SLOW_FILES.slice(0, 4));
  });
});
