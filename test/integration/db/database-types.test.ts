/**
 * src/db/database.types.ts is generated from the migrations (`npm run db:types`); a migration added
 * without regenerating it leaves every typed supabase-js call checked against an old schema. This
 * generates the types again, on PGlite (no PostgreSQL needed), and compares.
 */
import { readFileSync } from 'node:fs';
import { expect, inject, it } from 'vitest';
import { generateDatabaseTypes, TYPES_FILE } from '../../../scripts/db-types/generate';

it('src/db/database.types.ts matches the migrations', { timeout: 180_000 }, async () => {
  const snapshot = new Blob([readFileSync(inject('pgliteSnapshot'))]);
  const generated = await generateDatabaseTypes({ pgliteSnapshot: snapshot });
  const committed = readFileSync(TYPES_FILE, 'utf8');
  expect(generated.length, 'the generator produced the Database type').toBeGreaterThan(1000);
  expect(committed === generated, 'src/db/database.types.ts is out of date: run npm run db:types').toBe(true);
});
