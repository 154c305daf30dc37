import { RouterProvider } from '@tanstack/react-router';
import type { i18n as I18n } from 'i18next';
import { AppErrorBoundary } from './app-error-boundary';
import { AppProviders } from './providers';
import type { AppRouter } from './router';

interface AppProps {
  i18n: I18n;
  router: AppRouter;
}

export function App({ i18n, router }: AppProps) {
  return (
    <AppErrorBoundary i18n={i18n}>
      <AppProviders i18n={i18n}>
        <RouterProvider router={router} />
      </AppProviders>
    </AppErrorBoundary>
  );
}
