import { describe, expect, it } from 'vitest';
import { parseFilter } from '../../supabase/emulator/src/realtime/filters';
import { REALTIME_IN_LIMIT, inFilters } from './in-filters';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `id${i}`);

describe('inFilters', () => {
  it('gives no binding for no values and one for up to 100', () => {
    expect(inFilters('id', [])).toEqual([]);
    expect(inFilters('id', ['a', 'b'])).toEqual(['id=in.(a,b)']);
    expect(inFilters('id', ids(REALTIME_IN_LIMIT))).toHaveLength(1);
  });

  it('splits 250 values into 100 + 100 + 50, in order, each accepted by a Realtime-like parser', () => {
    const values = ids(250);
    const filters = inFilters('id', values);
    expect(filters).toHaveLength(3);
    const parsed = filters.map((f) => parseFilter(f));
    const lists = parsed.map((p) => (p.ok ? p.filters[0]!.values : []));
    expect(lists.map((l) => l.length)).toEqual([100, 100, 50]);
    expect(lists.flat()).toEqual(values);
    // The whole list in one filter is what hosted Realtime (and the emulator) refuse.
    expect(parseFilter(`id=in.(${values.join(',')})`).ok).toBe(false);
  });

  it('refuses a limit below one', () => {
    expect(() => inFilters('id', ['a'], 0)).toThrow(RangeError);
  });
});
