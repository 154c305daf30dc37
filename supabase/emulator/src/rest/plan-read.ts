/** Plans GET/HEAD on a table or view. */
import type { Catalog } from './catalog';
import { tableNotFound } from './errors';
import { buildLevel, checkScopesUsed, levelSql } from './build-read';
import { wrapRows, type Plan } from './plan';
import { withMaxRows, type ParsedQuery } from './query-params';
import { CatalogMiss, SqlBuilder, quoteIdent, type Target } from './sql-builder';

export interface ReadOptions {
  single: boolean;
  count: boolean;
  head: boolean;
}

export function relationTarget(catalog: Catalog, name: string): Target {
  const relation = catalog.relations.get(name);
  if (!relation) {
    const error = tableNotFound(name);
    throw new CatalogMiss(error.status, error.code, error.message, error.details, error.hint);
  }
  return { label: relation.name, columns: relation.columns, relation: relation.name };
}

export function planRead(
  catalog: Catalog,
  table: string,
  requested: ParsedQuery,
  options: ReadOptions,
): Plan {
  const query = withMaxRows(requested);
  const target = relationTarget(catalog, table);
  const b = new SqlBuilder(catalog);
  const alias = b.alias();
  const ctx = { b, scopes: query.scopes, visited: new Set<string>() };
  const level = buildLevel(ctx, target, alias, query.select ?? [{ kind: 'star' }], []);
  checkScopesUsed(ctx);
  const source = `"public".${quoteIdent(table)}`;
  const rows = levelSql(level, source, alias);
  const where = level.where.length > 0 ? ` where ${level.where.join(' and ')}` : '';
  const countSql = options.count ? `select count(*) from ${source} as ${alias}${where}` : null;
  const body = options.head ? 'none' : options.single ? 'single' : 'array';
  return {
    sql: wrapRows(rows, countSql, body),
    params: b.params,
    readOnly: true,
    response: {
      kind: 'rows',
      status: 200,
      minimal: false,
      single: options.single,
      counted: options.count,
      offset: query.scopes.get('')?.offset ?? 0,
      ranged: true,
    },
  };
}
