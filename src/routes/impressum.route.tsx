import { createRoute } from '@tanstack/react-router';
import { retryImport } from '@/lib/retry-import';
import { publicLayoutRoute } from './public.route';

export const impressumRoute = createRoute({
  getParentRoute: () => publicLayoutRoute,
  path: '/impressum',
  loader: ({ context }) => context.i18n.loadNamespaces('legal'),
}).lazy(() => retryImport(() => import('./impressum.lazy')).then((module) => module.Route));
