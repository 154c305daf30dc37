/**
 * Plans POST (insert, upsert), PATCH (update) and DELETE on a table or view. The payload travels as
 * one JSON parameter and is turned into rows by `json_populate_recordset`, so Postgres converts every
 * value to its column type. Without `return=representation` the statement returns `1` per row, as
 * PostgREST does: that is why an INSERT-only policy lets `insert()` through and fails
 * `insert().select()` with 42501 (the RETURNING needs the SELECT policy).
 */
import type { Catalog } from './catalog';
import { RestError, payloadColumnNotFound } from './errors';
import { buildLevel, checkScopesUsed, levelSql } from './build-read';
import { wrapRows, type Plan } from './plan';
import { relationTarget } from './plan-read';
import type { ParsedQuery, Preferences } from './query-params';
import { CatalogMiss, SqlBuilder, quoteIdent, type Target } from './sql-builder';

export interface WriteOptions {
  method: 'POST' | 'PATCH' | 'DELETE';
  prefs: Preferences;
  single: boolean;
  /** The request body as sent (POST/PATCH) and parsed. */
  bodyText: string;
  body: unknown;
}

const MUTATION = '_spotter_m';

function checkColumns(target: Target, names: readonly string[]): void {
  for (const name of names) {
    if (!target.columns.has(name)) {
      const error = payloadColumnNotFound(target.label, name);
      throw new CatalogMiss(error.status, error.code, error.message, error.details, error.hint);
    }
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function payloadKeys(body: unknown, columns: string[] | null): { keys: string[]; rows: unknown[] } {
  const rows = Array.isArray(body) ? body : [body];
  if (!rows.every(isObject)) {
    throw new RestError(
      400,
      'PGRST102',
      'Empty or invalid json',
      'The payload must be an object or an array of objects',
    );
  }
  if (columns) return { keys: columns, rows };
  const first = rows[0];
  const keys = first ? Object.keys(first) : [];
  const signature = [...keys].sort().join('\u0000');
  for (const row of rows) {
    if (Object.keys(row).sort().join('\u0000') !== signature) {
      throw new RestError(400, 'PGRST102', 'All object keys must match');
    }
  }
  return { keys, rows };
}

export function planWrite(catalog: Catalog, table: string, query: ParsedQuery, options: WriteOptions): Plan {
  const target = relationTarget(catalog, table);
  const b = new SqlBuilder(catalog);
  const source = `"public".${quoteIdent(table)}`;
  const alias = b.alias();
  const representation = options.prefs.return === 'representation';
  const returning = representation ? `returning ${alias}.*` : 'returning 1';
  let mutation: string;
  /** CTEs placed before the mutation's (data-modifying CTEs must be at the top level). */
  let ctes = '';

  if (options.method === 'POST') {
    const { keys, rows } = payloadKeys(options.body, query.columns);
    checkColumns(target, keys);
    const resolution = options.prefs.resolution;
    const conflictCols = query.onConflict ?? catalog.relations.get(table)?.primaryKey ?? [];
    if (resolution) {
      if (conflictCols.length === 0) {
        throw new RestError(400, 'PGRST100', `'${table}' has no primary key: pass on_conflict to upsert`);
      }
      checkColumns(target, conflictCols);
    }
    const conflictFor = (set: readonly string[]): string => {
      if (!resolution) return '';
      const on = ` on conflict (${conflictCols.map(quoteIdent).join(', ')})`;
      if (resolution === 'ignore-duplicates' || set.length === 0) return `${on} do nothing`;
      return `${on} do update set ${set.map((k) => `${quoteIdent(k)} = excluded.${quoteIdent(k)}`).join(', ')}`;
    };
    if (options.prefs.missing === 'default' && query.columns && Array.isArray(options.body)) {
      const grouped = insertByKeySet(b, source, alias, keys, rows, conflictFor, returning);
      ctes = grouped.ctes;
      mutation = grouped.select;
    } else if (keys.length === 0) {
      mutation =
        rows.length === 0
          ? `select ${alias}.* from ${source} as ${alias} where false`
          : `insert into ${source} as ${alias} default values${conflictFor(keys)} ${returning}`;
    } else {
      const cols = keys.map(quoteIdent).join(', ');
      const payload = b.param(Array.isArray(options.body) ? options.bodyText : `[${options.bodyText}]`);
      mutation = `insert into ${source} as ${alias} (${cols}) select ${cols} from json_populate_recordset(null::${source}, ${payload}::json) _spotter_body${conflictFor(keys)} ${returning}`;
    }
  } else {
    const filters = b.filters(target, alias, query.scopes.get('')?.filters ?? []);
    const verb = options.method === 'PATCH' ? 'UPDATE' : 'DELETE';
    // Hosted Supabase loads pg-safeupdate for API requests: no filter, no mass update or delete.
    if (filters.length === 0) throw new RestError(400, '21000', `${verb} requires a WHERE clause`);
    const where = filters.join(' and ');
    if (options.method === 'PATCH') {
      if (!isObject(options.body)) {
        throw new RestError(400, 'PGRST102', 'Empty or invalid json', 'PATCH needs a JSON object');
      }
      const keys = query.columns ?? Object.keys(options.body);
      checkColumns(target, keys);
      // Nothing to set (`{}`): no row changes, as in PostgREST. The filters' parameters are bound already,
      // so the statement still names them (Postgres refuses a bind with more values than the statement uses).
      mutation =
        keys.length === 0
          ? `select ${alias}.* from ${source} as ${alias} where false and (${where})`
          : `update ${source} as ${alias} set ${keys.map((k) => `${quoteIdent(k)} = _spotter_body.${quoteIdent(k)}`).join(', ')} from (select * from json_populate_record(null::${source}, ${b.param(options.bodyText)}::json)) _spotter_body where ${where} ${returning}`;
    } else {
      mutation = `delete from ${source} as ${alias} where ${where} ${returning}`;
    }
  }

  let sql: string;
  if (representation) {
    const outAlias = b.alias();
    const ctx = { b, scopes: onlyRootSelect(query), visited: new Set<string>() };
    const level = buildLevel(ctx, target, outAlias, query.select ?? [{ kind: 'star' }], []);
    checkScopesUsed(ctx);
    const rows = levelSql({ ...level, order: '', paging: '' }, MUTATION, outAlias);
    sql = `with ${ctes}${MUTATION} as (${mutation}) ${wrapRows(rows, null, options.single ? 'single' : 'array')}`;
  } else {
    sql = `with ${ctes}${MUTATION} as (${mutation}) select null::bigint as total, count(*) as page, null::text as body from ${MUTATION}`;
  }
  return {
    sql,
    params: b.params,
    readOnly: false,
    response: {
      kind: 'rows',
      status: options.method === 'POST' ? 201 : 200,
      minimal: !representation,
      single: options.single,
      counted: options.prefs.count !== null,
      offset: 0,
      ranged: false,
    },
  };
}

/**
 * `Prefer: missing=default` with `columns=`: a key absent from a row takes the column's default
 * (identity, `auth.uid()`, `now()`...) instead of NULL. Rows are grouped by the keys they carry and
 * each group is one INSERT naming only those columns, all in one statement (data-modifying CTEs).
 */
function insertByKeySet(
  b: SqlBuilder,
  source: string,
  alias: string,
  columns: readonly string[],
  rows: readonly unknown[],
  conflictFor: (keys: readonly string[]) => string,
  returning: string,
): { ctes: string; select: string } {
  const groups = new Map<string, { keys: string[]; rows: unknown[] }>();
  for (const row of rows) {
    const present = columns.filter((c) => Object.hasOwn(row as object, c));
    const id = present.join('\u0000');
    const group = groups.get(id) ?? { keys: present, rows: [] };
    group.rows.push(row);
    groups.set(id, group);
  }
  if (groups.size === 0)
    return { ctes: '', select: `select ${alias}.* from ${source} as ${alias} where false` };
  const parts = [...groups.values()].map((group, i) => {
    const cols = group.keys.map(quoteIdent).join(', ');
    const insert =
      group.keys.length === 0
        ? `insert into ${source} as ${alias} default values${conflictFor(group.keys)} ${returning}`
        : `insert into ${source} as ${alias} (${cols}) select ${cols} from json_populate_recordset(null::${source}, ${b.param(JSON.stringify(group.rows))}::json) _spotter_body${conflictFor(group.keys)} ${returning}`;
    return { name: `_spotter_g${i}`, insert };
  });
  return {
    ctes: `${parts.map((p) => `${p.name} as (${p.insert})`).join(', ')}, `,
    select: parts.map((p) => `select * from ${p.name}`).join(' union all '),
  };
}

/** Filters of a mutation apply to the mutated rows; embedded ones still shape the returned embeds. */
function onlyRootSelect(query: ParsedQuery): ParsedQuery['scopes'] {
  const scopes = new Map(query.scopes);
  scopes.delete('');
  return scopes;
}
