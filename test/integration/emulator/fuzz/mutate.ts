/**
 * Mutations for the hostile-input suites: small random edits of valid inputs (the inputs a parser most
 * likely mishandles are near-valid ones), plus random JSON values. Everything is drawn from a seeded
 * generator so a failure replays from its seed.
 */
import type { SeededRandom } from '../../../support/seeded-random';

/** Fragments that break quoting, nesting, encoding or SQL when pasted into the middle of an input. */
export const HOSTILE_FRAGMENTS = [
  "'",
  '"',
  '\\',
  '(',
  ')',
  '((',
  '))',
  ',',
  '.',
  ':',
  '::',
  ';',
  '*',
  '%',
  '%00',
  '%ZZ',
  '%25',
  '&',
  '=',
  '!',
  '->',
  '->>',
  '{',
  '}',
  '[',
  ']',
  '$1',
  '--',
  '/*',
  '*/',
  "'; drop table public.rt_canary; --",
  ') or (1=1',
  'not.',
  'is.',
  'in.(',
  'cs.{',
  'eq.',
  'and(',
  'or(',
  '!inner',
  '...',
  'null',
  'true',
  '💪',
  'ß',
  '\u202e',
  '\ud800',
  'x'.repeat(300),
  '9'.repeat(40),
  '-1',
  '1e309',
];

const CHARS = `()[]{},.;:'"\\*%&=!<>|~^$#@ _-+/?0123456789azAZäé💪\u0000\t`;

/** One random edit of `text`. */
export function mutateOnce(rnd: SeededRandom, text: string): string {
  const at = rnd.int(text.length + 1);
  switch (rnd.int(8)) {
    case 0:
      return text.slice(0, at) + rnd.pick(HOSTILE_FRAGMENTS) + text.slice(at);
    case 1: {
      const end = Math.min(text.length, at + 1 + rnd.int(8));
      return text.slice(0, at) + text.slice(end);
    }
    case 2: {
      const end = Math.min(text.length, at + 1 + rnd.int(12));
      const span = text.slice(at, end);
      return text.slice(0, end) + span.repeat(1 + rnd.int(4)) + text.slice(end);
    }
    case 3:
      return text.slice(0, at) + rnd.pick([...CHARS]) + text.slice(at + 1);
    case 4: {
      // Another operator, or a made-up one, where an operator was.
      const ops = [
        'eq',
        'neq',
        'gt',
        'gte',
        'lt',
        'lte',
        'like',
        'ilike',
        'is',
        'in',
        'cs',
        'cd',
        'ov',
        'fts',
        'nxl',
        'nxr',
        'adj',
        'sl',
        'sr',
        'match',
        'imatch',
        'isdistinct',
        'not',
        'any',
        'all',
        'zz',
      ];
      return text.replace(new RegExp(`\\b${rnd.pick(ops)}\\.`), `${rnd.pick(ops)}.`);
    }
    case 5: {
      const end = Math.min(text.length, at + 1 + rnd.int(6));
      let encoded: string;
      try {
        encoded = encodeURIComponent(text.slice(at, end));
      } catch {
        encoded = '%F0%9F'; // the span split a surrogate pair: send half an encoded emoji instead
      }
      return text.slice(0, at) + encoded + text.slice(end);
    }
    case 6:
      return text.slice(0, at);
    default:
      return (
        text.slice(0, at) + text.slice(at).split('').reverse().join('').slice(0, 20) + text.slice(at + 20)
      );
  }
}

/** 1-4 random edits. */
export function mutate(rnd: SeededRandom, text: string): string {
  let out = text;
  for (let i = 1 + rnd.int(4); i > 0; i--) out = mutateOnce(rnd, out);
  return out;
}

/** A random JSON value: scalars of every type, odd numbers, long strings, deep nesting. */
export function randomJson(rnd: SeededRandom, depth = 0): unknown {
  const kind = rnd.int(depth > 3 ? 6 : 9);
  switch (kind) {
    case 0:
      return null;
    case 1:
      return rnd.chance(0.5);
    case 2:
      return rnd.pick([0, -0, 1, -1, 1.5, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), 1e308, Number.MIN_VALUE]);
    case 3:
      return rnd.pick([
        '',
        'x',
        'null',
        '{}',
        '[]',
        '1e309',
        'NaN',
        "'",
        '\u0000',
        'x'.repeat(2000),
        '2026-02-30',
        '💪',
      ]);
    case 4:
      return rnd.pick(HOSTILE_FRAGMENTS);
    case 5: {
      // Deep nesting: a parser that recurses without a bound is the classic crash.
      let v: unknown = 1;
      for (let i = 0; i < 50 + rnd.int(2000); i++) v = rnd.chance(0.5) ? [v] : { a: v };
      return v;
    }
    case 6:
      return Array.from({ length: rnd.int(5) }, () => randomJson(rnd, depth + 1));
    default:
      return Object.fromEntries(
        Array.from({ length: rnd.int(5) }, () => [
          rnd.pick([
            'a',
            'id',
            'p_id',
            'payload',
            'type',
            'event',
            '',
            '__proto__',
            'constructor',
            mutate(rnd, 'key'),
          ]),
          randomJson(rnd, depth + 1),
        ]),
      );
  }
}

/** Replaces one random node of a JSON value (or the whole) with a random value, or drops a key. */
export function mutateJson(rnd: SeededRandom, value: unknown): unknown {
  if (rnd.chance(0.15)) return randomJson(rnd);
  if (Array.isArray(value)) {
    if (value.length === 0) return [randomJson(rnd)];
    const copy: unknown[] = [...(value as unknown[])];
    const i = rnd.int(copy.length);
    copy[i] = mutateJson(rnd, copy[i]);
    return copy;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return { [rnd.pick(['a', 'type'])]: randomJson(rnd) };
    const i = rnd.int(entries.length);
    if (rnd.chance(0.2)) entries.splice(i, 1);
    else entries[i] = [entries[i]![0], mutateJson(rnd, entries[i]![1])];
    return Object.fromEntries(entries);
  }
  if (typeof value === 'string') return rnd.chance(0.5) ? mutate(rnd, value) : randomJson(rnd);
  return randomJson(rnd);
}
