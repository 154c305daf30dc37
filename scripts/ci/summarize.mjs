// Prints one line per CI run from its vitest JSON report, then the totals as the plain closing line
// ("N passed, N failed") that CI tooling reads. Usage: node summarize.mjs <dir> <run names...>
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

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
  console.log(
    `ci: ${run}: Test Files ${files - failedFiles} passed, ${failedFiles} failed; ` +
      `Tests ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${runSkipped} skipped`,
  );
  passed += report.numPassedTests;
  failed += report.numFailedTests + (report.success === false && report.numFailedTests === 0 ? 1 : 0);
  skipped += runSkipped;
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
