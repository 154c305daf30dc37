/**
 * Parser for PostgREST's `select` parameter: `*`, `col`, `alias:col`, `col::type`, `j->k->>k2`,
 * `alias:rel!hint!inner(cols)` and `...rel(cols)` (PostgREST/postgrest:
 * src/library/PostgREST/ApiRequest/QueryParams.hs). Aggregates are refused like PostgREST does by default
 * (`db-aggregates-enabled = false`).
 */
import type { SelectItem } from './ast';
import { Cursor } from './cursor';
import { RestError } from './errors';

const NAME_STOPS = ',()!:.';

export function parseSelect(text: string): SelectItem[] {
  const cursor = new Cursor(text);
  const items = parseList(cursor, 0);
  cursor.skipSpaces();
  if (!cursor.done) throw cursor.fail('"," or the end of select');
  return items;
}

function parseList(cursor: Cursor, depth: number): SelectItem[] {
  if (depth > 16) throw cursor.fail('at most 16 levels of embedding');
  const items: SelectItem[] = [];
  do {
    cursor.skipSpaces();
    // `select=` and `rel()` select nothing from that level.
    if (cursor.done || cursor.peek() === ')') break;
    items.push(parseItem(cursor, depth));
    cursor.skipSpaces();
  } while (cursor.eat(','));
  return items;
}

function parseItem(cursor: Cursor, depth: number): SelectItem {
  if (cursor.eat('*')) return { kind: 'star' };
  const spread = cursor.eat('...');
  const first = cursor.readName(NAME_STOPS);
  let alias: string | null = null;
  let name = first;
  if (cursor.peek() === ':' && cursor.peek(1) !== ':') {
    cursor.pos++;
    alias = first;
    name = cursor.readName(NAME_STOPS);
  }
  cursor.skipSpaces();
  if (cursor.peek() === '!' || cursor.peek() === '(') {
    if (name === 'count' && cursor.startsWith('()')) throw aggregatesNotAllowed();
    let hint: string | null = null;
    let inner = false;
    while (cursor.eat('!')) {
      const word = cursor.readName(NAME_STOPS);
      if (word === 'inner') inner = true;
      else if (word !== 'left') hint = word;
    }
    cursor.expect('(', '"(" to open the embedded resource');
    const items = parseList(cursor, depth + 1);
    cursor.expect(')', '")" to close the embedded resource');
    return { kind: 'embed', relation: name, alias, hint, inner, spread, items };
  }
  if (spread) throw cursor.fail('"(" after a spread relation');
  const field = { name, jsonPath: cursor.readJsonPath(NAME_STOPS) };
  if (cursor.peek() === '.') throw aggregatesNotAllowed();
  let cast: string | null = null;
  if (cursor.eat('::')) {
    const match = /^[A-Za-z_][A-Za-z0-9_ ]*(\[\])?/.exec(cursor.text.slice(cursor.pos));
    if (!match) throw cursor.fail('a type name after "::"');
    cursor.pos += match[0].length;
    cast = match[0].trim().toLowerCase().replace(/\s+/g, ' ');
  }
  return { kind: 'column', field, alias, cast };
}

function aggregatesNotAllowed(): RestError {
  return new RestError(400, 'PGRST123', 'Use of aggregate functions is not allowed');
}
