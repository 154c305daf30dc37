import { createRoute } from '@tanstack/react-router';
import { retryImport } from '@/lib/retry-import';
import { publicLayoutRoute } from './public.route';
import { isProfileSlug } from './-profile-params';

interface RegisterSearch {
  /** `?variant=b` picks the username variant; anything else is variant A. */
  variant?: 'b';
  /** `?invite=<slug>`: the profile link the visitor came from; its friend request follows sign-up. */
  invite?: string;
}

export function parseRegisterSearch(search: Record<string, unknown>): RegisterSearch {
  return {
    ...(search.variant === 'b' ? { variant: 'b' as const } : {}),
    ...(typeof search.invite === 'string' && isProfileSlug(search.invite) ? { invite: search.invite } : {}),
  };
}

export const registerRoute = createRoute({
  getParentRoute: () => publicLayoutRoute,
  path: '/register',
  validateSearch: parseRegisterSearch,
  loader: ({ context }) => context.i18n.loadNamespaces(['auth', 'validation']),
}).lazy(() => retryImport(() => import('./register.lazy')).then((module) => module.Route));
