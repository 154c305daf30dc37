import { createRoute } from '@tanstack/react-router';
import { retryImport } from '@/lib/retry-import';
import { publicLayoutRoute } from './public.route';

export const termsRoute = createRoute({
  getParentRoute: () => publicLayoutRoute,
  path: '/terms',
  loader: ({ context }) => context.i18n.loadNamespaces('legal'),
}).lazy(() => retryImport(() => import('./terms.lazy')).then((module) => module.Route));
