/**
 * Splits a request's query string and headers into what the planner needs: the select tree, filters,
 * order and paging per embed level, `columns`, `on_conflict`, the `Prefer` options and, for GET
 * /rpc, the function arguments.
 */
import { pathKey, type Scoped, type SelectItem } from './ast';
import { parseError } from './errors';
import { parseColumns, parseFilterKey, parseFilterValue, parseLogicTree, parseOrder } from './parse-filter';
import { parseSelect } from './parse-select';
import { checkRequestShape } from './request-shape';

export interface ParsedQuery {
  select: SelectItem[] | null;
  scopes: Map<string, Scoped>;
  columns: string[] | null;
  onConflict: string[] | null;
  /** GET /rpc arguments (parameters whose key is an argument name of the function). */
  args: Map<string, string>;
}

/** Parameters that are never filters. `apikey` is consumed by the API gateway on hosted Supabase. */
const RESERVED = new Set(['select', 'columns', 'on_conflict', 'apikey']);

const MAX_PARAM_LENGTH = 16_384;

function nonNegativeInt(value: string, name: string): number {
  if (!/^\d{1,15}$/.test(value)) throw parseError(`"${name}" must be a non-negative integer`);
  return Number(value);
}

export function emptyScope(): Scoped {
  return { filters: [], order: [], limit: null, offset: null };
}

export function parseQuery(
  params: URLSearchParams,
  isArg: (key: string) => boolean = () => false,
): ParsedQuery {
  const scopes = new Map<string, Scoped>();
  const scope = (path: string[]) => {
    const key = pathKey(path);
    let found = scopes.get(key);
    if (!found) {
      found = emptyScope();
      scopes.set(key, found);
    }
    return found;
  };
  const parsed: ParsedQuery = { select: null, scopes, columns: null, onConflict: null, args: new Map() };
  for (const [key, value] of params) {
    if (key.length > MAX_PARAM_LENGTH || value.length > MAX_PARAM_LENGTH) {
      throw parseError(`query parameters are limited to ${MAX_PARAM_LENGTH} characters`);
    }
    if (key === 'select') parsed.select = parseSelect(value);
    else if (key === 'columns') parsed.columns = parseColumns(value);
    else if (key === 'on_conflict') parsed.onConflict = parseColumns(value);
    else if (RESERVED.has(key)) continue;
    else if (isArg(key)) parsed.args.set(key, value);
    else if (key === 'order') scope([]).order = parseOrder(value);
    else if (key === 'limit') scope([]).limit = nonNegativeInt(value, 'limit');
    else if (key === 'offset') scope([]).offset = nonNegativeInt(value, 'offset');
    else {
      const parsedKey = parseFilterKey(key);
      const target = scope(parsedKey.path);
      switch (parsedKey.kind) {
        case 'field':
          target.filters.push(parseFilterValue(parsedKey.field, value));
          break;
        case 'logic':
          target.filters.push(parseLogicTree(parsedKey.op, parsedKey.negate, value));
          break;
        case 'order':
          target.order = parseOrder(value);
          break;
        case 'limit':
          target.limit = nonNegativeInt(value, key);
          break;
        case 'offset':
          target.offset = nonNegativeInt(value, key);
          break;
      }
    }
  }
  checkRequestShape(parsed);
  return parsed;
}

/** Hosted Supabase's `max_rows` (PostgREST `db-max-rows`): reads return at most this many rows. */
export const MAX_ROWS = 1000;

/** Caps the top-level limit at MAX_ROWS, as PostgREST does for reads and function results. */
export function withMaxRows(query: ParsedQuery): ParsedQuery {
  const root = query.scopes.get('') ?? emptyScope();
  if (root.limit !== null && root.limit <= MAX_ROWS) return query;
  const scopes = new Map(query.scopes);
  scopes.set('', { ...root, limit: MAX_ROWS });
  return { ...query, scopes };
}

export interface Preferences {
  return: 'minimal' | 'representation' | 'headers-only' | null;
  count: 'exact' | 'planned' | 'estimated' | null;
  resolution: 'merge-duplicates' | 'ignore-duplicates' | null;
  missing: 'default' | 'null' | null;
  tx: 'commit' | 'rollback' | null;
  singleObject: boolean;
  /** `max-affected=N`; PostgREST enforces it only with `handling=strict` (supabase-js `maxAffected`). */
  maxAffected: number | null;
  strict: boolean;
}

/** `Prefer: return=representation, count=exact` (several headers or comma-separated). Unknown ones are ignored, as PostgREST's lenient handling does. */
export function parsePrefer(header: string | null): Preferences {
  const prefs: Preferences = {
    return: null,
    count: null,
    resolution: null,
    missing: null,
    tx: null,
    singleObject: false,
    maxAffected: null,
    strict: false,
  };
  for (const part of (header ?? '').split(/[,;]/)) {
    const [rawKey, rawValue] = part.split('=', 2);
    const key = rawKey?.trim();
    const value = rawValue?.trim();
    if (key === 'return' && (value === 'minimal' || value === 'representation' || value === 'headers-only'))
      prefs.return = value;
    else if (key === 'count' && (value === 'exact' || value === 'planned' || value === 'estimated'))
      prefs.count = value;
    else if (key === 'resolution' && (value === 'merge-duplicates' || value === 'ignore-duplicates'))
      prefs.resolution = value;
    else if (key === 'missing' && (value === 'default' || value === 'null')) prefs.missing = value;
    else if (key === 'tx' && (value === 'commit' || value === 'rollback')) prefs.tx = value;
    else if (key === 'params' && value === 'single-object') prefs.singleObject = true;
    else if (key === 'handling' && (value === 'strict' || value === 'lenient'))
      prefs.strict = value === 'strict';
    else if (key === 'max-affected' && value !== undefined && /^\d{1,15}$/.test(value))
      prefs.maxAffected = Number(value);
  }
  return prefs;
}
