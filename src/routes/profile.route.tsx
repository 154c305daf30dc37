import { createRoute } from '@tanstack/react-router';
import { retryImport } from '@/lib/retry-import';
import { appLayoutRoute } from './app.route';

/** `?addFriend=1` opens the add-friend dialog (spec point 2); anything else is dropped. */
export interface ProfileSearch {
  addFriend?: 1;
}

export function parseProfileSearch(search: Record<string, unknown>): ProfileSearch {
  return search.addFriend === 1 || search.addFriend === '1' ? { addFriend: 1 } : {};
}

export const profileRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/profile',
  validateSearch: parseProfileSearch,
  loader: ({ context }) => context.i18n.loadNamespaces(['profile', 'friends', 'leaderboard']),
}).lazy(() => retryImport(() => import('./profile.lazy')).then((module) => module.Route));
