import { createRoute } from '@tanstack/react-router';
import { retryImport } from '@/lib/retry-import';
import { rootRoute } from './root.route';

// Not under the _public layout: the page picks its frame itself, the app shell for a signed-in member and
// the public header and footer for a visitor (docs/decisions.md, "Public profiles and invitations").
// A malformed slug is no Not Found: the page says 'Invalid profile link' (spec point 8).
export const profileBySlugRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/u/$slug',
  loader: ({ context }) =>
    context.i18n.loadNamespaces(['people', 'profile', 'friends', 'achievements', 'auth', 'shell']),
}).lazy(() => retryImport(() => import('./u-slug.lazy')).then((module) => module.Route));
