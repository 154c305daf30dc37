/**
 * `postgres_changes` filters as hosted Realtime accepts them: one `column=op.value` per binding with
 * op in eq neq lt lte gt gte in (`in.(a,b,c)`). Values are normalised once, at subscribe time, by
 * casting them to the column's type in SQL and taking `to_jsonb`, so they compare like the
 * `to_jsonb(NEW)` record values the capture trigger writes.
 */

export const FILTER_OPS = ['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in'] as const;
export type FilterOp = (typeof FILTER_OPS)[number];

export interface ParsedFilter {
  column: string;
  op: FilterOp;
  /** Raw text values: one for scalar operators, the list for `in`. */
  values: string[];
}

export interface ReadyFilter {
  column: string;
  op: FilterOp;
  /** The column's type name (pg_type.typname) */
  type: string;
  /** JSON values, as `to_jsonb(value::type)` gives them. */
  values: unknown[];
}

export type FilterParse = { ok: true; filter: ParsedFilter } | { ok: false; error: string };

export function parseFilter(raw: string): FilterParse {
  const eq = raw.indexOf('=');
  if (eq <= 0) return { ok: false, error: `Error parsing \`filter\` params: ${raw}` };
  const column = raw.slice(0, eq);
  const rest = raw.slice(eq + 1);
  const dot = rest.indexOf('.');
  if (dot <= 0) return { ok: false, error: `Error parsing \`filter\` params: ${raw}` };
  const op = rest.slice(0, dot);
  const value = rest.slice(dot + 1);
  if (!(FILTER_OPS as readonly string[]).includes(op)) {
    return { ok: false, error: `Error parsing \`filter\` params: unsupported operator ${op}` };
  }
  if (op === 'in') {
    const match = /^\((.*)\)$/s.exec(value);
    if (!match) return { ok: false, error: `Error parsing \`filter\` params: ${raw}` };
    const values = splitList(match[1] ?? '');
    if (values.length === 0 || values.length > 100) {
      return { ok: false, error: `Error parsing \`filter\` params: ${raw}` };
    }
    return { ok: true, filter: { column, op: 'in', values } };
  }
  return { ok: true, filter: { column, op: op as FilterOp, values: [value] } };
}

/** Splits `a,"b,c",d` (double quotes protect commas, as in a Postgres array literal). */
function splitList(list: string): string[] {
  const out: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < list.length; i++) {
    const ch = list[i] ?? '';
    if (ch === '"') {
      quoted = !quoted;
    } else if (ch === '\\' && quoted && i + 1 < list.length) {
      current += list[++i] ?? '';
    } else if (ch === ',' && !quoted) {
      out.push(current.trim());
      current = '';
    } else {
      current += ch;
    }
  }
  out.push(current.trim());
  return out;
}

const TIME_TYPES = new Set(['timestamptz', 'timestamp']);

/** Microseconds since the epoch for an ISO-like timestamp, keeping the sub-millisecond digits. */
function micros(value: string): number | null {
  const match = /^(.*?[T ]\d{2}:\d{2}:\d{2})(?:\.(\d+))?(.*)$/.exec(value);
  if (!match) return null;
  const [, head = '', fraction = '', zone = ''] = match;
  const base = Date.parse(`${head.replace(' ', 'T')}${zone ? normaliseZone(zone) : 'Z'}`);
  if (Number.isNaN(base)) return null;
  return base * 1000 + Number((fraction + '000000').slice(0, 6));
}

function normaliseZone(zone: string): string {
  if (zone === 'Z' || zone === 'z') return 'Z';
  const m = /^([+-])(\d{2})(?::?(\d{2}))?$/.exec(zone);
  return m ? `${m[1]}${m[2]}:${m[3] ?? '00'}` : zone;
}

function compare(a: unknown, b: unknown, type: string): number | null {
  if (typeof a === 'number' && typeof b === 'number') return a === b ? 0 : a < b ? -1 : 1;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  if (typeof a === 'string' && typeof b === 'string') {
    if (TIME_TYPES.has(type)) {
      const x = micros(a);
      const y = micros(b);
      if (x !== null && y !== null) return x === y ? 0 : x < y ? -1 : 1;
    }
    return a === b ? 0 : a < b ? -1 : 1;
  }
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object') {
    return JSON.stringify(a) === JSON.stringify(b) ? 0 : null;
  }
  return null;
}

/** SQL semantics: a NULL or missing column value matches no operator. */
export function matchesFilter(filter: ReadyFilter, row: Record<string, unknown> | null): boolean {
  if (!row || !(filter.column in row)) return false;
  const value = row[filter.column];
  if (value === null || value === undefined) return false;
  if (filter.op === 'in') return filter.values.some((v) => compare(value, v, filter.type) === 0);
  const order = compare(value, filter.values[0], filter.type);
  if (order === null) return filter.op === 'neq';
  switch (filter.op) {
    case 'eq':
      return order === 0;
    case 'neq':
      return order !== 0;
    case 'lt':
      return order < 0;
    case 'lte':
      return order <= 0;
    case 'gt':
      return order > 0;
    case 'gte':
      return order >= 0;
  }
}
