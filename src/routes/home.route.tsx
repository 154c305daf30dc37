import { createRoute } from '@tanstack/react-router';
import { partNamespace } from '@/lib/i18n/locale-parts';
import { retryImport } from '@/lib/retry-import';
import { appLayoutRoute } from './app.route';

export const homeRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/home',
  // The screen's own text, the challenge card's and achievements, before it renders. Today's challenge entry
  // and the streak line's messages are parts (src/lib/i18n/locale-parts.ts) their components load.
  loader: ({ context }) =>
    context.i18n.loadNamespaces(['home', partNamespace('challenges', 'card'), 'achievements', 'leaderboard']),
}).lazy(() => retryImport(() => import('./home.lazy')).then((module) => module.Route));
