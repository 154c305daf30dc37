// @clock-independent: it names the clock's APIs to look for them
// The shifted-clock runs of `.ci/run` find their files by a `// @clock-sensitive` line (clock-sensitive.ts).
// A unit, component or integration test file that reads the clock or the zone without that line would
// silently stop running under the shifted clocks: it fails here, unless a `// @clock-independent: <why>`
// line says the clock it reads cannot change its outcome (a timestamp only filling a row). The e2e files
// are left out: which of them run shifted too is a choice of cost (.ci/run's header names those that run
// once), each of them is a long journey.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CLOCK_SENSITIVE_MARKER, clockSensitiveFiles, filesMatching, globToRegExp } from './clock-sensitive';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Every test file of the unit, components and integration projects (vitest.config.ts). */
const TEST_FILES = [
  'src/**/*.test.ts',
  'src/**/*.test.tsx',
  'sync-worker/**/*.test.ts',
  'service-worker/**/*.test.ts',
  'scripts/**/*.test.ts',
  'bench/*.test.ts',
  'test/integration/**/*.test.ts',
  'supabase/**/*.test.ts',
];

/** What reads the clock or the machine's zone in a test file. */
const READS_THE_CLOCK =
  /new Date\(\)|Date\.now\(\)|setSystemTime|useFakeTimers|toLocale\w*String|Intl\.DateTimeFormat|getTimezoneOffset|\btodayIn\(|\bdayFromToday\(|\btoday\(/;
const CLOCK_INDEPENDENT = /^\/\/ @clock-independent: \S/m;

describe('the @clock-sensitive marker', () => {
  it('is found at the start of a line only', () => {
    expect(CLOCK_SENSITIVE_MARKER.test('// @clock-sensitive: streaks\nimport x;')).toBe(true);
    expect(CLOCK_SENSITIVE_MARKER.test('import x;\n// @clock-sensitive: late in the file')).toBe(true);
    expect(CLOCK_SENSITIVE_MARKER.test(' * see the // @clock-sensitive marker')).toBe(false);
    expect(CLOCK_SENSITIVE_MARKER.test('// @clock-sensitiveness')).toBe(false);
  });

  it('globs read as Vitest reads them', () => {
    expect(globToRegExp('src/**/*.test.ts').test('src/a.test.ts')).toBe(true);
    expect(globToRegExp('src/**/*.test.ts').test('src/a/b/c.test.ts')).toBe(true);
    expect(globToRegExp('src/**/*.test.ts').test('src/a.test.tsx')).toBe(false);
    expect(globToRegExp('bench/*.test.ts').test('bench/a/b.test.ts')).toBe(false);
  });

  it('every project keeps some files in the shifted-clock runs', () => {
    for (const glob of ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/integration/**/*.test.ts']) {
      expect(clockSensitiveFiles(root, [glob]).length, glob).toBeGreaterThan(0);
    }
    expect(clockSensitiveFiles(root, ['test/e2e/**/*.test.ts']).length).toBeGreaterThan(0);
  });

  it('is on every test file that reads the clock or the zone (or it says why the clock cannot matter)', () => {
    const files = filesMatching(root, TEST_FILES);
    expect(files.length).toBeGreaterThan(150);
    const unmarked = files.filter((file) => {
      const source = readFileSync(`${root}/${file}`, 'utf8');
      return (
        READS_THE_CLOCK.test(source) &&
        !CLOCK_SENSITIVE_MARKER.test(source) &&
        !CLOCK_INDEPENDENT.test(source)
      );
    });
    expect(unmarked, 'add `// @clock-sensitive: <what depends on it>` as their first line').toEqual([]);
  });
});
