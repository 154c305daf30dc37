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

  if (options.method === 'POST') {
    const { keys, rows } = payloadKeys(options.body, query.columns);
    checkColumns(target, keys);
    const cols = keys.map(quoteIdent).join(', ');
    const payload = b.param(Array.isArray(options.body) ? options.bodyText : `[${options.bodyText}]`);
    let conflict = '';
    if (options.prefs.resolution) {
      const conflictCols = query.onConflict ?? catalog.relations.get(table)?.primaryKey ?? [];
      if (conflictCols.length === 0) {
        throw new RestError(400, 'PGRST100', `'${table}' has no primary key: pass on_conflict to upsert`);
      }
      checkColumns(target, conflictCols);
      const updates = keys.map((k) => `${quoteIdent(k)} = excluded.${quoteIdent(k)}`);
      conflict =
        options.prefs.resolution === 'ignore-duplicates' || updates.length === 0
          ? ` on conflict (${conflictCols.map(quoteIdent).join(', ')}) do nothing`
          : ` on conflict (${conflictCols.map(quoteIdent).join(', ')}) do update set ${updates.join(', ')}`;
    }
    if (keys.length === 0) {
      mutation =
        rows.length === 0
          ? `select ${alias}.* from ${source} as ${alias} where false`
          : `insert into ${source} as ${alias} default values${conflict} ${returning}`;
    } else {
      mutation = `insert into ${source} as ${alias} (${cols}) select ${cols} from json_populate_recordset(null::${source}, ${payload}::json) _spotter_body${conflict} ${returning}`;
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
      const payload = b.param(options.bodyText);
      mutation =
        keys.length === 0
          ? `select ${alias}.* from ${source} as ${alias} where false`
          : `update ${source} as ${alias} set ${keys.map((k) => `${quoteIdent(k)} = _spotter_body.${quoteIdent(k)}`).join(', ')} from (select * from json_populate_record(null::${source}, ${payload}::json)) _spotter_body where ${where} ${returning}`;
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
    sql = `with ${MUTATION} as (${mutation}) ${wrapRows(rows, null, options.single ? 'single' : 'array')}`;
  } else {
    sql = `with ${MUTATION} as (${mutation}) select null::bigint as total, count(*) as page, null::text as body from ${MUTATION}`;
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
      counted: options.prefs.count === 'exact',
      offset: 0,
      ranged: false,
    },
  };
}

/** Filters of a mutation apply to the mutated rows; embedded ones still shape the returned embeds. */
function onlyRootSelect(query: ParsedQuery): ParsedQuery['scopes'] {
  const scopes = new Map(query.scopes);
  scopes.delete('');
  return scopes;
}
