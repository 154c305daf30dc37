import { createTheme, MantineThemeProvider } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notificationsStore } from '@mantine/notifications';
import { lazy, Suspense, useMemo, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { TOAST_DEFAULT_MS } from '@/domain/constants';
import classes from './toast-host.module.css';

// The toast host loads when the first toast is queued: nothing toasts before the user acts, and the landing
// page never does, so the notifications component (and its transition library) stays out of its bundle.
// Only the tiny store is imported here; the host renders what was queued before it mounted.
const Notifications = lazy(() =>
  import('@mantine/notifications').then((module) => ({ default: module.Notifications })),
);

/** Wider than this (Mantine's `sm`) the shell has a top header only; narrower, a bottom tab bar too. */
export const WIDE_SCREEN_QUERY = '(min-width: 48em)';

/**
 * Where toasts appear (docs/decisions.md, "Toasts"): top centre on wider screens (the spec's place; the
 * header's bell and avatar are at its right end), bottom centre above the tab bar on phones, where a toast
 * at the top covered the bell and avatar.
 */
export function toastPosition(wide: boolean): 'top-center' | 'bottom-center' {
  return wide ? 'top-center' : 'bottom-center';
}

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
      <Notifications position={toastPosition(wide)} autoClose={TOAST_DEFAULT_MS} className={classes.toasts} />
    </MantineThemeProvider>
  );
}

/** Shows the toasts (src/lib/feedback/toast.ts), once the first one is asked for. */
export function ToastHost() {
  const requested = useSyncExternalStore(subscribeToToasts, hasToastBeenRequested, hasToastBeenRequested);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  );
}
