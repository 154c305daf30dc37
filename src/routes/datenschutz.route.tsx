import { createRoute } from '@tanstack/react-router';
import { retryImport } from '@/lib/retry-import';
import { publicLayoutRoute } from './public.route';

export const privacyRoute = createRoute({
  getParentRoute: () => publicLayoutRoute,
  path: '/datenschutz',
  loader: ({ context }) => context.i18n.loadNamespaces('legal'),
}).lazy(() => retryImport(() => import('./datenschutz.lazy')).then((module) => module.Route));
