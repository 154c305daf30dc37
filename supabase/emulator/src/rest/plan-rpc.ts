/**
 * Plans `/rpc/<fn>`: picks the overload whose argument names match the keys sent (PostgREST's rule),
 * lets Postgres convert the values to the declared types (json, jsonb, arrays, enums...:
 * `json_to_record` for a POST body, a text cast for GET), and shapes the result: void -> 204,
 * scalar -> bare JSON, rows -> an array with the query string's select, filters, order and paging.
 */
import type { Catalog, FunctionInfo } from './catalog';
import { RestError } from './errors';
import { buildLevel, checkScopesUsed, levelSql } from './build-read';
import { wrapRows, type Plan } from './plan';
import { withMaxRows, type ParsedQuery } from './query-params';
import { CatalogMiss, SqlBuilder, quoteIdent, type Target } from './sql-builder';

export interface RpcOptions {
  /** GET/HEAD: read-only, arguments from the query string. */
  readOnly: boolean;
  head: boolean;
  single: boolean;
  count: boolean;
  /** Arguments as a JSON object text and its keys; or the whole body for a single json parameter. */
  argsText: string;
  argNames: string[];
  /** `Prefer: params=single-object` or a POST body that is not an object. */
  wholeBody: boolean;
}

const JSON_TYPES = new Set(['json', 'jsonb']);

export function functionNotFound(name: string, argNames: readonly string[]): CatalogMiss {
  const list = [...argNames].sort().join(', ');
  return new CatalogMiss(
    404,
    'PGRST202',
    `Could not find the function public.${name}${list ? `(${list})` : ' without parameters'} in the schema cache`,
    `Searched for the function public.${name} with ${list ? `parameters ${list}` : 'no parameters'} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
  );
}

export function rpcArgNames(catalog: Catalog, name: string): Set<string> {
  return new Set((catalog.functions.get(name) ?? []).flatMap((fn) => fn.args.map((a) => a.name)));
}

function pick(catalog: Catalog, name: string, options: RpcOptions): { fn: FunctionInfo; wholeBody: boolean } {
  const overloads = catalog.functions.get(name) ?? [];
  const singleJson = overloads.find((fn) => fn.args.length === 1 && JSON_TYPES.has(fn.args[0]?.type ?? ''));
  if (options.wholeBody) {
    if (singleJson) return { fn: singleJson, wholeBody: true };
    throw functionNotFound(name, []);
  }
  const provided = new Set(options.argNames);
  // An unnamed parameter is never bound by name (an argument called "" would be a zero-length
  // identifier, Postgres's 42601): like PostgREST, only the whole-body case below reaches it.
  const matches = overloads.filter(
    (fn) =>
      options.argNames.every((key) => key !== '' && fn.args.some((a) => a.name === key)) &&
      fn.args.every((a) => a.hasDefault || (a.name !== '' && provided.has(a.name))),
  );
  if (matches.length > 1) {
    throw new RestError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${matches.map((fn) => `public.${name}(${fn.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`).join(', ')}`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    );
  }
  const only = matches[0];
  if (only) return { fn: only, wholeBody: false };
  // A lone unnamed json/jsonb parameter receives the whole body.
  if (singleJson && singleJson.args[0]?.name === '' && !options.readOnly)
    return { fn: singleJson, wholeBody: true };
  throw functionNotFound(name, options.argNames);
}

export function planRpc(catalog: Catalog, name: string, requested: ParsedQuery, options: RpcOptions): Plan {
  const query = withMaxRows(requested);
  const { fn, wholeBody } = pick(catalog, name, options);
  const b = new SqlBuilder(catalog);
  const provided = new Set(options.argNames);
  const passed = fn.args.filter((a) => provided.has(a.name));
  // Bound only when used: a statement may not carry parameters it does not reference.
  const payload = wholeBody || passed.length > 0 ? b.param(options.argsText) : '';
  let args: string;
  if (wholeBody) args = `${payload}::${fn.args[0]?.type ?? 'json'}`;
  else {
    // POST: JSON values converted by json_to_record (a JSON array becomes an array, an object a
    // json/jsonb value). GET: query-string text cast with the type's input function, like
    // PostgREST (`{a,b}` arrays, JSON text for json/jsonb).
    args = passed
      .map((a) =>
        options.readOnly
          ? `${quoteIdent(a.name)} := (${payload}::json ->> ${b.param(a.name)})::${a.type}`
          : `${quoteIdent(a.name)} := (select _spotter_a.${quoteIdent(a.name)} from json_to_record(${payload}::json) as _spotter_a(${quoteIdent(a.name)} ${a.type}))`,
      )
      .join(', ');
  }
  const call = `"public".${quoteIdent(fn.name)}(${args})`;
  const readOnly = options.readOnly;

  if (fn.returnKind === 'void') {
    return {
      sql: `select null::bigint as total, 0 as page, null::text as body from (select ${call}) _spotter_v`,
      params: b.params,
      readOnly,
      response: { kind: 'void' },
    };
  }
  if (fn.returnKind === 'scalar' && !fn.returnsSet) {
    return {
      sql: `select null::bigint as total, 1 as page, to_json(${call})::text as body`,
      params: b.params,
      readOnly,
      response: { kind: 'scalar' },
    };
  }

  const alias = b.alias();
  let rows: string;
  let scalarColumn: string | null = null;
  let countSql: string | null = null;
  if (fn.returnKind === 'scalar') {
    const scope = query.scopes.get('');
    if (query.select || (scope && scope.filters.length > 0)) {
      throw new RestError(
        400,
        'PGRST100',
        `public.${fn.name} returns a set of scalars: select and filters do not apply`,
      );
    }
    scalarColumn = '"pgrst_scalar"';
    rows = `select ${alias}."pgrst_scalar" from ${call} as ${alias}("pgrst_scalar")${b.paging(scope?.limit ?? null, scope?.offset ?? null)}`;
    if (options.count) countSql = `select count(*) from ${call} as ${alias}`;
  } else {
    const target: Target = { label: fn.name, columns: fn.returnColumns, relation: fn.returnRelation };
    const ctx = { b, scopes: query.scopes, visited: new Set<string>() };
    const level = buildLevel(ctx, target, alias, query.select ?? [{ kind: 'star' }], []);
    checkScopesUsed(ctx);
    rows = levelSql(level, call, alias);
    const where = level.where.length > 0 ? ` where ${level.where.join(' and ')}` : '';
    if (options.count) countSql = `select count(*) from ${call} as ${alias}${where}`;
  }
  const shape = options.head ? 'none' : options.single ? 'single' : fn.returnsSet ? 'array' : 'object';
  return {
    sql: wrapRows(rows, countSql, shape, scalarColumn),
    params: b.params,
    readOnly,
    response: {
      kind: 'rows',
      status: 200,
      minimal: false,
      single: options.single,
      counted: options.count,
      offset: query.scopes.get('')?.offset ?? 0,
      ranged: fn.returnsSet,
    },
  };
}
