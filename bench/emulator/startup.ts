/**
 * Start-up time of the emulator on PGlite persisted to disk: from `startEmulator` until its first
 * answer to `GET /auth/v1/health` (listening is not enough to call it ready), with an empty data dir
 * (bootstrap, every migration and the seed) and again on that dir (nothing left to apply). Each round
 * uses a new temporary dir, stops what it started and deletes the dir. `measureStartPhases` splits a
 * start into the engine's phases for context.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openEngine } from '../../supabase/emulator/src/db/engine';
import { applySchema } from '../../supabase/emulator/src/db/migrate';
import { startEmulator, type Emulator } from '../../supabase/emulator/src/start-emulator';
import { withTimeout } from './fixtures';

export interface StartTimings {
  fresh: number[];
  existing: number[];
}

const START_TIMEOUT_MS = 60_000;

async function timedStart(dataDir: string): Promise<{ emulator: Emulator; ms: number }> {
  const started = performance.now();
  const emulator = await withTimeout(startEmulator({ port: 0, dataDir }), START_TIMEOUT_MS, 'startEmulator');
  try {
    const health = await fetch(`${emulator.url}/auth/v1/health`, {
      headers: { apikey: emulator.status.ANON_KEY },
    });
    await health.arrayBuffer();
    if (!health.ok) throw new Error(`health check answered ${health.status}`);
  } catch (error) {
    await emulator.stop();
    throw error;
  }
  return { emulator, ms: performance.now() - started };
}

export function tempDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'spotter-bench-emulator-'));
}

/**
 * Runs `rounds` fresh + existing start pairs. The last round's emulator (existing dir) is handed to
 * `keep` instead of being stopped, so the load figures run on the product's default set-up; `keep`
 * owns stopping it, and the dir is deleted afterwards either way.
 */
export async function measureStartup(
  rounds: number,
  keep: (emulator: Emulator) => Promise<void>,
): Promise<StartTimings> {
  const timings: StartTimings = { fresh: [], existing: [] };
  for (let round = 0; round < rounds; round++) {
    const dir = tempDataDir();
    try {
      const fresh = await timedStart(dir);
      timings.fresh.push(fresh.ms);
      await fresh.emulator.stop();
      const existing = await timedStart(dir);
      timings.existing.push(existing.ms);
      if (round === rounds - 1) {
        await keep(existing.emulator);
      } else {
        await existing.emulator.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return timings;
}

export interface StartPhases {
  /** PGlite creating an empty cluster in a new dir (its initdb). */
  initdbMs: number;
  /** Bootstrap, every migration and the seed on that empty cluster. */
  migrateMs: number;
  /** Opening the existing cluster again. */
  reopenMs: number;
  /** Checking that nothing is left to apply. */
  recheckMs: number;
}

/** Where a start goes, phase by phase, on the engine alone (no HTTP): explains the start-up figures. */
export async function measureStartPhases(): Promise<StartPhases> {
  const dir = tempDataDir();
  try {
    const dataDir = join(dir, 'pglite');
    let started = performance.now();
    const engine = await openEngine({ dataDir });
    const initdbMs = performance.now() - started;
    started = performance.now();
    try {
      await applySchema(engine, { seed: true });
    } finally {
      await engine.close();
    }
    const migrateMs = performance.now() - started;
    started = performance.now();
    const again = await openEngine({ dataDir });
    const reopenMs = performance.now() - started;
    started = performance.now();
    try {
      await applySchema(again, { seed: true });
    } finally {
      await again.close();
    }
    return { initdbMs, migrateMs, reopenMs, recheckMs: performance.now() - started };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
