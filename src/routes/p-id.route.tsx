import { createRoute } from '@tanstack/react-router';
import { retryImport } from '@/lib/retry-import';
import { rootRoute } from './root.route';

// Like /u/$slug (see there): its own frame, and a malformed id shows 'Invalid profile link'.
export const profileByIdRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/p/$id',
  loader: ({ context }) =>
    context.i18n.loadNamespaces(['people', 'profile', 'friends', 'achievements', 'auth', 'shell']),
}).lazy(() => retryImport(() => import('./p-id.lazy')).then((module) => module.Route));
