import { createRoute } from '@tanstack/react-router';
import { retryImport } from '@/lib/retry-import';
import { publicLayoutRoute } from './_public';

interface RegisterSearch {
  /** `?variant=b` picks the username variant; anything else is variant A. */
  variant?: 'b';
}

export const registerRoute = createRoute({
  getParentRoute: () => publicLayoutRoute,
  path: '/register',
  validateSearch: (search: Record<string, unknown>): RegisterSearch =>
    search.variant === 'b' ? { variant: 'b' } : {},
  loader: ({ context }) => context.i18n.loadNamespaces(['auth', 'validation']),
}).lazy(() => retryImport(() => import('./register.lazy')).then((module) => module.Route));
