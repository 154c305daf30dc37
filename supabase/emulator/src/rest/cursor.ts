/**
 * A small hand-written scanner shared by the select, filter and order parsers. Nothing here builds
 * SQL: it only splits PostgREST syntax into names and values, which are later checked against the
 * catalog (names) or bound as parameters (values).
 */
import type { Field, JsonKey } from './ast';
import { parseError } from './errors';

const MAX_JSON_PATH = 32;

export class Cursor {
  pos = 0;

  constructor(readonly text: string) {}

  get done(): boolean {
    return this.pos >= this.text.length;
  }

  peek(offset = 0): string {
    return this.text[this.pos + offset] ?? '';
  }

  startsWith(prefix: string): boolean {
    return this.text.startsWith(prefix, this.pos);
  }

  eat(prefix: string): boolean {
    if (!this.startsWith(prefix)) return false;
    this.pos += prefix.length;
    return true;
  }

  expect(prefix: string, what: string): void {
    if (!this.eat(prefix)) throw this.fail(`expected ${what}`);
  }

  skipSpaces(): void {
    while (this.peek() === ' ' || this.peek() === '\t' || this.peek() === '\n') this.pos++;
  }

  rest(): string {
    const value = this.text.slice(this.pos);
    this.pos = this.text.length;
    return value;
  }

  fail(expected: string): Error {
    const near = this.text.slice(this.pos, this.pos + 20);
    return parseError(
      `unexpected ${near === '' ? 'end of input' : `"${near}"`} at position ${this.pos} (${expected})`,
      `"failed to parse ${this.text.slice(0, 80)}"`,
    );
  }

  /**
   * An identifier: double-quoted (any characters but `"`), or a run of characters that are not in
   * `stops`; a `-` is part of it unless it starts a `->` JSON arrow.
   */
  readName(stops: string): string {
    if (this.eat('"')) {
      const end = this.text.indexOf('"', this.pos);
      if (end < 0) throw this.fail('a closing double quote');
      const name = this.text.slice(this.pos, end);
      this.pos = end + 1;
      if (name === '') throw this.fail('a non-empty quoted name');
      return name;
    }
    const start = this.pos;
    while (!this.done) {
      const ch = this.peek();
      if (stops.includes(ch) || ch === '"') break;
      if (ch === '-' && this.peek(1) === '>') break;
      if (ch === ':' && this.peek(1) === ':') break;
      this.pos++;
    }
    const name = this.text.slice(start, this.pos).trim();
    if (name === '') throw this.fail('a name');
    return name;
  }

  /** A name followed by an optional JSON path (`col->a->>0`). */
  readField(stops: string): Field {
    const name = this.readName(stops);
    return { name, jsonPath: this.readJsonPath(stops) };
  }

  readJsonPath(stops: string): JsonKey[] {
    const jsonPath: JsonKey[] = [];
    while (this.startsWith('->')) {
      // Postgres nests one expression per key; a very long path would exhaust its stack (a 500).
      if (jsonPath.length >= MAX_JSON_PATH) throw this.fail(`at most ${MAX_JSON_PATH} JSON path keys`);
      const arrow = this.eat('->>') ? '->>' : '->';
      if (arrow === '->') this.pos += 2;
      const key = this.readName(stops);
      jsonPath.push({ arrow, key, index: /^-?\d+$/.test(key) });
    }
    return jsonPath;
  }

  /**
   * A value inside a logic tree or an `in` list: double-quoted with `\` escapes, or up to the next
   * `,` or `)`.
   */
  readListValue(): string {
    if (this.eat('"')) {
      let value = '';
      while (!this.done) {
        const ch = this.peek();
        if (ch === '\\') {
          value += this.peek(1);
          this.pos += 2;
        } else if (ch === '"') {
          this.pos++;
          return value;
        } else {
          value += ch;
          this.pos++;
        }
      }
      throw this.fail('a closing double quote');
    }
    const start = this.pos;
    while (!this.done && this.peek() !== ',' && this.peek() !== ')') this.pos++;
    return this.text.slice(start, this.pos);
  }
}
