/**
 * Once per `vitest run` of the integration project: a migrated, seeded PGlite snapshot on disk (each
 * test file starts from it in ~0.5 s instead of migrating again) and, where PostgreSQL is installed, a
 * PostgreSQL 15 server with a migrated template database that test files clone. Where Debian's
 * postgresql-15-cron is installed, that server preloads pg_cron for an empty database of its own
 * (PG_CRON_DB): pg_cron lives in one database, whose connection from its worker would stop the template
 * from being cloned, so the template schedules nothing and test/integration/db/reminders-cron.test.ts
 * migrates PG_CRON_DB from empty.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openEngine } from '../../supabase/emulator/src/db/engine';
import { applySchema } from '../../supabase/emulator/src/db/migrate';
import { pgCronAvailable, postgresAvailable, startPostgres } from '../support/postgres-server';

export const PG_TEMPLATE = 'spotter_template';
export const PG_CRON_DB = 'spotter_cron';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = mkdtempSync(join(tmpdir(), 'spotter-it-'));

  const pglite = await openEngine();
  await applySchema(pglite, { seed: true });
  const blob = await pglite.snapshot?.();
  await pglite.close();
  if (!blob) throw new Error('PGlite engine did not produce a snapshot');
  const snapshotPath = join(dir, 'pglite.tar');
  writeFileSync(snapshotPath, Buffer.from(await blob.arrayBuffer()));
  project.provide('pgliteSnapshot', snapshotPath);

  let stopPostgres: (() => Promise<void>) | null = null;
  if (postgresAvailable()) {
    if (process.env.CI && !pgCronAvailable())
      throw new Error('CI needs pg_cron for the integration tests (apt-get install postgresql-15-cron)');
    const server = await startPostgres({ cronDatabase: PG_CRON_DB });
    stopPostgres = () => server.stop();
    const admin = await openEngine({ databaseUrl: server.url });
    await admin.exec(`create database ${PG_TEMPLATE}`);
    if (server.cronDatabase) await admin.exec(`create database ${server.cronDatabase}`);
    await admin.close();
    const template = await openEngine({ databaseUrl: server.urlFor(PG_TEMPLATE) });
    await applySchema(template, { seed: true });
    await template.close();
    project.provide('pg15', {
      url: server.url,
      template: PG_TEMPLATE,
      urlTemplate: server.urlFor('{db}'),
      cronDatabase: server.cronDatabase,
    });
  } else {
    if (process.env.CI)
      throw new Error('CI needs PostgreSQL 15 for the integration tests (apt-get install postgresql)');
    console.warn('[integration] PostgreSQL is not installed: the PostgreSQL 15 runs are skipped.');
    project.provide('pg15', null);
  }

  return async () => {
    await stopPostgres?.();
    rmSync(dir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    pg15: {
      url: string;
      template: string;
      urlTemplate: string;
      /** The empty database pg_cron serves, or null when pg_cron is not installed here. */
      cronDatabase: string | null;
    } | null;
  }
}
