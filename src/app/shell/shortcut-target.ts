/**
 * The installed app's home-screen shortcuts (public/manifest.webmanifest, issue 37): "Check in" opens
 * `/gym?do=checkin`, "Confirm rest day" `/home?do=rest`, "Plan a workout" `/schedule?plan=1` (the plan form,
 * schedule.route.tsx). For `do=<action>` the screen's control marked `data-shortcut="<action>"` is scrolled
 * into view and focused as soon as it renders, so the action is one tap (or Enter) away, offline too (the
 * screens read local data); nothing is done on the user's behalf. The parameter then leaves the address, so
 * a reload or back does not jump again. When the screen has no such control (already checked in, a rest day
 * confirmed) the screen is simply shown.
 */
import { useEffect } from 'react';

export const SHORTCUT_PARAM = 'do';
const ACTIONS = new Set(['checkin', 'rest']);
/** How long the control is looked for and kept focused (the screen's local data loading on a cold start). */
const WAIT_MS = 5_000;

/** Focuses the control the address's shortcut names, once; returns a cleanup. */
export function focusShortcutTarget(win: Window = window): () => void {
  const url = new URL(win.location.href);
  const action = url.searchParams.get(SHORTCUT_PARAM);
  if (action === null) return () => undefined;
  // The parameter leaves the address once it has done its job (or failed to): a shell that mounts twice
  // while the app starts (the first one cleaned up) still finds it the second time.
  const forget = (): void => {
    const now = new URL(win.location.href);
    if (!now.searchParams.has(SHORTCUT_PARAM)) return;
    now.searchParams.delete(SHORTCUT_PARAM);
    win.history.replaceState(win.history.state, '', now.pathname + now.search + now.hash);
  };
  if (!ACTIONS.has(action)) {
    forget();
    return () => undefined;
  }

  const doc = win.document;
  let found = false;
  const focusTarget = (): void => {
    const target = doc.querySelector<HTMLElement>(`[data-shortcut="${action}"]:not([disabled])`);
    if (!target) return;
    // Once found, only taken back from nowhere: the screen re-rendering (its data arriving) may replace
    // the control or reset the focus to the page; a user who moved on keeps their focus.
    if (found && doc.activeElement !== null && doc.activeElement !== doc.body) return;
    if (!found) target.scrollIntoView({ block: 'center' });
    found = true;
    target.focus();
    forget();
  };
  const observer = new MutationObserver(focusTarget);
  const timer = win.setTimeout(() => {
    forget();
    stop();
  }, WAIT_MS);
  function stop(): void {
    observer.disconnect();
    win.clearTimeout(timer);
    win.removeEventListener('pointerdown', stop, true);
    win.removeEventListener('keydown', stop, true);
  }
  // The user taking over ends the watch (the cleanup of an unmounting shell too, leaving the parameter).
  win.addEventListener('pointerdown', stop, true);
  win.addEventListener('keydown', stop, true);
  observer.observe(doc.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['disabled'],
  });
  focusTarget();
  return stop;
}

/** Runs focusShortcutTarget for each address the shell shows (`href`: the router's location). */
export function useShortcutTarget(href: string): void {
  useEffect(() => focusShortcutTarget(), [href]);
}
