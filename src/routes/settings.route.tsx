import { createRoute } from '@tanstack/react-router';
import { retryImport } from '@/lib/retry-import';
import { appLayoutRoute } from './app.route';

export const settingsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/settings',
  loader: ({ context }) => context.i18n.loadNamespaces('settings'),
}).lazy(() => retryImport(() => import('./settings.lazy')).then((module) => module.Route));
