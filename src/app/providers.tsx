import { MantineProvider } from '@mantine/core';
import { notificationsStore } from '@mantine/notifications';
import type { i18n as I18n } from 'i18next';
import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { colorSchemeManager, DEFAULT_COLOR_SCHEME } from './color-scheme';
import { cssVariablesResolver, theme } from './theme';

// The toast host loads when the first toast is queued: nothing toasts before the user acts, and the landing
// page never does, so the notifications component (and its transition library) stays out of its bundle.
// Only the tiny store is imported here; the host renders what was queued before it mounted.
const Notifications = lazy(() =>
  import('@mantine/notifications').then((module) => ({ default: module.Notifications })),
);

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

function ToastHost() {
  const requested = useSyncExternalStore(subscribeToToasts, hasToastBeenRequested, hasToastBeenRequested);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      {/* Spec: toasts at the top centre, 4 s by default (success and error toasts set their own). */}
      <Notifications position="top-center" autoClose={4000} />
    </Suspense>
  );
}

interface AppProvidersProps {
  i18n: I18n;
  children: ReactNode;
  /** 'test' turns off Mantine's transitions and portals (component tests). */
  env?: 'default' | 'test';
}

/** Theme, colour scheme, toasts and translations for everything below. */
export function AppProviders({ i18n, children, env = 'default' }: AppProvidersProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        colorSchemeManager={colorSchemeManager}
        defaultColorScheme={DEFAULT_COLOR_SCHEME}
        env={env}
      >
        <ToastHost />
        {children}
      </MantineProvider>
    </I18nextProvider>
  );
}
