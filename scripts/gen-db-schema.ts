/**
 * `npm run db:schema`: regenerates supabase/schema.sql from supabase/migrations (see
 * scripts/db-schema/generate.ts) on a throwaway PostgreSQL 15 server (Debian's postgresql-15, as the
 * integration tests use; PG_BIN selects another installation's bin directory).
 */
import { writeFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { startPostgres } from '../test/support/postgres-server';
import { generateSchemaSql, SCHEMA_FILE } from './db-schema/generate';

const server = await startPostgres();
try {
  await writeFile(SCHEMA_FILE, await generateSchemaSql(server));
  console.log(`wrote ${relative(process.cwd(), SCHEMA_FILE)}`);
} finally {
  await server.stop();
}
