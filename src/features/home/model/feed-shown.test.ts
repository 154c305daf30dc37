import { describe, expect, it } from 'vitest';
import { FEED_ROWS_AT_ONCE, shownWindow } from './feed-shown';

const windowOf = (n: number) => ({ items: Array.from({ length: n }, (_, i) => `row ${i}`) });
const cut = (w: { items: string[] }) => ({ ...w, items: w.items.slice(0, FEED_ROWS_AT_ONCE) });

describe('the feed window shown while the background pass lags', () => {
  it('is the live one once the background pass has caught up', () => {
    const live = windowOf(20);
    expect(shownWindow(live, live, cut(live))).toBe(live);
  });

  it("is the live window's first rows while the lagging one is empty (a new device) or missing", () => {
    const live = windowOf(20);
    const firstRows = cut(live);
    expect(shownWindow(live, windowOf(0), firstRows)).toBe(firstRows);
    expect(shownWindow(live, undefined, firstRows)).toBe(firstRows);
    expect(shownWindow(live, windowOf(FEED_ROWS_AT_ONCE - 1), firstRows)?.items).toHaveLength(
      FEED_ROWS_AT_ONCE,
    );
  });

  it('is the lagging window when it already shows as many rows (a new item, or "load more")', () => {
    const lagging = windowOf(20);
    expect(shownWindow(windowOf(21), lagging, cut(windowOf(21)))).toBe(lagging);
    expect(shownWindow(windowOf(40), lagging, cut(windowOf(40)))).toBe(lagging);
    // A window emptied meanwhile keeps the old rows until the pass lands, as before.
    expect(shownWindow(windowOf(0), lagging, windowOf(0))).toBe(lagging);
  });

  it('is nothing before the window is read', () => {
    expect(shownWindow(undefined, undefined, undefined)).toBeUndefined();
  });
});
