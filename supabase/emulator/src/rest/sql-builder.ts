/**
 * Building blocks for the SQL the REST service runs. The two rules that keep it injection-proof live
 * here: identifiers are quoted only after they were found in the catalog, and every value a client
 * sends becomes a bind parameter (`$n`), never SQL text.
 */
import type { Condition, Field, FilterNode, OrderTerm } from './ast';
import type { Catalog, Column } from './catalog';
import { RestError, columnNotFound } from './errors';

export const quoteIdent = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/** Something rows come from: a table, a view, a function's result, or a mutation's RETURNING. */
export interface Target {
  /** Name used in error messages. */
  label: string;
  columns: Map<string, Column>;
  /** The relation in the catalog whose foreign keys embedding follows (null: none). */
  relation: string | null;
}

/** A catalog miss that a schema reload might fix (a table created after the cache was loaded). */
export class CatalogMiss extends RestError {}

export class SqlBuilder {
  readonly params: unknown[] = [];
  private aliasCount = 0;

  constructor(readonly catalog: Catalog) {}

  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  alias(): string {
    return `"_r${this.aliasCount++}"`;
  }

  column(target: Target, name: string): Column {
    const column = target.columns.get(name);
    if (!column) {
      const error = columnNotFound(target.label, name);
      throw new CatalogMiss(error.status, error.code, error.message, error.details, error.hint);
    }
    return column;
  }

  field(target: Target, alias: string, field: Field): string {
    this.column(target, field.name);
    let sql = `${alias}.${quoteIdent(field.name)}`;
    for (const key of field.jsonPath) {
      const operand = key.index ? `${this.param(key.key)}::int` : `${this.param(key.key)}::text`;
      sql = `(${sql}${key.arrow}${operand})`;
    }
    return sql;
  }

  cast(type: string): string {
    const array = type.endsWith('[]');
    const base = array ? type.slice(0, -2).trim() : type;
    const sql = this.catalog.types.get(base);
    if (!sql) throw new RestError(400, '42704', `type "${type.slice(0, 63)}" does not exist`);
    return array ? `${sql}[]` : sql;
  }

  filters(target: Target, alias: string, nodes: readonly FilterNode[]): string[] {
    return nodes.map((node) => this.filter(target, alias, node));
  }

  filter(target: Target, alias: string, node: FilterNode): string {
    if (node.kind === 'logic') {
      const parts = node.children.map((child) => this.filter(target, alias, child));
      const joined = parts.length === 0 ? (node.op === 'and' ? 'true' : 'false') : parts.join(` ${node.op} `);
      return node.negate ? `not (${joined})` : `(${joined})`;
    }
    const sql = this.condition(target, alias, node);
    return node.negate ? `not (${sql})` : sql;
  }

  private condition(target: Target, alias: string, cond: Condition): string {
    const left = this.field(target, alias, cond.field);
    const raw = cond.value;
    if (cond.op === 'in') {
      const list = Array.isArray(raw) ? raw : [raw];
      return `${left} = any(${this.param(arrayLiteral(list))})`;
    }
    const value = Array.isArray(raw) ? arrayLiteral(raw) : raw;
    if (cond.op === 'is') {
      const word = { null: 'null', not_null: 'not null', true: 'true', false: 'false', unknown: 'unknown' }[
        value
      ];
      return `${left} is ${word ?? 'null'}`;
    }
    const sqlOp = SQL_OPERATORS[cond.op];
    if (sqlOp) {
      const bound = cond.op === 'like' || cond.op === 'ilike' ? value.replaceAll('*', '%') : value;
      if (cond.quantifier) return `${left} ${sqlOp} ${cond.quantifier}(${this.param(bound)})`;
      return `${left} ${sqlOp} ${this.param(bound)}`;
    }
    const fn = {
      fts: 'to_tsquery',
      plfts: 'plainto_tsquery',
      phfts: 'phraseto_tsquery',
      wfts: 'websearch_to_tsquery',
    }[cond.op as 'fts'];
    const query = cond.language
      ? `${fn}(${this.param(cond.language)}::regconfig, ${this.param(value)})`
      : `${fn}(${this.param(value)})`;
    return `${left} @@ ${query}`;
  }

  order(target: Target, alias: string, terms: readonly OrderTerm[]): string {
    if (terms.length === 0) return '';
    const parts = terms.map((term) => {
      let sql = this.field(target, alias, term.field);
      if (term.direction) sql += ` ${term.direction}`;
      if (term.nulls) sql += ` nulls ${term.nulls}`;
      return sql;
    });
    return ` order by ${parts.join(', ')}`;
  }

  paging(limit: number | null, offset: number | null): string {
    let sql = '';
    if (limit !== null) sql += ` limit ${this.param(String(limit))}::bigint`;
    if (offset !== null && offset > 0) sql += ` offset ${this.param(String(offset))}::bigint`;
    return sql;
  }
}

const SQL_OPERATORS: Partial<Record<Condition['op'], string>> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
  isdistinct: 'is distinct from',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  // PostgREST's names: nxr "does not extend to the right of" (&<), nxl "... to the left of" (&>).
  nxl: '&>',
  nxr: '&<',
  adj: '-|-',
};

/** A Postgres array literal whose elements are all quoted, so the value's text is kept as sent. */
export function arrayLiteral(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
}
