import { createRoute } from '@tanstack/react-router';
import { retryImport } from '@/lib/retry-import';
import { publicLayoutRoute } from './_public';

export const landingRoute = createRoute({
  getParentRoute: () => publicLayoutRoute,
  path: '/',
  loader: ({ context }) => context.i18n.loadNamespaces('landing'),
}).lazy(() => retryImport(() => import('./index.lazy')).then((module) => module.Route));
