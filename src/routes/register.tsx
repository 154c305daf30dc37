import { createRoute } from '@tanstack/react-router';
import { retryImport } from '@/lib/retry-import';
import { publicLayoutRoute } from './_public';

export const registerRoute = createRoute({
  getParentRoute: () => publicLayoutRoute,
  path: '/register',
  loader: ({ context }) => context.i18n.loadNamespaces('auth'),
}).lazy(() => retryImport(() => import('./register.lazy')).then((module) => module.Route));
