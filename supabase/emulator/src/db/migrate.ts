/**
 * Brings a database to the product's schema: the bootstrap (what hosted Supabase provides), then every
 * migration in `supabase/migrations` in name order, each once (tracked in
 * `supabase_migrations.schema_migrations` like the Supabase CLI does), then `supabase/seed.sql` once per
 * content hash.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Engine } from './engine';

const supabaseDir = fileURLToPath(new URL('../../../', import.meta.url));
export const paths = {
  bootstrap: `${supabaseDir}emulator/sql/bootstrap.sql`,
  migrations: `${supabaseDir}migrations`,
  seed: `${supabaseDir}seed.sql`,
};

export interface ApplySchemaOptions {
  seed?: boolean;
  /** Called with each migration name once it is applied (and committed); awaited before the next one. */
  onApplied?: (name: string) => void | Promise<void>;
}

export interface AppliedSchema {
  applied: string[];
  seeded: boolean;
}

const MIGRATION_NAME = /^(\d{14})_([a-z0-9_]+)\.sql$/;

export async function listMigrations(): Promise<Array<{ version: string; name: string; file: string }>> {
  const files = (await readdir(paths.migrations).catch(() => [] as string[])).filter((f) =>
    f.endsWith('.sql'),
  );
  return files.sort().map((file) => {
    const match = MIGRATION_NAME.exec(file);
    if (!match?.[1] || !match[2]) {
      throw new Error(`Migration file name must be YYYYMMDDHHmmss_name.sql: ${file}`);
    }
    return { version: match[1], name: match[2], file: `${paths.migrations}/${file}` };
  });
}

export async function applySchema(engine: Engine, options: ApplySchemaOptions = {}): Promise<AppliedSchema> {
  // A database that recorded this exact schema (bootstrap, migrations and seed) needs none of them
  // again: one query instead of re-running the bootstrap and checking each migration and the seed.
  const withSeed = options.seed !== false;
  const fingerprint = withSeed ? await schemaFingerprint() : null;
  if (fingerprint !== null && (await recordedFingerprint(engine)) === fingerprint) {
    return { applied: [], seeded: false };
  }
  await engine.exec(await readFile(paths.bootstrap, 'utf8'));

  const done = new Set(
    (
      await engine.query<{ version: string }>('select version from supabase_migrations.schema_migrations')
    ).rows.map((row) => row.version),
  );
  const applied: string[] = [];
  for (const migration of await listMigrations()) {
    if (done.has(migration.version)) continue;
    const sql = await readFile(migration.file, 'utf8');
    try {
      await engine.transaction(async (tx) => {
        await tx.exec(sql);
        await tx.query(
          'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)',
          [migration.version, migration.name, [sql]],
        );
      });
    } catch (error) {
      throw new Error(
        `Migration ${migration.version}_${migration.name} failed: ${(error as Error).message}`,
        {
          cause: error,
        },
      );
    }
    applied.push(`${migration.version}_${migration.name}`);
    await options.onApplied?.(`${migration.version}_${migration.name}`);
  }

  let seeded = false;
  if (options.seed !== false) {
    const seedSql = await readFile(paths.seed, 'utf8').catch(() => null);
    if (seedSql !== null) {
      const hash = createHash('sha256').update(seedSql).digest('hex');
      const previous = await engine.query<{ hash: string }>(
        'select hash from supabase_migrations.seed_files where path = $1',
        ['seed.sql'],
      );
      if (previous.rows[0]?.hash !== hash) {
        await engine.transaction(async (tx) => {
          await tx.exec(seedSql);
          await tx.query(
            `insert into supabase_migrations.seed_files (path, hash) values ('seed.sql', $1)
             on conflict (path) do update set hash = excluded.hash`,
            [hash],
          );
        });
        seeded = true;
      }
    }
  }
  if (fingerprint !== null) await recordFingerprint(engine, fingerprint);
  return { applied, seeded };
}

/** What the last complete `applySchema` (with the seed) recorded; null when it never ran here. */
async function recordedFingerprint(engine: Engine): Promise<string | null> {
  try {
    const { rows } = await engine.query<{ value: string }>(
      `select value from supabase_migrations.emulator_state where key = 'schema_fingerprint'`,
    );
    return rows[0]?.value ?? null;
  } catch {
    return null; // no such table yet: a new database, or one from before the record existed
  }
}

async function recordFingerprint(engine: Engine, fingerprint: string): Promise<void> {
  await engine.exec(
    'create table if not exists supabase_migrations.emulator_state (key text primary key, value text not null)',
  );
  await engine.query(
    `insert into supabase_migrations.emulator_state (key, value) values ('schema_fingerprint', $1)
     on conflict (key) do update set value = excluded.value`,
    [fingerprint],
  );
}

/** A hash of everything applySchema reads, to key cached database snapshots. */
export async function schemaFingerprint(): Promise<string> {
  const hash = createHash('sha256');
  hash.update(await readFile(paths.bootstrap, 'utf8'));
  for (const migration of await listMigrations()) hash.update(await readFile(migration.file, 'utf8'));
  hash.update((await readFile(paths.seed, 'utf8').catch(() => '')) ?? '');
  return hash.digest('hex').slice(0, 16);
}
