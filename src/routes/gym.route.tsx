import { createRoute } from '@tanstack/react-router';
import { retryImport } from '@/lib/retry-import';
import { appLayoutRoute } from './app.route';

export const gymRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/gym',
  loader: ({ context }) => context.i18n.loadNamespaces(['gym', 'errors', 'validation']),
}).lazy(() => retryImport(() => import('./gym.lazy')).then((module) => module.Route));
