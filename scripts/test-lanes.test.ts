// @clock-independent: report times are fixed numbers, never compared with the clock
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mergeReports, planLanes } from './test-lanes.mjs';

describe('test-lanes', () => {
  it('runs e2e in a lane of its own and the other projects in another, with the options of both', () => {
    const plan = planLanes(['--reporter=default', '--reporter=json', '--outputFile.json=/r/today.json'])!;
    expect(plan.jsonPath).toBe('/r/today.json');
    expect(plan.lanes).toEqual([
      {
        name: 'rest',
        args: [
          '--reporter=default',
          '--reporter=json',
          '--outputFile.json=/r/today.json.rest.json',
          '--project',
          'unit',
          '--project',
          'components',
          '--project',
          'integration',
        ],
      },
      {
        name: 'e2e',
        args: [
          '--reporter=default',
          '--reporter=json',
          '--outputFile.json=/r/today.json.e2e.json',
          '--project',
          'e2e',
        ],
      },
    ]);
  });

  it('keeps the projects asked for, and runs one Vitest for one lane, a file filter or an unknown option', () => {
    const plan = planLanes(['--project', 'unit', '--project=e2e'])!;
    expect(plan.lanes.map((lane) => [lane.name, lane.args])).toEqual([
      ['rest', ['--project', 'unit']],
      ['e2e', ['--project', 'e2e']],
    ]);
    expect(planLanes(['--project', 'unit', '--project', 'integration'])).toBeNull();
    expect(planLanes(['test/e2e/home.test.ts'])).toBeNull();
    expect(planLanes(['-t', 'flex'])).toBeNull();
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
});
