import { createRoute } from '@tanstack/react-router';
import { retryImport } from '@/lib/retry-import';
import { publicLayoutRoute } from './public.route';

export const loginRoute = createRoute({
  getParentRoute: () => publicLayoutRoute,
  path: '/login',
  loader: ({ context }) => context.i18n.loadNamespaces(['auth', 'validation']),
}).lazy(() => retryImport(() => import('./login.lazy')).then((module) => module.Route));
