import { createRoute } from '@tanstack/react-router';
import { retryImport } from '@/lib/retry-import';
import { rootRoute } from './root.route';

/**
 * Pathless layout of the protected routes. Its lazy component (with the auth client) is the session guard;
 * the signed-in shell (sidebar, headers, tab bar) goes inside it.
 */
export const appLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: '_app',
  loader: ({ context }) => context.i18n.loadNamespaces(['auth', 'shell', 'sync']),
}).lazy(() => retryImport(() => import('./app.lazy')).then((module) => module.Route));
