/**
 * Applies a request's identity to a transaction the way PostgREST does (supabase-surface.md 2.5):
 * the role and the JWT claims as transaction-local settings, so RLS sees `auth.uid()` and the role,
 * and nothing survives the transaction.
 */
import type { Queryable, Statement } from './engine';

export type ApiRole = 'anon' | 'authenticated' | 'service_role';

export interface RequestIdentity {
  role: ApiRole;
  claims: Record<string, unknown>;
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  /**
   * Make the transaction READ ONLY (PostgREST does for GET/HEAD). Done in the same statement as the
   * settings, saving a round trip: Postgres allows switching to read-only after the first snapshot.
   */
  readOnly?: boolean;
}

export async function asRole(tx: Queryable, identity: RequestIdentity): Promise<void> {
  const { sql, params } = roleStatement(identity);
  await tx.query(sql, params);
}

/** The statement `asRole` runs, for `engine.pipeline()` (settings then the request's query). */
export function roleStatement(identity: RequestIdentity): Statement & { params: unknown[] } {
  return {
    sql: `select set_config('search_path', '"public", "extensions"', true),
            set_config('role', $1, true),
            set_config('request.jwt.claims', $2, true),
            set_config('request.method', $3, true),
            set_config('request.path', $4, true),
            set_config('request.headers', $5, true),
            set_config('request.cookies', '{}', true)${
              identity.readOnly ? `, set_config('transaction_read_only', 'on', true)` : ''
            }`,
    params: [
      identity.role,
      JSON.stringify(identity.claims),
      identity.method ?? 'POST',
      identity.path ?? '/',
      JSON.stringify(identity.headers ?? {}),
    ],
  };
}
