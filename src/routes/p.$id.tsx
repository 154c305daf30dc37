import { createRoute, notFound } from '@tanstack/react-router';
import { retryImport } from '@/lib/retry-import';
import { publicLayoutRoute } from './_public';
import { isProfileId } from './-profile-params';

export const profileByIdRoute = createRoute({
  getParentRoute: () => publicLayoutRoute,
  path: '/p/$id',
  beforeLoad: ({ params }) => {
    // TanStack Router signals Not Found by throwing its notFound() marker, not an Error.
    if (!isProfileId(params.id)) throw notFound();
  },
  loader: ({ context }) => context.i18n.loadNamespaces('profile'),
}).lazy(() => retryImport(() => import('./p.$id.lazy')).then((module) => module.Route));
