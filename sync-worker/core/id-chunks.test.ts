import { describe, expect, it } from 'vitest';
import { chunked, IDS_PER_REQUEST } from './id-chunks';

describe('chunked', () => {
  it('splits in order into chunks of at most IDS_PER_REQUEST, none for none', () => {
    const ids = Array.from({ length: 250 }, (_, i) => `id-${i}`);
    const chunks = chunked(ids);
    expect(chunks.map((c) => c.length)).toEqual([IDS_PER_REQUEST, IDS_PER_REQUEST, 50]);
    expect(chunks.flat()).toEqual(ids);
    expect(chunked([])).toEqual([]);
    expect(chunked(['a', 'b', 'c'], 2)).toEqual([['a', 'b'], ['c']]);
  });
});
