/** Rows of the feed's window rendered at once (about a phone screen's); the rest follow in a background pass. */
export const FEED_ROWS_AT_ONCE = 3;

/**
 * The window the feed renders while React's background pass (`useDeferredValue`) lags behind the live
 * one: the lagging window when it shows at least the live window's first rows, else those first rows
 * (`firstRows`: the live window cut to FEED_ROWS_AT_ONCE) at once.
 *
 * The second case is a new device: its live window starts as the empty default, so the deferred value
 * was an empty window, not nothing, and the server's first page waited for the background pass, which
 * the history's writes kept interrupting (bench sync new device: the feed at 1.0-1.2 s in half the
 * runs, at 0.5 s in the others).
 */
export function shownWindow<W extends { items: readonly unknown[] }>(
  live: W | undefined,
  deferred: W | undefined,
  firstRows: W | undefined,
): W | undefined {
  if (deferred === live) return deferred;
  if (deferred !== undefined && deferred.items.length >= (firstRows?.items.length ?? 0)) return deferred;
  return firstRows;
}
