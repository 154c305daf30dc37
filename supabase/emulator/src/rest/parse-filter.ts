/**
 * Parsers for filters (`col=not.op.value`), logic trees (`or=(a.eq.1,and(b.gt.2,c.is.null))`),
 * `order` and the keys of query parameters (`embed.col`, `embed.or`, `"quoted"`), following
 * PostgREST's QueryParams.hs: in trees and `in` lists a value ends at `,` or `)` unless double-quoted;
 * a plain filter value runs to the end of the parameter.
 */
import {
  OPERATORS,
  type Condition,
  type Field,
  type FilterNode,
  type Logic,
  type Operator,
  type OrderTerm,
} from './ast';
import { Cursor } from './cursor';
import { parseError } from './errors';

const OPERATOR_SET: ReadonlySet<string> = new Set(OPERATORS);
const TREE_FIELD_STOPS = '.,()';

/** `[not.]op[(modifier)].` at the cursor. */
function readOperator(cursor: Cursor): Pick<Condition, 'negate' | 'op' | 'quantifier' | 'language'> {
  const negate = cursor.eat('not.');
  const start = cursor.pos;
  while (!cursor.done && /[a-z]/.test(cursor.peek())) cursor.pos++;
  const name = cursor.text.slice(start, cursor.pos);
  if (!OPERATOR_SET.has(name)) {
    throw parseError(
      `unknown operator "${name.slice(0, 40)}"`,
      `"failed to parse filter (${cursor.text.slice(0, 80)})"`,
    );
  }
  const op = name as Operator;
  let quantifier: Condition['quantifier'] = null;
  let language: string | null = null;
  if (cursor.eat('(')) {
    const end = cursor.text.indexOf(')', cursor.pos);
    if (end < 0) throw cursor.fail('")" after the operator modifier');
    const modifier = cursor.text.slice(cursor.pos, end);
    cursor.pos = end + 1;
    if (op.endsWith('fts')) {
      if (!/^[a-z_]+$/i.test(modifier)) throw cursor.fail('a text search configuration name');
      language = modifier;
    } else if ((modifier === 'any' || modifier === 'all') && QUANTIFIABLE.has(op)) {
      quantifier = modifier;
    } else {
      throw cursor.fail('(any) or (all)');
    }
  }
  cursor.expect('.', '"." after the operator');
  return { negate, op, quantifier, language };
}

const QUANTIFIABLE: ReadonlySet<Operator> = new Set([
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
]);

/**
 * The most values one `in.(...)` list may hold. PostgREST has no such cap; hosted, the URL length does it
 * (reports of "URI too long" from about 400 UUIDs up). A list this long is refused with PGRST100 before
 * Postgres plans an IN of that size. The app's largest lists: settling stale pushes sends 100 ids at a
 * time, and the friends' profiles pull one id per friend.
 */
export const MAX_IN_VALUES = 1000;

function readInList(cursor: Cursor): string[] {
  cursor.expect('(', '"(" to open the in list');
  const values: string[] = [];
  cursor.skipSpaces();
  if (cursor.eat(')')) return values;
  do {
    if (values.length === MAX_IN_VALUES) {
      throw parseError(
        `an in list holds at most ${MAX_IN_VALUES} values`,
        `"failed to parse filter (${cursor.text.slice(0, 80)})"`,
      );
    }
    values.push(cursor.readListValue());
  } while (cursor.eat(','));
  cursor.expect(')', '")" to close the in list');
  return values;
}

function checkIsValue(value: string, cursor: Cursor): string {
  const lower = value.toLowerCase();
  if (!['null', 'not_null', 'true', 'false', 'unknown'].includes(lower)) {
    throw parseError(
      `"is" accepts null, not_null, true, false or unknown, not "${value.slice(0, 40)}"`,
      `"failed to parse filter (${cursor.text.slice(0, 80)})"`,
    );
  }
  return lower;
}

/** The value of a plain filter parameter, e.g. `not.in.(1,2)` for the column `field`. */
export function parseFilterValue(field: Field, text: string): Condition {
  const cursor = new Cursor(text);
  const operator = readOperator(cursor);
  let value: string | string[];
  if (operator.op === 'in') {
    value = readInList(cursor);
    if (!cursor.done) throw cursor.fail('the end of the in list');
  } else {
    value = cursor.rest();
    if (operator.op === 'is') value = checkIsValue(value, cursor);
  }
  return { kind: 'condition', field, ...operator, value };
}

/** The value of `or=` / `and=` (and of `embed.or=`): a parenthesised list. */
export function parseLogicTree(op: 'and' | 'or', negate: boolean, text: string): Logic {
  const cursor = new Cursor(text);
  const tree = readTree(cursor, op, negate, 0);
  if (!cursor.done) throw cursor.fail('the end of the logic tree');
  return tree;
}

