import { createRoute } from '@tanstack/react-router';
import { retryImport } from '@/lib/retry-import';
import { appLayoutRoute } from './_app';

export const homeRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/home',
}).lazy(() => retryImport(() => import('./home.lazy')).then((module) => module.Route));
