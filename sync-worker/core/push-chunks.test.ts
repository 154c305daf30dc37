import { describe, expect, it } from 'vitest';
import { pushChunks } from './push-chunks';

const row = (id: number, notes = '') => ({
  newDocumentState: { id: `w${id}`, notes },
  assumedMasterState: null,
});
const bodyBytes = (rows: unknown[]) => new TextEncoder().encode(JSON.stringify({ p_rows: rows })).length;

describe('pushChunks', () => {
  it('keeps a typical batch in one request, in order', () => {
    const rows = Array.from({ length: 500 }, (_, i) => row(i));
    expect(pushChunks(rows, 256 * 1024)).toEqual([rows]);
  });

  it('splits a batch of long rows into requests under the cap, every row once and in order', () => {
    const rows = Array.from({ length: 120 }, (_, i) => row(i, 'ü'.repeat(2000)));
    const chunks = pushChunks(rows, 64 * 1024);
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.flat()).toEqual(rows);
    // Under the cap with the request's own wrapper to spare (multi-byte characters counted as bytes).
    for (const chunk of chunks) expect(bodyBytes(chunk)).toBeLessThanOrEqual(64 * 1024 + 16);
  });

  it('sends a row larger than the cap alone, and nothing for no rows', () => {
    const big = row(1, 'x'.repeat(5000));
    expect(pushChunks([row(0), big, row(2)], 1000)).toEqual([[row(0)], [big], [row(2)]]);
    expect(pushChunks([], 1000)).toEqual([]);
  });
});
