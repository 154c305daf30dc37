/**
 * Turns a parsed select tree into SQL: one level per embedded resource, each a correlated subquery
 * (`row_to_json` for many-to-one and one-to-one, `json_agg` for one-to-many) so the JSON is produced by Postgres
 * exactly as PostgREST produces it. `!inner` embeds also filter their parent with `exists (...)`.
 */
import { pathKey, type EmbedItem, type Scoped, type SelectItem } from './ast';
import { RestError } from './errors';
import { emptyScope } from './query-params';
import { isToOne, resolveRelationship, type Junction } from './relationships';
import { CatalogMiss, quoteIdent, type SqlBuilder, type Target } from './sql-builder';

export interface Level {
  /** The select list (may be empty: `select=`). */
  list: string[];
  /** Conditions: join conditions, filters, `!inner` existence checks. */
  where: string[];
  order: string;
  paging: string;
  /** `left join lateral (...)` clauses of spread embeds (`...rel(cols)`). */
  laterals: string[];
}

export interface ReadContext {
  b: SqlBuilder;
  scopes: Map<string, Scoped>;
  /** Scope keys the select tree reached; any other scope names an embed that is not there. */
  visited: Set<string>;
}

export function buildLevel(
  ctx: ReadContext,
  target: Target,
  alias: string,
  items: readonly SelectItem[],
  path: string[],
  joins: string[] = [],
): Level {
  const key = pathKey(path);
  ctx.visited.add(key);
  const scope = ctx.scopes.get(key) ?? emptyScope();
  const where = [...joins, ...ctx.b.filters(target, alias, scope.filters)];
  const list: string[] = [];
  const laterals: string[] = [];
  for (const item of items) {
    if (item.kind === 'star') list.push(`${alias}.*`);
    else if (item.kind === 'column') {
      let sql = ctx.b.field(target, alias, item.field);
      if (item.cast) sql = `${sql}::${ctx.b.cast(item.cast)}`;
      const lastKey = item.field.jsonPath[item.field.jsonPath.length - 1];
      const name = item.alias ?? (lastKey ? lastKey.key : item.field.name);
      list.push(`${sql} as ${quoteIdent(name)}`);
    } else {
      const embed = buildEmbed(ctx, target, alias, item, path);
      list.push(embed.select);
      if (embed.lateral) laterals.push(embed.lateral);
      if (embed.exists) where.push(embed.exists);
    }
  }
  return {
    list,
    where,
    order: ctx.b.order(target, alias, scope.order),
    paging: ctx.b.paging(scope.limit, scope.offset),
    laterals,
  };
}

export function levelSql(level: Level, source: string, alias: string, withPaging = true): string {
  const where = level.where.length > 0 ? ` where ${level.where.join(' and ')}` : '';
  const tail = withPaging ? `${level.order}${level.paging}` : '';
  const laterals = level.laterals.map((join) => ` ${join}`).join('');
  return `select ${level.list.join(', ')} from ${source} as ${alias}${laterals}${where}${tail}`;
}

function buildEmbed(
  ctx: ReadContext,
  parent: Target,
  parentAlias: string,
  item: EmbedItem,
  path: string[],
): { select: string; exists: string | null; lateral: string | null } {
  const relation = ctx.b.catalog.relations.get(item.relation);
  if (!relation) {
    throw new CatalogMiss(
      400,
      'PGRST200',
      `Could not find a relationship between '${parent.label}' and '${item.relation}' in the schema cache`,
      `Searched for a foreign key relationship between '${parent.label}' and '${item.relation}' in the schema 'public', but no matches were found.`,
    );
  }
  const rel = resolveRelationship(ctx.b.catalog, parent.relation, relation.name, item.hint);
  const child: Target = { label: relation.name, columns: relation.columns, relation: relation.name };
  const childAlias = ctx.b.alias();
  const joins = rel.junction
    ? [junctionExists(rel.junction, childAlias, parentAlias, ctx.b.alias())]
    : rel.pairs.map(
        ([childCol, parentCol]) =>
          `${childAlias}.${quoteIdent(childCol)} = ${parentAlias}.${quoteIdent(parentCol)}`,
      );
  const name = item.alias ?? item.relation;
  const level = buildLevel(ctx, child, childAlias, item.items, [...path, name], joins);
  const source = `"public".${quoteIdent(relation.name)}`;
  const rowAlias = ctx.b.alias();
  const exists = item.inner
    ? `exists (select 1 from ${source} as ${childAlias} where ${level.where.join(' and ') || 'true'})`
    : null;
  if (item.spread) {
    // PostgREST 12 spreads only to-one relationships: their columns join the parent's.
    if (!isToOne(rel)) {
      throw new RestError(
        400,
        'PGRST119',
        `A spread operation on '${item.relation}' is not possible`,
        `'${parent.label}' and '${item.relation}' do not form a many-to-one or one-to-one relationship`,
      );
    }
    const rows = levelSql(level, source, childAlias, false);
    return {
      select: `${rowAlias}.*`,
      exists,
      lateral: `left join lateral (${rows} limit 1) ${rowAlias} on true`,
    };
  }
  let select: string;
  if (isToOne(rel)) {
    const rows = levelSql(level, source, childAlias, false);
    select = `(select row_to_json(${rowAlias}) from (${rows} limit 1) ${rowAlias}) as ${quoteIdent(name)}`;
  } else {
    const rows = levelSql(level, source, childAlias);
    select = `(select coalesce(json_agg(${rowAlias}), '[]') from (${rows}) ${rowAlias}) as ${quoteIdent(name)}`;
  }
  return { select, exists, lateral: null };
}

/** `exists (select 1 from junction where junction->child matches and junction->parent matches)` */
function junctionExists(junction: Junction, childAlias: string, parentAlias: string, alias: string): string {
  const toChild = junction.toChild.columns.map(
    (col, i) =>
      `${alias}.${quoteIdent(col)} = ${childAlias}.${quoteIdent(junction.toChild.refColumns[i] ?? col)}`,
  );
  const toParent = junction.toParent.columns.map(
    (col, i) =>
      `${alias}.${quoteIdent(col)} = ${parentAlias}.${quoteIdent(junction.toParent.refColumns[i] ?? col)}`,
  );
  return `exists (select 1 from "public".${quoteIdent(junction.table)} as ${alias} where ${[...toChild, ...toParent].join(' and ')})`;
}

/** Scopes the query string filled that no embed of the select tree uses: PostgREST's PGRST108. */
export function checkScopesUsed(ctx: ReadContext): void {
  for (const key of ctx.scopes.keys()) {
    if (!ctx.visited.has(key)) {
      const name = key.split('\u0000').join('.');
      throw new RestError(
        400,
        'PGRST108',
        `'${name}' is not an embedded resource in this request`,
        null,
        `Verify that '${name}' is included in the 'select' query parameter.`,
      );
    }
  }
}
