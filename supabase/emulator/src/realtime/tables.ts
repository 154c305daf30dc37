/**
 * What delivery needs to know about a captured table, read from the catalog and cached until DDL is
 * seen (the event trigger NOTIFYs; without it the cache expires after a few seconds): column names and
 * types, the primary key, whether RLS is on, the replica identity, and which columns each API role
 * may SELECT.
 */
import type { ApiRole } from '../db/request-context';
import type { Queryable } from '../db/engine';

export interface ColumnInfo {
  name: string;
  /** pg_type.typname, as realtime-js expects in `columns` (arrays start with `_`). */
  type: string;
  /** format_type() of the column: what a text value is cast to. */
  sqlType: string;
  select: Record<ApiRole, boolean>;
}

export interface TableInfo {
  oid: number;
  schema: string;
  table: string;
  columns: ColumnInfo[];
  primaryKey: string[];
  rls: boolean;
  replicaIdentityFull: boolean;
}

const TABLE_SQL = `
select c.oid::int as oid, c.relrowsecurity as rls, c.relreplident as ident,
  (select coalesce(json_agg(json_build_object(
      'name', a.attname, 'type', t.typname, 'sqlType', format_type(a.atttypid, null),
      'select', json_build_object(
        'anon', has_column_privilege('anon', c.oid, a.attnum, 'SELECT'),
        'authenticated', has_column_privilege('authenticated', c.oid, a.attnum, 'SELECT'),
        'service_role', has_column_privilege('service_role', c.oid, a.attnum, 'SELECT')))
      order by a.attnum), '[]'::json)
   from pg_attribute a join pg_type t on t.oid = a.atttypid
   where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped) as columns,
  (select coalesce(json_agg(a.attname order by array_position(i.indkey::int2[], a.attnum)), '[]'::json)
   from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
   where i.indrelid = c.oid and i.indisprimary) as pk
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where n.nspname = $1 and c.relname = $2 and c.relkind in ('r', 'p')`;

const CACHE_TTL_MS = 5_000;

export class TableCatalog {
  private cache = new Map<string, { info: TableInfo | null; at: number }>();
  /** True while an event trigger tells us about DDL; then entries never expire on their own. */
  ddlNotified = false;

  constructor(private readonly db: Queryable) {}

  private checkers = new Set<string>();

  invalidate(): void {
    this.cache.clear();
    this.checkers.clear();
  }

  /** Runs the table's visibility checker, (re)creating it when needed. */
  async runChecker(
    info: TableInfo,
    checksJson: string,
  ): Promise<{ rows: { check_index: number; key_index: number }[] }> {
    const name = checkerName(info);
    const signature = `${name}|${JSON.stringify(info.primaryKey)}`;
    const run = () =>
      this.db.query<{ check_index: number; key_index: number }>(
        `select check_index, key_index from ${name}($1::jsonb)`,
        [checksJson],
      );
    if (!this.checkers.has(signature)) {
      await this.db.exec(checkerSql(info));
      this.checkers.add(signature);
      return run();
    }
    try {
      return await run();
    } catch {
      // Dropped behind our back (a reset, a restore): create it again once.
      await this.db.exec(checkerSql(info));
      return run();
    }
  }

  async get(schema: string, table: string): Promise<TableInfo | null> {
    const key = `${schema}\u0000${table}`;
    const hit = this.cache.get(key);
    if (hit && (this.ddlNotified || Date.now() - hit.at < CACHE_TTL_MS)) return hit.info;
    const result = await this.db.query<{
      oid: number;
      rls: boolean;
      ident: string;
      columns: ColumnInfo[] | string;
      pk: string[] | string;
    }>(TABLE_SQL, [schema, table]);
    const row = result.rows[0];
    const info: TableInfo | null = row
      ? {
          oid: row.oid,
          schema,
          table,
          rls: row.rls,
          replicaIdentityFull: row.ident === 'f',
          columns: parseJson<ColumnInfo[]>(row.columns),
          primaryKey: parseJson<string[]>(row.pk),
        }
      : null;
    this.cache.set(key, { info, at: Date.now() });
    return info;
  }

  /** Casts filter values to a column's type; null when a value does not cast (hosted refuses those). */
  async normaliseValues(column: ColumnInfo, values: string[]): Promise<unknown[] | null> {
    try {
      const result = await this.db.query<{ v: unknown }>(
        `select to_jsonb(x::${column.sqlType}) as v from unnest($1::text[]) with ordinality as u(x, n) order by n`,
        [values],
      );
      return result.rows.map((r) => r.v);
    } catch {
      return null;
    }
  }
}

function parseJson<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** The name of a table's visibility checker function (see checkerSql). */
export function checkerName(info: TableInfo): string {
  return `realtime.emulator_check_${info.oid}`;
}

/**
 * A per-table checker: for each check (a subscriber's role and claims, and a JSON array of primary
 * keys) it switches to that role and claims, transaction-locally as PostgREST does, and returns which
 * keys name a row the subscriber can SELECT. The query is static so PL/pgSQL plans it once per
 * session (a dynamic EXECUTE per subscriber costs about five times as much on PGlite). Identifiers
 * and types come from the catalog; values stay in the bound JSON. A policy that raises hides the row
 * from that subscriber only.
 */
export function checkerSql(info: TableInfo): string {
  const conditions = info.primaryKey.map((name) => {
    const column = info.columns.find((c) => c.name === name);
    const type = column?.sqlType ?? 'text';
    return `t.${quoteIdent(name)} = (k.v ->> ${literal(name)})::${type}`;
  });
  const name = checkerName(info);
  return `
create or replace function ${name}(p_checks jsonb)
returns table (check_index integer, key_index integer)
language plpgsql volatile as $fn$
declare
  v_check jsonb;
  v_index integer := 0;
  v_key integer;
begin
  perform pg_catalog.set_config('search_path', 'public, extensions', true);
  for v_check in select value from pg_catalog.jsonb_array_elements(p_checks) loop
    begin
      perform pg_catalog.set_config('role', v_check->>'role', true),
              pg_catalog.set_config('request.jwt.claims', v_check->>'claims', true);
      for v_key in
        select (k.n - 1)::integer
        from pg_catalog.jsonb_array_elements(v_check->'keys') with ordinality as k(v, n)
        where exists (select 1 from ${quoteIdent(info.schema)}.${quoteIdent(info.table)} t
                      where ${conditions.join(' and ')})
      loop
        check_index := v_index;
        key_index := v_key;
        return next;
      end loop;
    exception when others then
      null;
    end;
    perform pg_catalog.set_config('role', 'none', true),
            pg_catalog.set_config('request.jwt.claims', '', true);
    v_index := v_index + 1;
  end loop;
end
$fn$;
revoke all on function ${name}(jsonb) from public;`;
}

function literal(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}
