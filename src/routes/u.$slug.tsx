import { createRoute, notFound } from '@tanstack/react-router';
import { retryImport } from '@/lib/retry-import';
import { publicLayoutRoute } from './_public';
import { isProfileSlug } from './-profile-params';

export const profileBySlugRoute = createRoute({
  getParentRoute: () => publicLayoutRoute,
  path: '/u/$slug',
  beforeLoad: ({ params }) => {
    // TanStack Router signals Not Found by throwing its notFound() marker, not an Error.
    if (!isProfileSlug(params.slug)) throw notFound();
  },
  loader: ({ context }) => context.i18n.loadNamespaces('profile'),
}).lazy(() => retryImport(() => import('./u.$slug.lazy')).then((module) => module.Route));
