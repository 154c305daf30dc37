/**
 * `npm run db:types`: regenerates src/db/database.types.ts from supabase/migrations (see
 * scripts/db-types/generate.ts). PGlite by default; with DATABASE_URL set, that PostgreSQL database is
 * migrated and read instead (it must be empty).
 */
import { writeFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { generateDatabaseTypes, TYPES_FILE } from './db-types/generate';

const types = await generateDatabaseTypes({ databaseUrl: process.env.DATABASE_URL || undefined });
await writeFile(TYPES_FILE, types);
console.log(`wrote ${relative(process.cwd(), TYPES_FILE)}`);
