import { MantineProvider } from '@mantine/core';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { colorSchemeManager, DEFAULT_COLOR_SCHEME } from './color-scheme';
import { cssVariablesResolver, theme } from './theme';
import { ToastHost } from './toast-host';

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
