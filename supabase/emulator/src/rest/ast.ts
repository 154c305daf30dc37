/** The parsed shape of a PostgREST request's query string (PostgREST/postgrest: QueryParams.hs). */

export interface JsonKey {
  arrow: '->' | '->>';
  key: string;
  /** A numeric key indexes a JSON array. */
  index: boolean;
}

/** A column, optionally followed by a JSON path (`data->a->>b`). */
export interface Field {
  name: string;
  jsonPath: JsonKey[];
}

export interface StarItem {
  kind: 'star';
}

export interface ColumnItem {
  kind: 'column';
  field: Field;
  alias: string | null;
  /** The requested type name, lower-case; checked against the catalog when the SQL is built. */
  cast: string | null;
}

export interface EmbedItem {
  kind: 'embed';
  relation: string;
  alias: string | null;
  hint: string | null;
  inner: boolean;
  spread: boolean;
  items: SelectItem[];
}

export type SelectItem = StarItem | ColumnItem | EmbedItem;

export const OPERATORS = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'is',
  'isdistinct',
  'in',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxl',
  'nxr',
  'adj',
  'fts',
  'plfts',
  'phfts',
  'wfts',
] as const;

export type Operator = (typeof OPERATORS)[number];

export interface Condition {
  kind: 'condition';
  field: Field;
  negate: boolean;
  op: Operator;
  /** `(any)` / `(all)` modifier: the value is an array literal. */
  quantifier: 'any' | 'all' | null;
  /** Full-text search configuration, `fts(english)`. */
  language: string | null;
  /** A list for `in`, else the raw value. */
  value: string | string[];
}

export interface Logic {
  kind: 'logic';
  op: 'and' | 'or';
  negate: boolean;
  children: FilterNode[];
}

export type FilterNode = Condition | Logic;

export interface OrderTerm {
  field: Field;
  direction: 'asc' | 'desc' | null;
  nulls: 'first' | 'last' | null;
}

/** Filters, order and paging grouped by embed path ('' is the top level, 'a\u0000b' a nested embed). */
export interface Scoped {
  filters: FilterNode[];
  order: OrderTerm[];
  limit: number | null;
  offset: number | null;
}

export const pathKey = (path: readonly string[]): string => path.join('\u0000');
