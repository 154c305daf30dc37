import { MantineProvider } from '@mantine/core';
import type { i18n as I18n } from 'i18next';
import { lazy, Suspense, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { colorSchemeManager, DEFAULT_COLOR_SCHEME } from './color-scheme';
import { cssVariablesResolver, theme } from './theme';

// The toast host loads after the first paint: nothing toasts before the user acts, and it keeps the
// notifications package (and its transition library) out of the landing bundle.
const Notifications = lazy(() =>
  import('@mantine/notifications').then((module) => ({ default: module.Notifications })),
);

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
        {/* Spec: toasts at the top centre, 4 s by default (success and error toasts set their own). */}
        <Suspense fallback={null}>
          <Notifications position="top-center" autoClose={4000} />
        </Suspense>
        {children}
      </MantineProvider>
    </I18nextProvider>
  );
}
