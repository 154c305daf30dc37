/**
 * `postgres_changes` filters: `column=op.value` with op in eq neq lt lte gt gte in (`in.(a,b,c)`), as
 * hosted Realtime accepts them, plus what newer realtime-js filter builders write: `is`, `not.` and
 * several comma-joined conditions (ANDed). Values are normalised once, at subscribe time, by
 * casting them to the column's type in SQL and taking `to_jsonb`, so they compare like the
 * `to_jsonb(NEW)` record values the capture trigger writes.
 */

export const FILTER_OPS = ['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in', 'is'] as const;
export type FilterOp = (typeof FILTER_OPS)[number];

export interface ParsedFilter {
  column: string;
  op: FilterOp;
  negate: boolean;
  /** Raw text values: one for scalar operators, the list for `in`; null/true/false for `is`. */
  values: string[];
}

export interface ReadyFilter {
  column: string;
  op: FilterOp;
  negate: boolean;
  /** The column's type name (pg_type.typname) */
  type: string;
  /** JSON values, as `to_jsonb(value::type)` gives them (`is`: null, true or false). */
  values: unknown[];
}

export type FilterParse = { ok: true; filters: ParsedFilter[] } | { ok: false; error: string };

/**
 * Parses `col=op.value`, as realtime-js's filter builder writes it: several conditions joined by
 * commas are ANDed, `not.` negates, values with `,()"\` are double-quoted with backslash escapes.
 */
export function parseFilter(raw: string): FilterParse {
  const fail = (why: string): FilterParse => ({
    ok: false,
    error: `Error parsing \`filter\` params: ${why}`,
  });
  const parts = splitTopLevel(raw);
  if (!parts || parts.length === 0 || parts.length > 10) return fail(raw);
  const filters: ParsedFilter[] = [];
  for (const part of parts) {
    const eq = part.indexOf('=');
    if (eq <= 0) return fail(raw);
    const column = part.slice(0, eq);
    let rest = part.slice(eq + 1);
    const negate = rest.startsWith('not.');
    if (negate) rest = rest.slice(4);
    const dot = rest.indexOf('.');
    if (dot <= 0) return fail(raw);
    const op = rest.slice(0, dot);
    const value = rest.slice(dot + 1);
    if (!(FILTER_OPS as readonly string[]).includes(op)) return fail(`unsupported operator ${op}`);
    if (op === 'in') {
      const match = /^\((.*)\)$/s.exec(value);
      const values = match ? splitList(match[1] ?? '') : null;
      if (!values || values.length === 0 || values.length > 100) return fail(raw);
      filters.push({ column, op: 'in', negate, values });
    } else if (op === 'is') {
      if (!['null', 'true', 'false'].includes(value.toLowerCase())) return fail(raw);
      filters.push({ column, op: 'is', negate, values: [value.toLowerCase()] });
    } else {
      const values = splitList(value);
      if (values.length !== 1 || values[0] === undefined) return fail(raw);
      filters.push({ column, op: op as FilterOp, negate, values });
    }
  }
  return { ok: true, filters };
}

/** Splits on commas outside double quotes and parentheses; null when they do not balance. */
function splitTopLevel(raw: string): string[] | null {
  const out: string[] = [];
  let current = '';
  let depth = 0;
  let quoted = false;
  for (let i = 0; i < raw.length; i++) {
    const ch = raw[i] ?? '';
    if (quoted && ch === '\\') {
      current += ch + (raw[++i] ?? '');
      continue;
    }
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === '(') depth++;
    else if (!quoted && ch === ')') depth--;
    if (depth < 0) return null;
    if (ch === ',' && !quoted && depth === 0) {
      out.push(current);
      current = '';
    } else {
      current += ch;
    }
  }
  if (quoted || depth !== 0) return null;
  out.push(current);
  return out;
}

/** Splits `a,"b,c",d` (double quotes protect commas, backslash escapes inside quotes). */
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

/** SQL semantics: a NULL or missing column value matches no operator but `is`, negated or not. */
export function matchesFilter(filter: ReadyFilter, row: Record<string, unknown> | null): boolean {
  if (!row || !(filter.column in row)) return false;
  const value = row[filter.column] ?? null;
  if (filter.op === 'is') {
    const same = value === filter.values[0];
    return filter.negate ? !same : same;
  }
  if (value === null) return false;
  const result = compareOp(filter, value);
  return filter.negate ? !result : result;
}

function compareOp(filter: ReadyFilter, value: unknown): boolean {
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
    default:
      return order >= 0;
  }
}