function readTree(cursor: Cursor, op: 'and' | 'or', negate: boolean, depth: number): Logic {
  if (depth > 32) throw cursor.fail('at most 32 nested logic trees');
  cursor.expect('(', `"(" to open the ${op} list`);
  const children: FilterNode[] = [];
  do {
    cursor.skipSpaces();
    children.push(readTreeElement(cursor, depth));
    cursor.skipSpaces();
  } while (cursor.eat(','));
  cursor.expect(')', `")" to close the ${op} list`);
  return { kind: 'logic', op, negate, children };
}

function readTreeElement(cursor: Cursor, depth: number): FilterNode {
  for (const [prefix, op, negate] of [
    ['not.and(', 'and', true],
    ['not.or(', 'or', true],
    ['and(', 'and', false],
    ['or(', 'or', false],
  ] as const) {
    if (cursor.startsWith(prefix)) {
      cursor.pos += prefix.length - 1;
      return readTree(cursor, op, negate, depth + 1);
    }
  }
  const field = cursor.readField(TREE_FIELD_STOPS);
  cursor.expect('.', '"." after the column name');
  const operator = readOperator(cursor);
  let value: string | string[];
  if (operator.op === 'in') value = readInList(cursor);
  else {
    value = cursor.readListValue();
    if (operator.op === 'is') value = checkIsValue(value, cursor);
  }
  return { kind: 'condition', field, ...operator, value };
}

/** `order=a.desc.nullslast,b,"c".asc,data->>k.desc` */
export function parseOrder(text: string): OrderTerm[] {
  const cursor = new Cursor(text);
  const terms: OrderTerm[] = [];
  do {
    cursor.skipSpaces();
    const field = cursor.readField(TREE_FIELD_STOPS);
    if (cursor.peek() === '(')
      throw cursor.fail('a column (ordering by embedded resources is not supported)');
    let direction: OrderTerm['direction'] = null;
    let nulls: OrderTerm['nulls'] = null;
    while (cursor.eat('.')) {
      if (cursor.eat('asc')) direction = 'asc';
      else if (cursor.eat('desc')) direction = 'desc';
      else if (cursor.eat('nullsfirst')) nulls = 'first';
      else if (cursor.eat('nullslast')) nulls = 'last';
      else throw cursor.fail('asc, desc, nullsfirst or nullslast');
    }
    terms.push({ field, direction, nulls });
    cursor.skipSpaces();
  } while (cursor.eat(','));
  if (!cursor.done) throw cursor.fail('"," or the end of order');
  return terms;
}

export type FilterKey =
  | { kind: 'field'; path: string[]; field: Field }
  | { kind: 'logic'; path: string[]; op: 'and' | 'or'; negate: boolean }
  | { kind: 'order' | 'limit' | 'offset'; path: string[] };

/** A query parameter's key: `col`, `"col"`, `data->>k`, `embed.col`, `embed.or`, `not.or`, `embed.limit`. */
export function parseFilterKey(key: string): FilterKey {
  const cursor = new Cursor(key);
  const segments: string[] = [];
  let quotedLast: boolean;
  for (;;) {
    quotedLast = cursor.peek() === '"';
    const name = cursor.readName('.');
    if (cursor.startsWith('->')) {
      const field = { name, jsonPath: cursor.readJsonPath('.') };
      if (!cursor.done) throw cursor.fail('the end of the column name');
      return { kind: 'field', path: segments, field };
    }
    segments.push(name);
    if (!cursor.eat('.')) break;
  }
  if (!cursor.done) throw cursor.fail('the end of the parameter name');
  const last = segments[segments.length - 1] ?? '';
  const beforeLast = segments[segments.length - 2];
  if (!quotedLast) {
    if ((last === 'or' || last === 'and') && beforeLast === 'not') {
      return { kind: 'logic', path: segments.slice(0, -2), op: last, negate: true };
    }
    if (last === 'or' || last === 'and')
      return { kind: 'logic', path: segments.slice(0, -1), op: last, negate: false };
    if (segments.length > 1 && (last === 'order' || last === 'limit' || last === 'offset')) {
      return { kind: last, path: segments.slice(0, -1) };
    }
  }
  return { kind: 'field', path: segments.slice(0, -1), field: { name: last, jsonPath: [] } };
}

/** `columns="a","b",c` */
export function parseColumns(text: string): string[] {
  const cursor = new Cursor(text);
  const names: string[] = [];
  do {
    cursor.skipSpaces();
    names.push(cursor.readName(','));
    cursor.skipSpaces();
  } while (cursor.eat(','));
  if (!cursor.done) throw cursor.fail('"," or the end of columns');
  return names;
}
