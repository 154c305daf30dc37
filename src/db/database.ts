// The supabase-js client typed with the schema generated from the migrations (database.types.ts,
// `npm run db:types`): table and column names, row shapes and RPC arguments are checked at compile time.
// Every supabase-js client the page and the sync worker build has this type.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from './database.types';

export type { Database, Json, Tables, TablesInsert, TablesUpdate } from './database.types';

export type DatabaseClient = SupabaseClient<Database>;

/** The tables of the public schema (what PostgREST serves). */
export type TableName = keyof Database['public']['Tables'];

/** The public schema's functions (`client.rpc`). */
export type FunctionName = keyof Database['public']['Functions'];

/** The arguments `client.rpc(fn, args)` takes for a function (a union for an overloaded one). */
export type FunctionArgs<F extends FunctionName> = Database['public']['Functions'][F]['Args'];
