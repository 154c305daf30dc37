// Prints one line per CI run from its vitest JSON report, then the totals as the plain closing line
// ("N passed, N failed") that CI tooling reads. Each failed test is named with the first line of its
// error, because CI shows only the tail of the output. Usage: node summarize.mjs <dir> <run names...>
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

// The non-empty lines of an error, without colour codes.
function lines(message) {
  return (
    (message ?? '')
      // eslint-disable-next-line no-control-regex -- the escape character starts a colour code
      .replace(/\u001b\[[0-9;]*m/g, '')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l !== '')
  );
}

// The first line of an error, cut to keep the summary readable.
function firstLine(message) {
  return (lines(message)[0] ?? '(no message)').slice(0, 300);
}

// Lines of a seeded property's own account of a failure that the summary prints (see detail).
const PROPERTY_DETAIL_LINES = 45;

// What explains a failure beyond its first line, in a few lines: Playwright's call log (what it waited
// for, what got in the way: "- element intercepts pointer events") and the first frame in our code.
// A flaky failure in CI is seen once; without these it cannot be told apart from any other timeout.
function detail(message) {
  const all = lines(message);
  // A seeded property's failure (its message names the command that replays it) is explained by what it
  // prints after its first line: what still differed, the steps, the faults. A failure seen once in CI
  // cannot be replayed by timing, so its own account is all there is (fault-convergence seed 22, stop 28).
  if (all.some((l) => l.startsWith('replay: '))) {
    return all
      .slice(1, 1 + PROPERTY_DETAIL_LINES)
      .filter((l) => !l.startsWith('at '))
      .map((l) => `ci:       ${l.slice(0, 400)}`);
  }
  const log = all.filter((l) => l.startsWith('- ')).slice(-6);
  const frame = all.find(
    (l) => !l.includes('node_modules') && /^at .*\b(test|src|sync-worker|service-worker|supabase)\//.test(l),
  );
  return [...log, ...(frame ? [frame] : [])].map((l) => `ci:       ${l.slice(0, 240)}`);
}

const [dir, ...runs] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
for (const run of runs) {
  const file = join(dir, `${run}.json`);
  if (!existsSync(file)) {
    console.log(`ci: ${run}: no report (the run did not get as far as its tests)`);
    failed += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const files = report.testResults?.length ?? 0;
  const failedFiles = (report.testResults ?? []).filter((r) => r.status === 'failed').length;
  const runSkipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  // The tests' wall time: from Vitest's start to the last file's end (a build before it is not counted).
  const ends = (report.testResults ?? []).map((r) => r.endTime ?? 0);
  const seconds = ends.length > 0 && report.startTime ? (Math.max(...ends) - report.startTime) / 1000 : 0;
  console.log(
    `ci: ${run}: Test Files ${files - failedFiles} passed, ${failedFiles} failed; ` +
      `Tests ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${runSkipped} skipped; ` +
      `${seconds.toFixed(0)} s of tests`,
  );
  // The seeded properties: how many seeds ran, and how long the file took (issue 17 asks the log for both).
  for (const fileResult of report.testResults ?? []) {
    if (!/(fault-convergence|convergence-property|fuzz)\.test\.ts$/.test(fileResult.name)) continue;
    const seeds = (fileResult.assertionResults ?? []).filter((t) => /seed\b|SEED=\d/i.test(t.title));
    if (seeds.length === 0) continue;
    const seconds = ((fileResult.endTime ?? 0) - (fileResult.startTime ?? 0)) / 1000;
    console.log(
      `ci:   ${relative(process.cwd(), fileResult.name)}: ${seeds.filter((t) => t.status === 'passed').length} ` +
        `seeds passed, ${seeds.filter((t) => t.status === 'failed').length} failed, in ${seconds.toFixed(0)} s`,
    );
  }
  for (const fileResult of report.testResults ?? []) {
    const failures = (fileResult.assertionResults ?? []).filter((t) => t.status === 'failed');
    if (fileResult.status === 'failed' && failures.length === 0) {
      console.log(
        `ci:   FAILED ${relative(process.cwd(), fileResult.name)}: ${firstLine(fileResult.message)}`,
      );
    }
    for (const test of failures) {
      console.log(
        `ci:   FAILED ${relative(process.cwd(), fileResult.name)} > ${test.fullName}: ` +
          firstLine(test.failureMessages?.[0]),
      );
      for (const line of detail(test.failureMessages?.[0])) console.log(line);
    }
  }
  passed += report.numPassedTests;
  failed += report.numFailedTests + (report.success === false && report.numFailedTests === 0 ? 1 : 0);
  skipped += runSkipped;
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
