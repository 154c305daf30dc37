/**
 * When a new service worker takes control, the page reloads (spec point 4: an update or activation
 * reloads the page), so it never runs old chunks against a new precache. Guards:
 * - a page that was not controlled yet (first visit) is already current: the first worker claims it
 *   without a reload, so a first visit is never interrupted;
 * - at most one reload per 10 s, so a broken update cannot loop.
 */

export const RELOAD_MARKER = 'spotter:sw-reload';
export const RELOAD_COOLDOWN_MS = 10_000;

export interface ReloadDecisionInput {
  /** The page had a controlling service worker when it registered (this is an update). */
  wasControlled: boolean;
  /** When this tab last reloaded for a service worker (session storage), or null. */
  lastReloadAt: number | null;
  now: number;
}

export function shouldReloadForNewWorker(input: ReloadDecisionInput): boolean {
  if (!input.wasControlled) return false;
  if (input.lastReloadAt !== null && input.now - input.lastReloadAt < RELOAD_COOLDOWN_MS) return false;
  return true;
}

export function parseReloadMarker(value: string | null): number | null {
  if (value === null) return null;
  const at = Number(value);
  return Number.isFinite(at) ? at : null;
}
