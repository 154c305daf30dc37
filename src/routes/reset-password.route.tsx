import { createRoute } from '@tanstack/react-router';
import { retryImport } from '@/lib/retry-import';
import { publicLayoutRoute } from './public.route';

export const resetPasswordRoute = createRoute({
  getParentRoute: () => publicLayoutRoute,
  path: '/reset-password',
  loader: ({ context }) => context.i18n.loadNamespaces(['auth', 'validation']),
}).lazy(() => retryImport(() => import('./reset-password.lazy')).then((module) => module.Route));
