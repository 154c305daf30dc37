/**
 * Bounds on what one REST request may ask for, checked after parsing and before any SQL runs (issue 34,
 * item 3). PGlite runs one statement at a time and cannot cancel it (no timers, so `statement_timeout`
 * never fires there): a request built to be slow (hundreds of `or` terms, many filters, thousands of `in`
 * values, embeds nested deep) would hold the embedded server for every other request. Hosted, the
 * gateway's URL length and the roles' `statement_timeout` (migration 20261126171100) bound the same. The
 * query string itself is bounded before it is parsed: Node's HTTP server answers 431 to a request head
 * over 16 KiB (its default `maxHeaderSize`), and one parameter holds at most 16,384 characters
 * (query-params.ts).
 *
 * The limits are far above what the app sends: the sync worker's pull has one `or` tree of 3 conditions
 * (sync-worker/core/replicate-collection.ts), its largest `in` lists are 100 ids (settling stale pushes)
 * and one id per friend, and it embeds nothing. A refused request gets 400 with a
 * PostgREST-shaped body and code SPQ03 (docs/database.md), and nothing runs.
 */
import type { FilterNode, SelectItem } from './ast';
import { RestError } from './errors';
import type { ParsedQuery } from './query-params';

/** Leaf conditions in the whole request: plain filters and those inside `or`/`and` trees, every scope. */
export const MAX_CONDITIONS = 100;
/** Leaf conditions inside `or`/`and` trees (which no index serves as a whole), every scope. */
export const MAX_LOGIC_TERMS = 50;
/** Values in all `in` lists together (one list holds at most MAX_IN_VALUES, parse-filter.ts). */
export const MAX_IN_VALUES_TOTAL = 1000;
/** Embeds inside embeds: `a(b(c(*)))` is 3 levels. */
export const MAX_EMBED_DEPTH = 3;
/** Embedded resources in the select, at any level. */
export const MAX_EMBEDS = 10;

export function tooComplex(details: string): RestError {
  return new RestError(400, 'SPQ03', 'Request too complex', details, null);
}

interface Tally {
  conditions: number;
  logicTerms: number;
  inValues: number;
}

function countFilter(node: FilterNode, insideLogic: boolean, tally: Tally): void {
  if (node.kind === 'logic') {
    for (const child of node.children) countFilter(child, true, tally);
    return;
  }
  tally.conditions += 1;
  if (insideLogic) tally.logicTerms += 1;
  if (Array.isArray(node.value)) tally.inValues += node.value.length;
}

function countEmbeds(items: readonly SelectItem[], depth: number, seen: { embeds: number; depth: number }) {
  for (const item of items) {
    if (item.kind !== 'embed') continue;
    seen.embeds += 1;
    seen.depth = Math.max(seen.depth, depth);
    countEmbeds(item.items, depth + 1, seen);
  }
}

/** Throws SPQ03 when a parsed request is over one of the bounds above. */
export function checkRequestShape(query: ParsedQuery): void {
  const tally: Tally = { conditions: 0, logicTerms: 0, inValues: 0 };
  for (const scope of query.scopes.values()) {
    for (const filter of scope.filters) countFilter(filter, false, tally);
  }
  if (tally.conditions > MAX_CONDITIONS) {
    throw tooComplex(`A request holds at most ${MAX_CONDITIONS} filter conditions (${tally.conditions})`);
  }
  if (tally.logicTerms > MAX_LOGIC_TERMS) {
    throw tooComplex(
      `Logic trees (or, and) hold at most ${MAX_LOGIC_TERMS} conditions (${tally.logicTerms})`,
    );
  }
  if (tally.inValues > MAX_IN_VALUES_TOTAL) {
    throw tooComplex(
      `The in lists of a request hold at most ${MAX_IN_VALUES_TOTAL} values (${tally.inValues})`,
    );
  }
  const seen = { embeds: 0, depth: 0 };
  countEmbeds(query.select ?? [], 1, seen);
  if (seen.depth > MAX_EMBED_DEPTH) {
    throw tooComplex(`Embeds nest at most ${MAX_EMBED_DEPTH} levels deep (${seen.depth})`);
  }
  if (seen.embeds > MAX_EMBEDS) {
    throw tooComplex(`A request embeds at most ${MAX_EMBEDS} resources (${seen.embeds})`);
  }
}
