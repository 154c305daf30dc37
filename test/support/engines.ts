/**
 * Runs a test suite against both database engines the product supports: PGlite (embedded, the default)
 * and PostgreSQL 15 (what hosted Supabase runs). Each test file gets fresh databases cloned from the
 * snapshot and template that test/integration/global-setup.ts prepares.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { openEngine, type Engine, type Queryable } from '../../supabase/emulator/src/db/engine';
import { asRole } from '../../supabase/emulator/src/db/request-context';

export type EngineKind = 'pglite' | 'postgres';

export interface NewUser {
  id?: string;
  email?: string;
  username?: string;
  firstName?: string;
  metadata?: Record<string, unknown>;
}

export interface EngineContext {
  kind: EngineKind;
  /** The engine for this file (migrated and seeded). Available inside tests and hooks. */
  engine(): Engine;
  /** Inserts an auth user as GoTrue would (the profile trigger runs); returns its id. */
  createUser(user?: NewUser): Promise<string>;
  /** Runs `fn` in a transaction as that user (role authenticated) or as anon, with PostgREST's settings. */
  as<T>(who: string, fn: (tx: Queryable) => Promise<T>): Promise<T>;
}

type OpenedEngine = { engine: Engine; dispose(): Promise<void> };

/**
 * The engines a suite written for `engines` runs on. SAME_ENGINE_SUITES=postgres (or pglite) runs every
 * suite written for both engines on that one only; a suite written for one engine runs on it regardless.
 * CI's +400-day run sets it to postgres (.ci/run): engine parity is what run 1 proves, at today's clock,
 * and a clock shift moves both engines alike (libfaketime under Node, hence PGlite, and under the server),
 * so the shifted run asks only whether the SQL holds on other dates, on the engine hosted Supabase runs.
 */
export function enginesToRun(engines: readonly EngineKind[]): EngineKind[] {
  const only = process.env.SAME_ENGINE_SUITES;
  if (only === undefined || only === '' || engines.length < 2) return [...engines];
  if (only !== 'pglite' && only !== 'postgres') {
    throw new Error(`SAME_ENGINE_SUITES must be pglite or postgres, not ${only}`);
  }
  return engines.filter((kind) => kind === only);
}

/** Opens a fresh migrated engine of the given kind; `null` when that kind is unavailable here. */
export async function openTestEngine(kind: EngineKind): Promise<OpenedEngine | null> {
  if (kind === 'pglite') {
    const tar = readFileSync(inject('pgliteSnapshot'));
    const engine = await openEngine({ loadDataDir: new Blob([tar]) });
    return { engine, dispose: () => engine.close() };
  }
  return openPostgresDatabase('t', { fromTemplate: true });
}

/** A new database on the PostgreSQL 15 test server (a clone of the migrated template, or empty), dropped on dispose. */
async function openPostgresDatabase(
  prefix: string,
  { fromTemplate }: { fromTemplate: boolean },
): Promise<OpenedEngine | null> {
  const pg15 = inject('pg15');
  if (!pg15) return null;
  const name = `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = await openEngine({ databaseUrl: pg15.url });
  await admin.exec(`create database ${name}${fromTemplate ? ` template ${pg15.template}` : ''}`);
  const engine = await openEngine({ databaseUrl: pg15.urlTemplate.replace('{db}', name) });
  return {
    engine,
    async dispose() {
      await engine.close();
      await admin.exec(`drop database if exists ${name} with (force)`);
      await admin.close();
    },
  };
}

/**
 * Opens an empty database of the given kind (no bootstrap, no migration, no seed), for tests of what the
 * migrations alone produce; `null` when that kind is unavailable here. Slower than openTestEngine: the
 * caller migrates it.
 */
export async function openEmptyEngine(kind: EngineKind): Promise<OpenedEngine | null> {
  if (kind === 'pglite') {
    const engine = await openEngine();
    return { engine, dispose: () => engine.close() };
  }
  return openPostgresDatabase('e', { fromTemplate: false });
}

export async function insertAuthUser(db: Queryable, user: NewUser = {}): Promise<string> {
  const id = user.id ?? randomUUID();
  const email = user.email ?? `${id.slice(0, 8)}@example.test`;
  const metadata = {
    ...(user.username !== undefined ? { username: user.username } : {}),
    ...(user.firstName !== undefined ? { first_name: user.firstName } : {}),
    ...user.metadata,
  };
  await db.query(
    `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at,
       raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
     values ($1, 'authenticated', 'authenticated', $2, '', now(),
       '{"provider":"email","providers":["email"]}', $3, now(), now())`,
    [id, email, JSON.stringify(metadata)],
  );
  return id;
}

export function runAs<T>(
  engine: Engine,
  /** A user id, or 'anon' / 'service_role'. */
  who: string,
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  return engine.transaction(async (tx) => {
    if (who === 'anon' || who === 'service_role') {
      await asRole(tx, { role: who, claims: { role: who } });
    } else {
      await asRole(tx, { role: 'authenticated', claims: { sub: who, role: 'authenticated', aal: 'aal1' } });
    }
    return fn(tx);
  });
}

export function describeEachEngine(title: string, body: (ctx: EngineContext) => void): void {
  for (const kind of enginesToRun(['pglite', 'postgres'])) {
    const available = kind === 'pglite' || inject('pg15') !== null;
    describe.skipIf(!available)(`${title} [${kind}]`, () => {
      let current: { engine: Engine; dispose(): Promise<void> } | null = null;
      beforeAll(async () => {
        current = await openTestEngine(kind);
      });
      afterAll(async () => {
        await current?.dispose();
      });
      const engine = () => {
        if (!current) throw new Error(`${kind} engine is not open`);
        return current.engine;
      };
      body({
        kind,
        engine,
        createUser: (user) => insertAuthUser(engine(), user),
        as: (who, fn) => runAs(engine(), who, fn),
      });
    });
  }
}
