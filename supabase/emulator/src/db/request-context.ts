/**
 * Applies a request's identity to a transaction the way PostgREST does (PostgREST/postgrest:
 * src/library/PostgREST/Query/PreQuery.hs): the role and the JWT claims as transaction-local settings, so
 * RLS sees `auth.uid()` and the role, and nothing survives the transaction.
 */
import type { Engine, Queryable, Statement } from './engine';

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
  /** The role's `statement_timeout` (see `createRoleSettings`); absent: the session's stays. */
  statementTimeout?: string | undefined;
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
              identity.statementTimeout !== undefined ? `, set_config('statement_timeout', $6, true)` : ''
            }${identity.readOnly ? `, set_config('transaction_read_only', 'on', true)` : ''}`,
    params: [
      identity.role,
      JSON.stringify(identity.claims),
      identity.method ?? 'POST',
      identity.path ?? '/',
      JSON.stringify(identity.headers ?? {}),
      ...(identity.statementTimeout !== undefined ? [identity.statementTimeout] : []),
    ],
  };
}

/**
 * Each API role's `statement_timeout` from `alter role ... set` (the migration
 * 20261126171100_api_role_timeouts.sql; hosted: anon 3s, authenticated 8s), a setting for the role in
 * this database winning over one for the role everywhere, as at login.
 */
export const ROLE_TIMEOUTS_SQL = `
select r.rolname as role, s.value
from pg_catalog.pg_roles r
cross join lateral (
  select substr(c, length('statement_timeout=') + 1) as value
  from pg_catalog.pg_db_role_setting d, unnest(d.setconfig) c
  where d.setrole = r.oid
    and d.setdatabase in (0, (select oid from pg_catalog.pg_database where datname = current_database()))
    and c like 'statement_timeout=%'
  order by d.setdatabase desc
  limit 1
) s
where r.rolname in ('anon', 'authenticated', 'service_role')`;

/**
 * PostgREST's `db-pre-request` as hosted Supabase configures it: `alter role authenticator set
 * pgrst.db_pre_request = 'schema.function'` (the migration 20261127050000_write_rate_limit.sql). A
 * setting for this database wins over one for every database.
 */
export const PRE_REQUEST_SQL = `
select substr(c, length('pgrst.db_pre_request=') + 1) as value
from pg_catalog.pg_db_role_setting d
join pg_catalog.pg_roles r on r.oid = d.setrole and r.rolname = 'authenticator'
cross join unnest(d.setconfig) c
where d.setdatabase in (0, (select oid from pg_catalog.pg_database where datname = current_database()))
  and c like 'pgrst.db_pre_request=%'
order by d.setdatabase desc
limit 1`;

export interface RequestSettings {
  /** The role's statement_timeout, or undefined when it has none. */
  statementTimeout: string | undefined;
  /**
   * The statement that calls the configured pre-request function
   * (`select "request_guard"."check_request"()`), run in each request's transaction after its settings and
   * before its query; null when none is set.
   */
  preRequest: string | null;
}

export interface RoleSettings {
  /** What PostgREST applies to a request of `role`, read once and again on a config reload. */
  forRole(role: ApiRole): Promise<RequestSettings>;
}

/** `schema.function` (or a bare name, in `public`) as a quoted call; null for anything else. */
export function preRequestCall(setting: string | undefined): string | null {
  const parts = (setting ?? '').trim().replace(/^"|"$/g, '').split('.');
  if (parts.length === 0 || parts.length > 2 || parts.some((p) => !/^[A-Za-z_][A-Za-z0-9_$]*$/.test(p)))
    return null;
  const [schema, name] = parts.length === 2 ? parts : ['public', parts[0]];
  return `select "${schema}"."${name}"()`;
}

/**
 * `set local role` (what `asRole` does, and what PostgREST does) does not apply the settings of
 * `alter role ... set`: those apply only at login. PostgREST reads the impersonated roles' settings
 * with its config and applies them per request as transaction-local settings, so hosted requests run
 * under the role's timeout; the emulator does the same. Read once, on the first request, and again on
 * `NOTIFY pgrst, 'reload config'` as PostgREST does. PGlite accepts the setting but has no timers, so
 * there a statement is never cancelled.
 */
export function createRoleSettings(engine: Engine, log: (line: string) => void): RoleSettings {
  interface Loaded {
    timeouts: Map<string, string>;
    preRequest: string | null;
  }
  let loading: Promise<Loaded> | null = null;
  const load = () => {
    const next = Promise.all([
      engine.query<{ role: string; value: string }>(ROLE_TIMEOUTS_SQL),
      engine.query<{ value: string }>(PRE_REQUEST_SQL),
    ]).then(([timeouts, preRequest]) => {
      const setting = preRequest.rows[0]?.value;
      const call = preRequestCall(setting);
      if (setting !== undefined && call === null) log(`rest: ignoring pgrst.db_pre_request '${setting}'`);
      return { timeouts: new Map(timeouts.rows.map((row) => [row.role, row.value])), preRequest: call };
    });
    // A failed read is retried on the next request instead of cached.
    next.catch(() => {
      if (loading === next) loading = null;
    });
    loading = next;
    return next;
  };
  let listening = false;
  const settings = () => {
    if (!listening) {
      listening = true;
      engine
        .listen('pgrst', (payload) => {
          if (payload.includes('reload config')) void load().catch(() => undefined);
        })
        .catch((error: unknown) => log(`rest: cannot listen for config reloads: ${String(error)}`));
    }
    return loading ?? load();
  };
  return {
    async forRole(role) {
      const loaded = await settings();
      return { statementTimeout: loaded.timeouts.get(role), preRequest: loaded.preRequest };
    },
  };
}
