/**
 * `npm run bench [-- <suite> ...]`: runs the benchmark suites under bench/<suite>/index.ts (each exports
 * `run(): Promise<BenchFigure[]>`), prints a table per suite and writes bench/results/<suite>.json.
 * Figures are measured, never asserted: targets are printed beside them for the reader.
 */
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { formatTable, type BenchFigure } from './figures';

const benchDir = fileURLToPath(new URL('.', import.meta.url));
const available = readdirSync(benchDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(`${benchDir}${entry.name}/index.ts`))
  .map((entry) => entry.name)
  .sort();

const requested = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const unknown = requested.filter((name) => !available.includes(name));
if (unknown.length > 0) {
  console.error(
    `Unknown bench suite(s): ${unknown.join(', ')}. Available: ${available.join(', ') || 'none'}`,
  );
  process.exit(2);
}
const suites = requested.length > 0 ? requested : available;
if (suites.length === 0) {
  console.log('No benchmark suites yet (bench/<suite>/index.ts).');
  process.exit(0);
}

mkdirSync(`${benchDir}results`, { recursive: true });
let failed = false;
for (const suite of suites) {
  console.log(`\n# bench ${suite}`);
  try {
    const module = (await import(pathToFileURL(`${benchDir}${suite}/index.ts`).href)) as {
      run: () => Promise<BenchFigure[]>;
    };
    const figures = await module.run();
    writeFileSync(`${benchDir}results/${suite}.json`, `${JSON.stringify(figures, null, 2)}\n`);
    console.log(formatTable(figures));
    console.log(`written bench/results/${suite}.json`);
  } catch (error) {
    failed = true;
    console.error(`bench ${suite} failed:`, error);
  }
}
process.exit(failed ? 1 : 0);
