// The '+1' streak pop (spec point 2): once per browser session while the streak is above 0, for 900 ms.
// The session marker lives in session storage, so a new browser session pops again.
const MARKER_KEY = 'spotter.streak-pop.shown';

function safeSessionStorage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/** True when the pop should show now (streak above 0, not yet shown in this browser session). */
export function shouldShowStreakPop(
  streak: number | null | undefined,
  storage: Storage | null = safeSessionStorage(),
): boolean {
  if ((streak ?? 0) <= 0) return false;
  try {
    return storage?.getItem(MARKER_KEY) !== '1';
  } catch {
    return false;
  }
}

export function markStreakPopShown(storage: Storage | null = safeSessionStorage()): void {
  try {
    storage?.setItem(MARKER_KEY, '1');
  } catch {
    // storage unavailable: it would pop again on the next page load, at most
  }
}
