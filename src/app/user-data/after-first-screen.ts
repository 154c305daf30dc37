/**
 * "After the first signed-in screen": the moment the page may start work the screen does not need, such as
 * the sync worker (its bundle is as large as the screen's own). The screen has rendered when the router has
 * no navigation or lazy chunk pending; then one frame is painted and the browser gets an idle moment.
 */

/** The parts of the router this reads (TanStack Router's `router.state` and `subscribe`). */
export interface RouterLike {
  readonly state: { readonly status: 'pending' | 'idle'; readonly isLoading: boolean };
  subscribe(event: 'onResolved', listener: () => void): () => void;
}

/** Longest wait for an idle moment: a busy page still starts the work soon after. */
export const IDLE_TIMEOUT_MS = 1500;

/** Calls `run` once, after the router settled, a paint and an idle moment; returns the cancel. */
export function afterFirstScreen(router: RouterLike, run: () => void): () => void {
  let cancelled = false;
  const cleanups: (() => void)[] = [];
  const cancel = () => {
    cancelled = true;
    for (const cleanup of cleanups.splice(0)) cleanup();
  };

  const whenIdle = () => {
    if (cancelled) return;
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(() => void (cancelled || run()), { timeout: IDLE_TIMEOUT_MS });
      cleanups.push(() => cancelIdleCallback(handle));
    } else {
      const handle = setTimeout(() => void (cancelled || run()), 50);
      cleanups.push(() => clearTimeout(handle));
    }
  };
  const afterPaint = () => {
    if (cancelled) return;
    if (typeof requestAnimationFrame === 'function') {
      const handle = requestAnimationFrame(() => whenIdle());
      cleanups.push(() => cancelAnimationFrame(handle));
    } else whenIdle();
  };

  if (router.state.status === 'idle' && !router.state.isLoading) afterPaint();
  else {
    const unsubscribe = router.subscribe('onResolved', () => {
      unsubscribe();
      afterPaint();
    });
    cleanups.push(unsubscribe);
  }
  return cancel;
}
