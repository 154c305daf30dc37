import { createRoute } from '@tanstack/react-router';
import { retryImport } from '@/lib/retry-import';
import { appLayoutRoute } from './_app';

export const homeRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/home',
  // The screen's own text, the challenge catalogue, achievements and streak messages, before it renders.
  loader: ({ context }) => context.i18n.loadNamespaces(['home', 'challenges', 'achievements', 'motivation']),
}).lazy(() => retryImport(() => import('./home.lazy')).then((module) => module.Route));
