// A new data directory starts from the cached migrated cluster and still has the whole schema and seed.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { readCachedCluster } from '../../supabase/emulator/src/db/snapshot-cache';
import { startEmulator } from '../../supabase/emulator/src/start-emulator';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

// Two emulator starts (the first may migrate from empty when the cache is stale): a loaded CI machine once
// took over 30 s, the default budget.
it('starts fresh data directories from the cached migrated cluster', { timeout: 120_000 }, async () => {
  for (let round = 0; round < 2; round++) {
    const dir = mkdtempSync(join(tmpdir(), 'spotter-start-'));
    dirs.push(dir);
    const emulator = await startEmulator({ port: 0, dataDir: dir });
    try {
      const gyms = await emulator.engine.query<{ n: number }>('select count(*)::int as n from public.gyms');
      expect(gyms.rows[0]?.n).toBeGreaterThanOrEqual(60);
      const migrations = await emulator.engine.query(
        'select version from supabase_migrations.schema_migrations',
      );
      expect(migrations.rowCount).toBeGreaterThan(0);
      expect(existsSync(join(dir, 'status.json'))).toBe(true);
    } finally {
      await emulator.stop();
    }
    expect(await readCachedCluster()).not.toBeNull();
  }
});
