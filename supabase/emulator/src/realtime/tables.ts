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
  schema: string;
  table: string;
  columns: ColumnInfo[];
  primaryKey: string[];
  rls: boolean;
  replicaIdentityFull: boolean;
}

const TABLE_SQL = `
select c.relrowsecurity as rls, c.relreplident as ident,
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

  invalidate(): void {
    this.cache.clear();
  }

  async get(schema: string, table: string): Promise<TableInfo | null> {
    const key = `${schema}\u0000${table}`;
    const hit = this.cache.get(key);
    if (hit && (this.ddlNotified || Date.now() - hit.at < CACHE_TTL_MS)) return hit.info;
    const result = await this.db.query<{
      rls: boolean;
      ident: string;
      columns: ColumnInfo[] | string;
      pk: string[] | string;
    }>(TABLE_SQL, [schema, table]);
    const row = result.rows[0];
    const info: TableInfo | null = row
      ? {
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

/**
 * The per-table query `realtime.emulator_visible` runs as each subscriber: which of the keys ($1, a
 * JSON array of primary-key objects) name a row this role and these claims can SELECT. Identifiers
 * and types come from the catalog, values stay in the bound JSON.
 */
export function visibilitySql(info: TableInfo): string {
  const conditions = info.primaryKey.map((name) => {
    const column = info.columns.find((c) => c.name === name);
    const type = column?.sqlType ?? 'text';
    return `t.${quoteIdent(name)} = (k.v ->> ${literal(name)})::${type}`;
  });
  return (
    `select (k.n - 1)::integer from jsonb_array_elements($1) with ordinality as k(v, n) ` +
    `where exists (select 1 from ${quoteIdent(info.schema)}.${quoteIdent(info.table)} t ` +
    `where ${conditions.join(' and ')})`
  );
}

function literal(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}
