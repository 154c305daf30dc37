/**
 * supabase/schema.sql is generated from the migrations (`npm run db:schema`, pg_dump of PostgreSQL 15);
 * a migration added without regenerating it leaves a reader with an old schema. This generates it again on
 * the suite's PostgreSQL 15 server and compares (skipped where PostgreSQL is not installed; CI always has
 * it), and checks on PGlite that every function of the app's schemas is in it once, with its current body.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Engine } from '../../../supabase/emulator/src/db/engine';
import { generateSchemaSql, SCHEMA_FILE } from '../../../scripts/db-schema/generate';
import { openTestEngine } from '../../support/engines';

const pg15 = inject('pg15');
if (!pg15) console.warn('[schema.sql] PostgreSQL 15 is not installed: the staleness check is skipped.');

it.skipIf(!pg15)('supabase/schema.sql matches the migrations [postgres]', { timeout: 180_000 }, async () => {
  if (!pg15) return;
  const generated = await generateSchemaSql({
    url: pg15.url,
    urlFor: (database) => pg15.urlTemplate.replace('{db}', database),
  });
  expect(generated).toContain('CREATE FUNCTION public.get_feed(');
  expect(
    generated === readFileSync(SCHEMA_FILE, 'utf8'),
    'supabase/schema.sql is out of date: run npm run db:schema',
  ).toBe(true);
});

let opened: { engine: Engine; dispose(): Promise<void> } | null = null;
beforeAll(async () => {
  opened = await openTestEngine('pglite');
});
afterAll(async () => {
  await opened?.dispose();
});

it('every function of public, private and request_guard is in supabase/schema.sql once, with its current body', async () => {
  if (!opened) throw new Error('PGlite is not open');
  const { rows } = await opened.engine.query<{ name: string; schema: string; proname: string; body: string }>(
    `select n.nspname || '.' || p.proname || '(' || pg_catalog.pg_get_function_identity_arguments(p.oid) || ')' as name,
            n.nspname as schema, p.proname, p.prosrc as body
     from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace
     where n.nspname in ('public', 'private', 'request_guard')
     order by 1`,
  );
  expect(rows.length).toBeGreaterThan(80);
  const schemaSql = readFileSync(SCHEMA_FILE, 'utf8');
  const occurrences = (text: string) => schemaSql.split(text).length - 1;
  const misplaced = rows
    .map((row) => ({
      name: row.name,
      bodies: occurrences(row.body),
      definitions: occurrences(`CREATE FUNCTION ${row.schema}.${row.proname}(`),
      overloads: rows.filter((other) => other.schema === row.schema && other.proname === row.proname).length,
    }))
    .filter((row) => row.bodies !== 1 || row.definitions !== row.overloads);
  expect(
    misplaced,
    'each body once and one CREATE FUNCTION per overload (else run npm run db:schema)',
  ).toEqual([]);
});
