import { createTheme, MantineThemeProvider } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notificationsStore } from '@mantine/notifications';
import { lazy, Suspense, useMemo, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { TOAST_DEFAULT_MS } from '@/domain/constants';
import { lastTap, watchTaps, type Tap } from './last-tap';
import classes from './toast-host.module.css';

// The toast host loads when the first toast is queued: nothing toasts before the user acts, and the landing
// page never does, so the notifications component (and its transition library) stays out of its bundle.
// Only the tiny store is imported here; the host renders what was queued before it mounted.
const Notifications = lazy(() =>
  import('@mantine/notifications').then((module) => ({ default: module.Notifications })),
);

/** Wider than this (Mantine's `sm`) the shell has a top header only; narrower, a bottom tab bar too. */
export const WIDE_SCREEN_QUERY = '(min-width: 48em)';

/** How long after a tap a toast still counts as its answer (a write's round trip on a slow network). */
const TAP_ANSWER_MS = 10_000;
/** The band a bottom toast covers, measured up from the viewport's bottom: tab bar (64 px), safe-area
 * margin (16 px) and a two-line toast with its title (about 100 px). */
const BOTTOM_TOAST_BAND_PX = 64 + 16 + 110;

/**
 * Where toasts appear (docs/decisions.md, "Toasts"): top centre on wider screens (the spec's place; the
 * header's bell and avatar are at its right end), bottom centre above the tab bar on phones, where a toast
 * at the top covered the bell and avatar; but at the top on a phone when the control just tapped lies in
 * the bottom toast's band, so that the answer never covers what was tapped.
 */
export function toastPosition(
  wide: boolean,
  tap: Tap | null = null,
  viewportHeight = 0,
  now = Date.now(),
): 'top-center' | 'bottom-center' {
  if (wide) return 'top-center';
  const tappedInBand =
    tap !== null && now - tap.at <= TAP_ANSWER_MS && tap.bottom > viewportHeight - BOTTOM_TOAST_BAND_PX;
  return tappedInBand ? 'top-center' : 'bottom-center';
}

/** The last tap as it stood when the screen went from no toast to one (the tap that toast answers). */
interface ToastOrigin {
  tap: Tap | null;
  viewportHeight: number;
  at: number;
}
let origin: ToastOrigin = { tap: null, viewportHeight: 0, at: 0 };
const originListeners = new Set<() => void>();
let trackingOrigin = false;
/** Records each toast's origin from the first toast on (the host mounts only after that one is queued). */
function trackToastOrigin(): void {
  if (trackingOrigin) return;
  trackingOrigin = true;
  watchTaps();
  let shown = 0;
  const note = (count: number) => {
    if (count > 0 && shown === 0) {
      origin = { tap: lastTap(), viewportHeight: window.innerHeight, at: Date.now() };
      for (const listener of originListeners) listener();
    }
    shown = count;
  };
  note(notificationsStore.getState().notifications.length);
  notificationsStore.subscribe((state) => {
    note(state.notifications.length);
  });
}
function subscribeToOrigin(onChange: () => void): () => void {
  originListeners.add(onChange);
  return () => {
    originListeners.delete(onChange);
  };
}
const currentOrigin = () => origin;

let toastRequested = false;
function subscribeToToasts(onChange: () => void): () => void {
  const unsubscribe = notificationsStore.subscribe(onChange);
  return () => {
    unsubscribe();
  };
}
function hasToastBeenRequested(): boolean {
  const { notifications, queue } = notificationsStore.getState();
  toastRequested ||= notifications.length > 0 || queue.length > 0;
  return toastRequested;
}

function ToastContainer() {
  const { t } = useTranslation('common');
  const wide = useMediaQuery(WIDE_SCREEN_QUERY, false, { getInitialValueInEffect: false });
  // Decided when a toast arrives on an empty screen, so toasts already showing never jump.
  const shownAfter = useSyncExternalStore(subscribeToOrigin, currentOrigin, currentOrigin);
  const position = toastPosition(wide, shownAfter.tap, shownAfter.viewportHeight, shownAfter.at);
  // Error toasts stay until closed (src/lib/feedback/toast.ts): their close button needs a name.
  const closeLabel = t('toast.close');
  const toastTheme = useMemo(
    () =>
      createTheme({
        components: { Notification: { defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } } },
      }),
    [closeLabel],
  );
  return (
    <MantineThemeProvider theme={toastTheme}>
      <Notifications position={position} autoClose={TOAST_DEFAULT_MS} className={classes.toasts} />
    </MantineThemeProvider>
  );
}

/** Shows the toasts (src/lib/feedback/toast.ts), once the first one is asked for. */
export function ToastHost() {
  trackToastOrigin();
  const requested = useSyncExternalStore(subscribeToToasts, hasToastBeenRequested, hasToastBeenRequested);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  );
}
