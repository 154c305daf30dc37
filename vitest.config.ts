import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig } from 'vitest/config';
import { clockSensitiveFiles } from './scripts/ci/clock-sensitive.ts';
import SlowFirstSequencer from './test/support/slow-first-sequencer.ts';
import viteConfig from './vite.config.ts';

// Four projects, one command (`npm test` runs all of them after a production build):
// - unit: pure and Node-side code, RxDB on fake-indexeddb
// - components: React components in jsdom with Testing Library
// - integration: real Postgres (PGlite and PostgreSQL 15), the emulator, the real supabase-js client
// - e2e: real Chromium (playwright-core) against the production build
//
// Workers: Vitest's default on a 2-core machine is one (cores - 1), which ran every file of `npm test`
// one after another. The unit, components and integration projects take at least two: integration files
// spend much of their time waiting on PostgreSQL and HTTP. The e2e files run one at a time (each drives
// a Chromium, a production server and an emulator).
// In lanes (scripts/test-lanes.mjs), each part of the other projects gets TEST_LANE_WORKERS: beside an e2e
// file, the cores it leaves (one on 2 cores), so that nothing waits on an oversubscribed CPU (components
// timed out at 20 s with three lanes on 2 cores); after the e2e files, half the cores each.
const laneWorkers = Number(process.env.TEST_LANE_WORKERS);
const WORKERS = laneWorkers >= 1 ? laneWorkers : Math.max(2, availableParallelism() - 1);
// E2E_WORKERS=2 runs two e2e files at once (each has its own emulator, server and Chromium on free ports).
const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 1));

// CI's run at +14 h (.ci/run) adds a slice of the integration project to its unit and e2e files, to use the
// worker the one-at-a-time e2e files leave idle: INTEGRATION_ONLY names those files (comma-separated).
const integrationOnly = process.env.INTEGRATION_ONLY?.split(',').filter((file) => file !== '');

// CI's shifted-clock runs (.ci/run) set CLOCK_SENSITIVE_ONLY=1: each project then runs only its files that
// touch time, those carrying a `// @clock-sensitive` line (scripts/ci/clock-sensitive.ts). The run at
// today's date in UTC runs them all.
const root = fileURLToPath(new URL('.', import.meta.url));
const clockSensitiveOnly = process.env.CLOCK_SENSITIVE_ONLY === '1';
const files = (globs: string[]): string[] => (clockSensitiveOnly ? clockSensitiveFiles(root, globs) : globs);

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      // The slowest files first, whatever project they are in (test/support/slow-first-sequencer.ts).
      sequence: { sequencer: SlowFirstSequencer },
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            maxWorkers: WORKERS,
            environment: 'node',
            include: files([
              'src/**/*.test.ts',
              'sync-worker/**/*.test.ts',
              'service-worker/**/*.test.ts',
              'scripts/**/*.test.ts',
              'bench/*.test.ts',
            ]),
            // One module graph per worker, as components: re-importing RxDB, rxjs and zod for every file
            // was half this project's time. Realm-wide state the files share is safe to share: RxDB's
            // plugins (open-database.ts waits out the migration plugin's check), fake-indexeddb (each
            // file's databases have names of their own and are removed after each test).
            isolate: false,
            setupFiles: ['test/setup/unit.ts'],
          },
        },
        {
          extends: true,
          test: {
            name: 'components',
            maxWorkers: WORKERS,
            environment: 'jsdom',
            include: files(['src/**/*.test.tsx']),
            // One module graph per worker, not one per file: importing React, Mantine, the router and
            // i18n again for every file was half the project's time (CPU 310 s of 2-core time against
            // 90; CI runs these files three times). jsdom, storage and the DOM are still fresh per file
            // (environment, test/setup/components.ts). A file that needs modules of its own (a module
            // mock, code that must not have loaded yet) resets them: `vi.hoisted(() => vi.resetModules())`.
            isolate: false,
            setupFiles: ['test/setup/components.ts'],
            // jsdom with user-event typing and real RxDB runs beside the Chromium and Postgres projects
            // in `npm test` on 2 cores: 5 s (the default) cut a keyboard test off at 5.4 s in CI.
            testTimeout: 20_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'integration',
            maxWorkers: WORKERS,
            environment: 'node',
            include: integrationOnly ?? files(['test/integration/**/*.test.ts', 'supabase/**/*.test.ts']),
            globalSetup: ['test/integration/global-setup.ts'],
            // One module graph per worker: each file importing the emulator, PGlite, RxDB and supabase-js
            // again was 43% of the project's CPU (test/integration/db: 251 s to 143 s). RxDB's dev-mode,
            // which is process-wide, is on from the start (test/setup/integration.ts).
            isolate: false,
            setupFiles: ['test/setup/integration.ts'],
            testTimeout: 30_000,
            hookTimeout: 180_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'e2e',
            environment: 'node',
            include: files(['test/e2e/**/*.test.ts']),
            globalSetup: ['test/e2e/global-setup.ts'],
            testTimeout: 60_000,
            hookTimeout: 120_000,
            fileParallelism: E2E_WORKERS > 1,
            maxWorkers: E2E_WORKERS,
          },
        },
      ],
    },
  }),
);
