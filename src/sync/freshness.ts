// Data freshness (spec point 4): when the window regains focus and the last completed sync is older
// than 5 minutes (or never happened), ask the sync worker to resync. Returns the listener's cleanup.
import { STALE_REFRESH_ON_FOCUS_MS } from '../domain/constants';

export interface FocusTarget {
  addEventListener(type: 'focus', listener: () => void): void;
  removeEventListener(type: 'focus', listener: () => void): void;
}

export interface FreshnessOptions {
  target?: FocusTarget;
  /** ISO time of the last completed sync (the worker's status / sync_meta), or null. */
  lastSyncedAt: () => string | null;
  syncNow: () => unknown;
  now?: () => number;
  staleMs?: number;
}

export function isStale(
  lastSyncedAt: string | null,
  now: number,
  staleMs = STALE_REFRESH_ON_FOCUS_MS,
): boolean {
  if (lastSyncedAt === null) return true;
  const at = Date.parse(lastSyncedAt);
  return Number.isNaN(at) || now - at > staleMs;
}

export function refreshOnFocus(options: FreshnessOptions): () => void {
  const target = options.target ?? globalThis;
  const now = options.now ?? (() => Date.now());
  const onFocus = () => {
    if (isStale(options.lastSyncedAt(), now(), options.staleMs)) void options.syncNow();
  };
  target.addEventListener('focus', onFocus);
  return () => target.removeEventListener('focus', onFocus);
}
